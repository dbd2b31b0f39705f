import { useState, type FormEvent } from 'react';
import { KeyRound, Loader2 } from 'lucide-react';
import {
  API_KEY_NAME_MAX_LENGTH,
  type ApiKeyScope,
  type CreateApiKeyBody,
  type CreatedApiKey,
} from '@codewright/contract';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { FormNote } from '../../../components/settings-card.tsx';
import { useNotedAction } from '../../../hooks/use-noted-action.ts';
import { SCOPE_LABELS } from './api-key-texts.ts';

/** The lifetimes offered; the server takes any whole number of days up to API_KEY_MAX_DAYS. */
const EXPIRY_DAYS = [30, 90, 365] as const;
const selectClasses =
  'h-10 w-full rounded-lg border border-border-strong bg-bg px-3 text-sm text-fg disabled:opacity-60';

/** "Create key": a name, a scope and a lifetime; the key made goes to `onCreated`, shown once. */
export function CreateKeyForm({
  create,
  onCreated,
}: {
  create: (body: Omit<CreateApiKeyBody, 'workspaceId'>) => Promise<CreatedApiKey>;
  onCreated: (created: CreatedApiKey) => void;
}) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const [days, setDays] = useState<number>(90);
  const { busy, note, run } = useNotedAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !name.trim()) return;
    await run(async () => {
      const created = await create({ name: name.trim(), scope, expiresInDays: days });
      setName('');
      onCreated(created);
      return null;
    });
  };

  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Create an API key" className="mt-6">
      <h4 className="text-sm font-semibold text-fg">Create a key</h4>
      <div className="mt-3 grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-end">
        <TextField
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="e.g. GitHub Actions"
          maxLength={API_KEY_NAME_MAX_LENGTH}
          autoComplete="off"
          disabled={busy}
        />
        <label className="flex flex-col gap-1.5 text-sm font-medium text-fg">
          Scope
          <select
            value={scope}
            onChange={(e) => setScope(e.target.value as ApiKeyScope)}
            disabled={busy}
            className={selectClasses}
          >
            <option value="read">{SCOPE_LABELS.read}</option>
            <option value="write">{SCOPE_LABELS.write}</option>
          </select>
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-medium text-fg">
          Expires after
          <select
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
            disabled={busy}
            className={selectClasses}
          >
            {EXPIRY_DAYS.map((d) => (
              <option key={d} value={d}>
                {d} days
              </option>
            ))}
          </select>
        </label>
      </div>
      <Button type="submit" className="mt-4" disabled={busy || !name.trim()}>
        {busy ? (
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        ) : (
          <KeyRound className="size-4" aria-hidden="true" />
        )}
        {busy ? 'Creating…' : 'Create key'}
      </Button>
      {note ? <FormNote tone={note.tone}>{note.text}</FormNote> : null}
    </form>
  );
}
