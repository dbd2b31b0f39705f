import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import type { ApiKey } from '@codewright/sdk';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormNote } from '../../../components/settings-card.tsx';
import { formatProjectDate, formatProjectDateFull } from '../../../components/format-date.ts';
import { useNotedAction } from '../../../hooks/use-noted-action.ts';
import { SCOPE_LABELS } from './api-key-texts.ts';

function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatProjectDateFull(iso)}>
      {formatProjectDate(iso)}
    </time>
  );
}

/** The live keys, by name and start (never the secret), each with Revoke behind a confirmation. */
export function ApiKeyList({
  keys,
  revoke,
  onRevoked,
}: {
  keys: ApiKey[];
  revoke: (keyId: string) => Promise<void>;
  /** After a key is revoked (its row, which held focus, is gone). */
  onRevoked: () => void;
}) {
  const [asking, setAsking] = useState<ApiKey | null>(null);
  const { busy, note, run } = useNotedAction();

  const confirm = async () => {
    if (!asking) return;
    const key = asking;
    const outcome = await run(async () => {
      await revoke(key.id);
      return `The key “${key.name}” is revoked: it no longer works.`;
    });
    // A failure is shown under the list, and focus goes back to the key's Revoke button.
    setAsking(null);
    if (outcome.ok) onRevoked();
  };

  return (
    <div>
      {keys.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border-strong px-4 py-5 text-sm text-muted">
          No API keys yet. Create one below to script Codewright from CI or your own tools.
        </p>
      ) : (
        <ul
          className="divide-y divide-border rounded-xl border border-border"
          aria-label="API keys"
        >
          {keys.map((key) => (
            <li
              key={key.id}
              className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:justify-between sm:p-4"
            >
              <div className="flex min-w-0 items-start gap-3">
                <KeyRound className="mt-0.5 size-5 shrink-0 text-subtle" aria-hidden="true" />
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-fg">
                    <span className="min-w-0 break-words">{key.name}</span>
                    <Badge tone={key.scope === 'write' ? 'warning' : 'neutral'}>
                      {SCOPE_LABELS[key.scope]}
                    </Badge>
                  </p>
                  <p className="mt-0.5 font-mono text-xs text-muted">{key.start}…</p>
                  <p className="mt-0.5 text-xs text-muted">
                    Created <When iso={key.createdAt} /> · expires <When iso={key.expiresAt} /> ·{' '}
                    {key.lastUsedAt ? (
                      <>
                        last used <When iso={key.lastUsedAt} />
                      </>
                    ) : (
                      'Never used'
                    )}
                  </p>
                </div>
              </div>
              <Button
                variant="outline"
                size="sm"
                className="self-start sm:self-auto"
                disabled={busy}
                onClick={() => setAsking(key)}
                aria-label={`Revoke ${key.name} (${key.start}…)`}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      {note ? <FormNote tone={note.tone}>{note.text}</FormNote> : null}
      <ConfirmDialog
        open={asking !== null}
        title="Revoke this API key?"
        description={
          asking
            ? `“${asking.name}” (${asking.start}…) stops working at once: anything that uses it is refused from its next request. This cannot be undone.`
            : undefined
        }
        confirmLabel="Revoke key"
        busyLabel="Revoking…"
        tone="danger"
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
