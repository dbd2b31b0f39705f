import { OWNER_ROLE } from '@codewright/contract';
import type { User, WorkspaceMembers } from '@codewright/sdk';
import { Badge } from '../../../components/ui/badge.tsx';
import { FormNote } from '../../../components/settings-card.tsx';
import { useNotedAction } from '../../../hooks/use-noted-action.ts';
import { client } from '../../../sdk.ts';
import { RowButton } from './row-button.tsx';

// `m.role` below is a fact about that row (the one owner is neither changed, removed nor leaves),
// not a permission of the signed-in user; that one is `can('update', 'member', workspace)`.
/** Members with their roles; the owner changes roles and removes, a member may leave. */
export function MembersList({
  data,
  user,
  onChanged,
  onLeft,
}: {
  data: WorkspaceMembers;
  user: User;
  onChanged: () => void;
  onLeft: () => void;
}) {
  const { workspace } = data;
  const manage = client.workspaces.can('update', 'member', workspace);
  const { busy, running, note, run: runNoted } = useNotedAction();
  const run = (key: string, action: () => Promise<void>, after: () => void) =>
    runNoted(async () => {
      await action();
      after();
      return null;
    }, key);
  /** Removes `userId` from the workspace (another member, or the user leaving), then `after`. */
  const remove = (userId: string, key: string, after: () => void) => () =>
    void run(key, () => client.workspaces.removeMember(workspace.id, userId), after);

  return (
    <div>
      <ul className="divide-y divide-border" aria-label="Members">
        {data.members.map((m) => {
          const self = m.userId === user.id;
          return (
            <li
              key={m.userId}
              className="flex flex-wrap items-center gap-3 py-3"
              data-member={m.email}
            >
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-fg">
                  {m.displayName || m.email}
                  {self ? <span className="text-muted"> (you)</span> : null}
                </p>
                {m.displayName ? <p className="truncate text-xs text-muted">{m.email}</p> : null}
              </div>
              {manage && m.role !== OWNER_ROLE ? (
                <>
                  <select
                    aria-label={`Role of ${m.email}`}
                    value={m.role}
                    disabled={busy}
                    onChange={(e) =>
                      void run(
                        `role:${m.userId}`,
                        () =>
                          client.workspaces.changeRole(
                            workspace.id,
                            m.userId,
                            e.target.value as 'editor' | 'viewer',
                          ),
                        onChanged,
                      )
                    }
                    className="h-8 rounded-lg border border-border-strong bg-surface px-2 text-sm text-fg"
                  >
                    <option value="editor">Editor</option>
                    <option value="viewer">Viewer</option>
                  </select>
                  <RowButton
                    label="Remove"
                    busy={busy}
                    spinning={running === `remove:${m.userId}`}
                    onClick={remove(m.userId, `remove:${m.userId}`, onChanged)}
                  />
                </>
              ) : (
                <Badge tone={m.role === OWNER_ROLE ? 'accent' : 'neutral'}>{m.role}</Badge>
              )}
              {self && m.role !== OWNER_ROLE ? (
                <RowButton
                  label="Leave workspace"
                  busy={busy}
                  onClick={remove(user.id, 'leave', onLeft)}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
      {note ? <FormNote tone={note.tone}>{note.text}</FormNote> : null}
    </div>
  );
}
