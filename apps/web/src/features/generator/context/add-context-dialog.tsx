import { useRef, useState, type FormEvent } from 'react';
import { FileText, Loader2 } from 'lucide-react';
import { GENERATOR_UPLOAD_MAX_BYTES, MESSAGES } from '@codewright/contract';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { HiddenFileInput } from '../components/hidden-file-input.tsx';
import type { PromptContext } from './use-prompt-context.ts';

/** Files the context picker reads through extract-from-blob. */
export const CONTEXT_FILE_ACCEPT = '.pdf,.md,.markdown,.txt,.html,.htm,application/pdf,text/*';

export interface AddContextDialogProps {
  open: boolean;
  onClose: () => void;
  context: PromptContext;
  webPage: boolean;
  documents: boolean;
}

/** A URL with a scheme: "example.org/docs" becomes "https://example.org/docs". */
function normaliseUrl(value: string): string {
  const v = value.trim();
  return /^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`;
}

/**
 * "Add context" (docs/decisions/024): a web page by its address (scraped to Markdown) or a
 * document (PDF, Markdown, text, HTML; read by extract-from-blob). Errors stay in the dialog with
 * the server's reason (a refused address says why); it closes once the chip is added.
 */
export function AddContextDialog({
  open,
  onClose,
  context,
  webPage,
  documents,
}: AddContextDialogProps) {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const urlRef = useRef<HTMLInputElement>(null);
  const busy = context.busy !== null;

  const close = () => {
    if (busy) return;
    setError(null);
    onClose();
  };
  const done = (problem: string | null) => {
    if (problem) {
      setError(problem);
      return;
    }
    setUrl('');
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) {
      setError('Enter the address of a web page, e.g. https://example.org/docs.');
      urlRef.current?.focus();
      return;
    }
    done(await context.addUrl(normaliseUrl(url)));
  };

  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > GENERATOR_UPLOAD_MAX_BYTES) {
      setError(MESSAGES.fileTooLarge);
      return;
    }
    done(await context.addDocument(file));
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      closeDisabled={busy}
      title="Add context"
      description="The page or document goes with your prompts (shortened to fit) until you remove its chip."
      initialFocusRef={webPage ? urlRef : undefined}
    >
      {webPage ? (
        <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3">
          <TextField
            ref={urlRef}
            label="Web page address"
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://example.org/docs"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            disabled={busy}
            aria-invalid={error ? 'true' : undefined}
          />
          <Button type="submit" disabled={busy}>
            {context.busy === 'web' ? (
              <>
                <Loader2 className="size-4 animate-spin" aria-hidden="true" />
                Reading the page…
              </>
            ) : (
              'Add page'
            )}
          </Button>
        </form>
      ) : null}
      {documents ? (
        <div className={webPage ? 'mt-5 border-t border-border pt-5' : ''}>
          <HiddenFileInput
            ref={fileRef}
            accept={CONTEXT_FILE_ACCEPT}
            testId="context-file-input"
            onFile={(file) => void pick(file)}
          />
          <Button
            variant="outline"
            className="w-full"
            disabled={busy}
            onClick={() => fileRef.current?.click()}
          >
            {context.busy === 'document' ? (
              <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            ) : (
              <FileText className="size-4" aria-hidden="true" />
            )}
            {context.busy === 'document' ? 'Reading the document…' : 'Choose a document'}
          </Button>
          <p className="mt-1.5 text-xs text-muted">PDF, Markdown, text or HTML, up to 5 MB.</p>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-500/10 px-3 py-2 text-sm text-red-200">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
