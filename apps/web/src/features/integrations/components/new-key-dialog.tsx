import { useId, useRef, useState } from 'react';
import { AlertTriangle } from 'lucide-react';
import type { CreatedApiKey } from '@codewright/sdk';
import { Button } from '../../../components/ui/button.tsx';
import { CopyIcon } from '../../../components/ui/copy-icon.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormNote } from '../../../components/settings-card.tsx';
import { useClipboardCopy } from '../../../hooks/use-clipboard-copy.ts';
import { SCOPE_LABELS } from './api-key-texts.ts';

/**
 * The key just made, in full, this one time: the server keeps only its hash, so closing the
 * dialog loses it. Focus starts on Copy.
 */
export function NewKeyDialog({
  created,
  onClose,
}: {
  created: CreatedApiKey | null;
  onClose: () => void;
}) {
  const copyRef = useRef<HTMLButtonElement>(null);
  const fieldId = useId();
  const { copied, copy } = useClipboardCopy();
  const [refused, setRefused] = useState(false);
  const { key, apiKey } = created ?? { key: '', apiKey: null };

  const copyKey = async () => setRefused(!(await copy(key)));

  return (
    <Dialog
      open={created !== null}
      onClose={onClose}
      initialFocusRef={copyRef}
      title="Your new API key"
      description={
        apiKey
          ? `“${apiKey.name}” · ${SCOPE_LABELS[apiKey.scope]}. Send it as Authorization: Bearer <key>.`
          : undefined
      }
    >
      <p className="flex items-start gap-2.5 rounded-xl border border-amber-400/25 bg-amber-400/[0.07] px-3.5 py-3 text-sm text-amber-100">
        <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-300" aria-hidden="true" />
        <span>
          Copy it now and keep it somewhere safe, such as your CI&apos;s secrets. It will not be
          shown again: if you lose it, revoke it and create a new one.
        </span>
      </p>
      <label htmlFor={fieldId} className="mt-5 block text-sm font-medium text-fg">
        API key
      </label>
      {/* A textarea, so a phone shows the whole key over two lines; focusing it selects it. */}
      <textarea
        id={fieldId}
        readOnly
        rows={2}
        value={key}
        onFocus={(e) => e.currentTarget.select()}
        spellCheck={false}
        className="mt-1.5 field-sizing-content w-full resize-none rounded-lg border border-border-strong bg-bg px-3 py-2.5 font-mono text-xs break-all text-fg focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-accent/40"
      />
      {refused ? (
        <FormNote tone="error">
          The browser refused to copy. Select the key above and copy it yourself.
        </FormNote>
      ) : null}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose}>
          Done
        </Button>
        <Button ref={copyRef} onClick={() => void copyKey()}>
          <CopyIcon copied={copied} />
          {copied ? 'Copied' : 'Copy key'}
        </Button>
      </div>
      {/* Announced to screen readers: the button's label change alone may not be. */}
      <span className="sr-only" role="status">
        {copied ? 'API key copied to the clipboard.' : ''}
      </span>
    </Dialog>
  );
}
