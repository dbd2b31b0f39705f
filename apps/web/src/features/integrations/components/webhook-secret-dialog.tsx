import { useId, useRef, useState } from 'react';
import { AlertTriangle, ExternalLink } from 'lucide-react';
import { WEBHOOK_ROTATION_GRACE_HOURS } from '@codewright/contract';
import type { WebhookWithSecret } from '@codewright/sdk';
import { Button } from '../../../components/ui/button.tsx';
import { CopyIcon } from '../../../components/ui/copy-icon.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormNote } from '../../../components/settings-card.tsx';
import { useClipboardCopy } from '../../../hooks/use-clipboard-copy.ts';
import { STANDARD_WEBHOOKS_URL } from './webhook-texts.ts';

/** A secret to show once: a webhook's first (`added`) or the one a rotation made (`rotated`). */
export interface ShownSecret extends WebhookWithSecret {
  kind: 'added' | 'rotated';
}

/**
 * A webhook's signing secret, in full, this one time (as NewKeyDialog shows a key): the server
 * answers it only when the webhook is added or its secret rotated. Focus starts on Copy.
 */
export function WebhookSecretDialog({
  shown,
  onClose,
}: {
  shown: ShownSecret | null;
  onClose: () => void;
}) {
  const copyRef = useRef<HTMLButtonElement>(null);
  const fieldId = useId();
  const { copied, copy, reset } = useClipboardCopy();
  const [refused, setRefused] = useState(false);
  const secret = shown?.secret ?? '';
  const rotated = shown?.kind === 'rotated';

  const copySecret = async () => setRefused(!(await copy(secret)));
  // The dialog stays mounted: the next secret (a rotation) starts with a fresh Copy button.
  const close = () => {
    reset();
    setRefused(false);
    onClose();
  };

  return (
    <Dialog
      open={shown !== null}
      onClose={close}
      initialFocusRef={copyRef}
      title={rotated ? 'Your new signing secret' : 'Your webhook’s signing secret'}
      description={shown ? `Deliveries to ${shown.webhook.url} are signed with it.` : undefined}
    >
      <p className="flex items-start gap-2.5 rounded-xl border border-amber-400/25 bg-amber-400/[0.07] px-3.5 py-3 text-sm text-amber-100">
        <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-300" aria-hidden="true" />
        <span>
          Copy it now and keep it with your receiver. It will not be shown again: if you lose it,
          rotate the secret.
          {rotated
            ? ` The previous secret keeps working for ${WEBHOOK_ROTATION_GRACE_HOURS} hours, while you update your receiver.`
            : null}
        </span>
      </p>
      <label htmlFor={fieldId} className="mt-5 block text-sm font-medium text-fg">
        Signing secret
      </label>
      <textarea
        id={fieldId}
        readOnly
        rows={2}
        value={secret}
        onFocus={(e) => e.currentTarget.select()}
        spellCheck={false}
        className="mt-1.5 field-sizing-content w-full resize-none rounded-lg border border-border-strong bg-bg px-3 py-2.5 font-mono text-xs break-all text-fg focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-accent/40"
      />
      <p className="mt-3 text-xs text-muted">
        Check each delivery&apos;s <code className="font-mono text-fg">webhook-signature</code>{' '}
        header with it:{' '}
        <a
          href={STANDARD_WEBHOOKS_URL}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 text-accent-hover underline underline-offset-2"
        >
          Standard Webhooks signature
          <ExternalLink className="size-3" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
        .
      </p>
      {refused ? (
        <FormNote tone="error">
          The browser refused to copy. Select the secret above and copy it yourself.
        </FormNote>
      ) : null}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={close}>
          Done
        </Button>
        <Button ref={copyRef} onClick={() => void copySecret()}>
          <CopyIcon copied={copied} />
          {copied ? 'Copied' : 'Copy secret'}
        </Button>
      </div>
      <span className="sr-only" role="status">
        {copied ? 'Signing secret copied to the clipboard.' : ''}
      </span>
    </Dialog>
  );
}
