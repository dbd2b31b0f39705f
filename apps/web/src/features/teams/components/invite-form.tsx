import { useState, type FormEvent } from 'react';
import { Loader2, Send } from 'lucide-react';
import type { PlanName } from '@codewright/contract';
import { isCodewrightError } from '@codewright/sdk';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { FormNote } from '../../../components/settings-card.tsx';
import { useNotedAction } from '../../../hooks/use-noted-action.ts';
import { client } from '../../../sdk.ts';
import { MemberLimitDialog } from './member-limit-dialog.tsx';

/**
 * Invite by email as editor or viewer; the plan's member limit (402) opens the SPEC §2.13
 * upgrade dialog (docs/decisions/026).
 */
export function InviteForm({
  workspaceId,
  plan,
  onInvited,
}: {
  workspaceId: string;
  /** The workspace's plan (its owner's), for the member-limit dialog. */
  plan: PlanName;
  onInvited: () => void;
}) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'editor' | 'viewer'>('editor');
  const { busy, note, run } = useNotedAction();
  const [limitOpen, setLimitOpen] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !email.trim()) return;
    const outcome = await run(async () => {
      const sent = await client.workspaces.invite(workspaceId, { email: email.trim(), role });
      setEmail('');
      onInvited();
      return `Invitation sent to ${sent.email}.`;
    });
    if (!outcome.ok && isCodewrightError(outcome.error)) {
      if (outcome.error.code === 'MEMBER_LIMIT_REACHED') setLimitOpen(true);
    }
  };

  return (
    <>
      <form onSubmit={(e) => void submit(e)} aria-label="Invite a member">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <TextField
            label="Email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="teammate@example.com"
            autoComplete="off"
            disabled={busy}
            className="sm:min-w-64"
          />
          <label className="flex flex-col gap-1.5 text-sm font-medium text-fg">
            Role
            <select
              value={role}
              onChange={(e) => setRole(e.target.value as 'editor' | 'viewer')}
              disabled={busy}
              className="h-10 rounded-lg border border-border-strong bg-surface px-3 text-sm text-fg"
            >
              <option value="editor">Editor</option>
              <option value="viewer">Viewer</option>
            </select>
          </label>
          <Button type="submit" disabled={busy || !email.trim()}>
            {busy ? (
              <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            ) : (
              <Send className="size-4" aria-hidden="true" />
            )}
            Send invitation
          </Button>
        </div>
        {note ? <FormNote tone={note.tone}>{note.text}</FormNote> : null}
      </form>
      <MemberLimitDialog open={limitOpen} onClose={() => setLimitOpen(false)} plan={plan} />
    </>
  );
}
