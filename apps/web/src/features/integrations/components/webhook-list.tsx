import { useState } from 'react';
import { ChevronDown, Webhook as WebhookIcon } from 'lucide-react';
import { WEBHOOK_ROTATION_GRACE_HOURS } from '@codewright/contract';
import type { Webhook, WebhookWithSecret } from '@codewright/sdk';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormNote } from '../../../components/settings-card.tsx';
import { formatProjectDate, formatProjectDateFull } from '../../../components/format-date.ts';
import { useNotedAction } from '../../../hooks/use-noted-action.ts';
import { WebhookDeliveries } from './webhook-deliveries.tsx';
import { EVENT_LABELS } from './webhook-texts.ts';

type Asking = { what: 'rotate' | 'remove'; webhook: Webhook };

function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatProjectDateFull(iso)}>
      {formatProjectDate(iso)}
    </time>
  );
}

/**
 * The workspace's webhooks by URL and events, each with its delivery log (opened in place),
 * Rotate secret and Delete, both behind a confirmation.
 */
export function WebhookList({
  webhooks,
  rotate,
  remove,
  onRotated,
  onRemoved,
}: {
  webhooks: Webhook[];
  rotate: (webhookId: string) => Promise<WebhookWithSecret>;
  remove: (webhookId: string) => Promise<void>;
  /** The new secret, to show once. */
  onRotated: (rotated: WebhookWithSecret) => void;
  /** After a webhook is deleted (its row, which held focus, is gone). */
  onRemoved: () => void;
}) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [asking, setAsking] = useState<Asking | null>(null);
  const { busy, note, run } = useNotedAction();

  const toggle = (id: string) =>
    setOpen((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const confirm = async () => {
    if (!asking) return;
    const { what, webhook } = asking;
    const answer: { rotated?: WebhookWithSecret } = {};
    const outcome = await run(async () => {
      if (what === 'rotate') {
        answer.rotated = await rotate(webhook.id);
        return null;
      }
      await remove(webhook.id);
      return `The webhook to ${webhook.url} is deleted, with its delivery log.`;
    });
    // A failure is shown under the list, and focus goes back to the button that asked.
    setAsking(null);
    if (answer.rotated) onRotated(answer.rotated);
    else if (outcome.ok) onRemoved();
  };

  return (
    <div>
      {webhooks.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border-strong px-4 py-5 text-sm text-muted">
          No webhooks yet. Add one below to tell your own service when projects or members change.
        </p>
      ) : (
        <ul
          className="divide-y divide-border rounded-xl border border-border"
          aria-label="Webhooks"
        >
          {webhooks.map((webhook) => {
            const expanded = open.has(webhook.id);
            const logId = `webhook-log-${webhook.id}`;
            return (
              <li key={webhook.id} className="p-3 sm:p-4">
                <div className="flex min-w-0 items-start gap-3">
                  <WebhookIcon className="mt-0.5 size-5 shrink-0 text-subtle" aria-hidden="true" />
                  <div className="min-w-0 flex-1">
                    <p className="font-mono text-sm break-all text-fg">{webhook.url}</p>
                    <p className="mt-1.5 flex flex-wrap gap-1.5" aria-label="Events">
                      {webhook.events.map((event) => (
                        <Badge key={event}>{EVENT_LABELS[event]}</Badge>
                      ))}
                    </p>
                    <p className="mt-1.5 text-xs text-muted">
                      Added <When iso={webhook.createdAt} />
                      {webhook.previousSecretUntil ? (
                        <>
                          {' '}
                          · secret rotated; the previous one also signs until{' '}
                          <time dateTime={webhook.previousSecretUntil}>
                            {formatProjectDateFull(webhook.previousSecretUntil)}
                          </time>
                        </>
                      ) : null}
                    </p>
                  </div>
                </div>
                <div className="mt-3 flex flex-wrap gap-2 sm:pl-8">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-expanded={expanded}
                    aria-controls={expanded ? logId : undefined}
                    onClick={() => toggle(webhook.id)}
                  >
                    <ChevronDown
                      className={expanded ? 'size-4 rotate-180' : 'size-4'}
                      aria-hidden="true"
                    />
                    Deliveries
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={busy}
                    onClick={() => setAsking({ what: 'rotate', webhook })}
                  >
                    Rotate secret
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={busy}
                    onClick={() => setAsking({ what: 'remove', webhook })}
                    aria-label={`Delete the webhook to ${webhook.url}`}
                  >
                    Delete
                  </Button>
                </div>
                {expanded ? (
                  <div className="sm:pl-8">
                    <WebhookDeliveries webhookId={webhook.id} id={logId} />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {note ? <FormNote tone={note.tone}>{note.text}</FormNote> : null}
      <ConfirmDialog
        open={asking?.what === 'rotate'}
        title="Rotate the signing secret?"
        description={
          asking
            ? `Deliveries to ${asking.webhook.url} are signed with a new secret from now on, shown once. The current secret also keeps working for ${WEBHOOK_ROTATION_GRACE_HOURS} hours, while you update your receiver.`
            : undefined
        }
        confirmLabel="Rotate secret"
        busyLabel="Rotating…"
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking?.what === 'remove'}
        title="Delete this webhook?"
        description={
          asking
            ? `Nothing more is sent to ${asking.webhook.url}, and its delivery log goes with it. This cannot be undone.`
            : undefined
        }
        confirmLabel="Delete webhook"
        busyLabel="Deleting…"
        tone="danger"
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
