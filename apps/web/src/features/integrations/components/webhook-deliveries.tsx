import { Loader2, RefreshCw, Send } from 'lucide-react';
import type { WebhookDelivery } from '@codewright/sdk';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { FormNote } from '../../../components/settings-card.tsx';
import { formatProjectDateFull } from '../../../components/format-date.ts';
import { useNotedAction } from '../../../hooks/use-noted-action.ts';
import { useWebhookDeliveries } from '../hooks/use-webhook-deliveries.ts';
import { EVENT_LABELS, STATUS_BADGES } from './webhook-texts.ts';

const attemptsText = (n: number) => (n === 1 ? '1 attempt' : `${n} attempts`);

function DeliveryRow({
  delivery,
  busy,
  sending,
  onResend,
}: {
  delivery: WebhookDelivery;
  busy: boolean;
  sending: boolean;
  onResend: () => void;
}) {
  const status = STATUS_BADGES[delivery.status];
  const at = delivery.lastAttemptAt ?? delivery.createdAt;
  return (
    <li className="flex flex-col gap-2 px-3 py-2.5 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-fg">{EVENT_LABELS[delivery.event]}</span>
          <Badge tone={status.tone}>{status.label}</Badge>
          {delivery.responseStatus !== null ? (
            <span className="font-mono text-xs text-muted">HTTP {delivery.responseStatus}</span>
          ) : null}
        </p>
        <p className="mt-0.5 text-xs text-muted">
          {attemptsText(delivery.attempts)} · <time dateTime={at}>{formatProjectDateFull(at)}</time>
          {delivery.durationMs !== null ? ` · ${delivery.durationMs} ms` : null}
        </p>
        {delivery.error ? (
          <p className="mt-0.5 text-xs break-words text-red-300">{delivery.error}</p>
        ) : null}
      </div>
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        disabled={busy}
        onClick={onResend}
        aria-label={`Send again: ${EVENT_LABELS[delivery.event]}, ${status.label.toLowerCase()}, ${formatProjectDateFull(delivery.createdAt)}`}
      >
        {sending ? (
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        ) : (
          <Send className="size-4" aria-hidden="true" />
        )}
        Send again
      </Button>
    </li>
  );
}

/** A webhook's delivery log, newest first: how each try went, with Send again and Refresh. */
export function WebhookDeliveries({ webhookId, id }: { webhookId: string; id: string }) {
  const { state, retry, refresh, resend } = useWebhookDeliveries(webhookId);
  const { busy, running, note, run } = useNotedAction();

  return (
    <div id={id} className="mt-3 rounded-lg border border-border bg-bg/40 p-3">
      <div className="flex items-center justify-between gap-2">
        <h5 className="text-sm font-semibold text-fg">Recent deliveries</h5>
        <Button
          variant="ghost"
          size="sm"
          disabled={busy || state.status === 'loading'}
          onClick={() => void run(async () => (await refresh(), null), 'refresh')}
        >
          <RefreshCw
            className={running === 'refresh' ? 'size-4 animate-spin' : 'size-4'}
            aria-hidden="true"
          />
          Refresh
        </Button>
      </div>
      {state.status === 'loading' ? (
        <Skeleton className="mt-2 h-12 w-full" />
      ) : state.status === 'error' ? (
        <LoadFailure className="mt-2" message={state.message} onRetry={retry} />
      ) : state.deliveries.length === 0 ? (
        <p className="mt-2 text-sm text-muted">
          No deliveries yet. One is logged each time an event it asks for happens.
        </p>
      ) : (
        <ul
          className="mt-2 divide-y divide-border rounded-lg border border-border"
          aria-label="Deliveries"
        >
          {state.deliveries.map((delivery) => (
            <DeliveryRow
              key={delivery.id}
              delivery={delivery}
              busy={busy}
              sending={running === delivery.id}
              onResend={() =>
                void run(async () => {
                  await resend(delivery.id);
                  return 'Sent again: the new delivery is listed first.';
                }, delivery.id)
              }
            />
          ))}
        </ul>
      )}
      {note ? <FormNote tone={note.tone}>{note.text}</FormNote> : null}
    </div>
  );
}
