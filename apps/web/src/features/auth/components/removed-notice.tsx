import type { AccountTakeoverRemoved } from '@codewright/contract';

/** The list a takeover removed, shown once (the same list is mailed). */
export function RemovedNotice({ removed }: { removed: AccountTakeoverRemoved }) {
  const none = !removed.members.length && !removed.invitations.length && !removed.shareLinks;
  return (
    <div className="mt-4 rounded-lg border border-border-strong p-4 text-sm leading-relaxed text-fg">
      <p className="font-medium">What the earlier registrant had set up was removed:</p>
      {none ? (
        <p className="mt-1 text-muted">Nothing besides their sessions and password.</p>
      ) : (
        <ul className="mt-1 list-disc space-y-1 pl-5 break-words text-muted">
          {removed.members.length > 0 && (
            <li>Members removed from your workspace: {removed.members.join(', ')}</li>
          )}
          {removed.invitations.length > 0 && (
            <li>Invitations revoked: {removed.invitations.join(', ')}</li>
          )}
          {removed.shareLinks > 0 && (
            <li>
              Share links replaced: {removed.shareLinks} (the old links no longer open anything)
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
