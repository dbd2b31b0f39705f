import type { Invitation, WorkspaceMembers } from '@codewright/sdk';
import { FormNote } from '../../../components/settings-card.tsx';
import { useNotedAction } from '../../../hooks/use-noted-action.ts';
import { formatProjectDate } from '../../../components/format-date.ts';
import { client } from '../../../sdk.ts';
import { RowButton } from './row-button.tsx';

/** Open invitations, each with Resend (a new link) and Revoke. */
export function InvitationsList({
  data,
  onChanged,
}: {
  data: WorkspaceMembers;
  onChanged: () => void;
}) {
  const { busy, note, run: runNoted } = useNotedAction();
  if (data.invitations.length === 0)
    return <p className="text-sm text-muted">No open invitations.</p>;

  const run = (key: string, action: () => Promise<unknown>, ok: string) =>
    runNoted(async () => {
      await action();
      onChanged();
      return ok;
    }, key);
  const wsId = data.workspace.id;
  const actionsOf = (inv: Invitation) =>
    [
      {
        key: `resend:${inv.id}`,
        label: 'Resend',
        variant: 'outline',
        call: () => client.workspaces.resendInvitation(wsId, inv.id),
        ok: `A new link was sent to ${inv.email}.`,
      },
      {
        key: `revoke:${inv.id}`,
        label: 'Revoke',
        variant: 'ghost',
        call: () => client.workspaces.revokeInvitation(wsId, inv.id),
        ok: `The invitation to ${inv.email} was revoked.`,
      },
    ] as const;
  return (
    <div>
      <ul className="divide-y divide-border" aria-label="Open invitations">
        {data.invitations.map((inv) => (
          <li
            key={inv.id}
            className="flex flex-wrap items-center gap-3 py-3"
            data-invitation={inv.email}
          >
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-fg">{inv.email}</p>
              <p className="text-xs text-muted">
                {inv.role} · expires {formatProjectDate(inv.expiresAt)}
              </p>
            </div>
            {actionsOf(inv).map((action) => (
              <RowButton
                key={action.key}
                label={action.label}
                variant={action.variant}
                busy={busy}
                onClick={() => void run(action.key, action.call, action.ok)}
              />
            ))}
          </li>
        ))}
      </ul>
      {note ? <FormNote tone={note.tone}>{note.text}</FormNote> : null}
    </div>
  );
}
