import { useId, useState, type FormEvent } from 'react';
import { Loader2, Webhook as WebhookIcon } from 'lucide-react';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX_LENGTH,
  type CreateWebhookBody,
  type WebhookEvent,
  type WebhookWithSecret,
} from '@codewright/contract';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { FormNote } from '../../../components/settings-card.tsx';
import { useNotedAction } from '../../../hooks/use-noted-action.ts';
import { EVENT_LABELS } from './webhook-texts.ts';

/** "Add webhook": a URL and the events it wants; the webhook made goes to `onCreated`. */
export function CreateWebhookForm({
  create,
  onCreated,
}: {
  create: (body: Omit<CreateWebhookBody, 'workspaceId'>) => Promise<WebhookWithSecret>;
  onCreated: (created: WebhookWithSecret) => void;
}) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const { busy, note, run } = useNotedAction();
  const legendId = useId();
  const ready = url.trim() !== '' && events.length > 0;

  const toggle = (event: WebhookEvent, on: boolean) =>
    setEvents((now) =>
      on
        ? WEBHOOK_EVENTS.filter((e) => e === event || now.includes(e))
        : now.filter((e) => e !== event),
    );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !ready) return;
    await run(async () => {
      const created = await create({ url: url.trim(), events });
      setUrl('');
      setEvents([]);
      onCreated(created);
      return null;
    });
  };

  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Add a webhook" className="mt-6">
      <h4 className="text-sm font-semibold text-fg">Add a webhook</h4>
      <div className="mt-3">
        <TextField
          label="Endpoint URL"
          type="url"
          inputMode="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://example.com/hooks/codewright"
          maxLength={WEBHOOK_URL_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          disabled={busy}
        />
      </div>
      <fieldset className="mt-4" aria-labelledby={legendId} disabled={busy}>
        <legend id={legendId} className="text-sm font-medium text-fg">
          Events
        </legend>
        <div className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((event) => (
            <label
              key={event}
              className="flex min-h-10 cursor-pointer items-center gap-2.5 text-sm text-fg"
            >
              <input
                type="checkbox"
                className="size-4 accent-accent"
                checked={events.includes(event)}
                onChange={(e) => toggle(event, e.target.checked)}
              />
              <span>{EVENT_LABELS[event]}</span>
              <code className="font-mono text-xs text-subtle" aria-hidden="true">
                {event}
              </code>
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" className="mt-4" disabled={busy || !ready}>
        {busy ? (
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        ) : (
          <WebhookIcon className="size-4" aria-hidden="true" />
        )}
        {busy ? 'Adding…' : 'Add webhook'}
      </Button>
      {note ? <FormNote tone={note.tone}>{note.text}</FormNote> : null}
    </form>
  );
}
