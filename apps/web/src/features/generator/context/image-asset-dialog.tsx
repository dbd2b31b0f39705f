import { useRef, useState, type FormEvent } from 'react';
import { ImagePlus, Loader2 } from 'lucide-react';
import { AI_IMAGE_PROMPT_MAX_CHARS, type AiStoredImage } from '@codewright/contract';
import { Button } from '../../../components/ui/button.tsx';
import { CopyIcon } from '../../../components/ui/copy-icon.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useClipboardCopy } from '../../../hooks/use-clipboard-copy.ts';
import { client } from '../../../sdk.ts';
import { useGeneratorMedia } from './media-context.ts';
import { failureMessage } from './media-errors.ts';

const SIZES = ['1024x1024', '1536x1024', '1024x1536'] as const;
const SIZE_LABELS: Record<(typeof SIZES)[number], string> = {
  '1024x1024': 'Square',
  '1536x1024': 'Landscape',
  '1024x1536': 'Portrait',
};

export interface ImageAssetDialogProps {
  open: boolean;
  onClose: () => void;
  /**
   * Hands the stored image to the next prompt (a context chip carrying its URL); false when the
   * context is full.
   */
  onUse: (asset: { prompt: string; publicUrl: string; mimeType: string }) => boolean;
  /** The saved project open, if any: the image is stored in its workspace's folder. */
  projectId?: string | null;
}

/**
 * "Make an image asset" (docs/decisions/024): a prompt becomes an image stored in the user's
 * storage (one unit of the meter, decision 014). "Use in the code" attaches it to the next prompt
 * as a chip carrying its URL, so the model puts that URL where the code needs the image; "Copy
 * URL" is there for pasting it by hand.
 */
export function ImageAssetDialog({
  open,
  onClose,
  onUse,
  projectId = null,
}: ImageAssetDialogProps) {
  const media = useGeneratorMedia();
  const [prompt, setPrompt] = useState('');
  const [size, setSize] = useState<(typeof SIZES)[number]>('1024x1024');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [image, setImage] = useState<(AiStoredImage & { prompt: string }) | null>(null);
  const { copied, copy, reset: resetCopied } = useClipboardCopy();
  const promptRef = useRef<HTMLTextAreaElement>(null);

  const close = () => {
    if (busy) return;
    setError(null);
    setImage(null);
    resetCopied();
    onClose();
  };

  const generate = async (event: FormEvent) => {
    event.preventDefault();
    const text = prompt.trim();
    if (!text) {
      setError('Describe the image, e.g. "a flat rocket logo on a transparent background".');
      promptRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    resetCopied();
    try {
      const { images } = await client.ai.image({
        prompt: text,
        size,
        meter: media.meter(),
        ...(projectId ? { projectId } : {}),
      });
      const first = images[0];
      if (!first) throw new Error('no image');
      setImage({ ...first, prompt: text });
    } catch (err) {
      console.error('Image generation failed', err);
      setError(failureMessage(err, 'The image could not be made. Please try again.'));
    } finally {
      setBusy(false);
      media.onCharged();
    }
  };

  const copyUrl = async () => {
    if (image && !(await copy(image.publicUrl))) {
      setError('The URL could not be copied; select it and copy it by hand.');
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      closeDisabled={busy}
      title="Make an image asset"
      description="The image is stored in your files. Use it in the code: the next prompt tells the AI its URL."
      initialFocusRef={promptRef}
      className="sm:max-w-lg"
    >
      <form onSubmit={(e) => void generate(e)} noValidate className="flex flex-col gap-3">
        <label htmlFor="image-asset-prompt" className="text-sm font-medium text-fg">
          Describe the image
        </label>
        <textarea
          ref={promptRef}
          id="image-asset-prompt"
          value={prompt}
          onChange={(e) => setPrompt(e.target.value)}
          maxLength={AI_IMAGE_PROMPT_MAX_CHARS}
          rows={3}
          disabled={busy}
          placeholder="A flat rocket logo, purple on white"
          className="block w-full resize-y rounded-lg border border-border-strong bg-bg px-3 py-2 text-sm text-fg placeholder:text-subtle focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-accent/40 disabled:opacity-60"
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) void generate(e);
          }}
        />
        <fieldset className="flex flex-wrap gap-2" disabled={busy}>
          <legend className="sr-only">Shape</legend>
          {SIZES.map((s) => (
            <label
              key={s}
              className="flex cursor-pointer items-center gap-1.5 rounded-lg border border-border px-2.5 py-1 text-xs text-muted has-[:checked]:border-accent has-[:checked]:text-fg"
            >
              <input
                type="radio"
                name="image-size"
                value={s}
                checked={size === s}
                onChange={() => setSize(s)}
              />
              {SIZE_LABELS[s]}
            </label>
          ))}
        </fieldset>
        <Button type="submit" variant={image ? 'outline' : 'primary'} disabled={busy}>
          {busy ? (
            <>
              <Loader2 className="size-4 animate-spin" aria-hidden="true" />
              Making the image…
            </>
          ) : (
            <>
              <ImagePlus className="size-4" aria-hidden="true" />
              {image ? 'Make another' : 'Make image'}
            </>
          )}
        </Button>
      </form>
      {error ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-500/10 px-3 py-2 text-sm text-red-200">
          {error}
        </p>
      ) : null}
      {image ? (
        <figure className="mt-5 flex flex-col gap-3" data-testid="image-asset-result">
          <img
            src={image.publicUrl}
            alt={image.prompt}
            // Small images scale up to the box, large ones down: the preview is always 192 px.
            className="mx-auto size-48 max-w-full rounded-lg border border-border bg-bg object-contain"
          />
          <figcaption className="flex min-w-0 items-center gap-2">
            <code
              className="min-w-0 flex-1 truncate rounded bg-bg px-2 py-1 text-xs text-muted"
              title={image.publicUrl}
              data-testid="image-asset-url"
            >
              {image.publicUrl}
            </code>
            <Button variant="outline" size="sm" onClick={() => void copyUrl()}>
              <CopyIcon copied={copied} className="size-3.5" />
              {copied ? 'Copied' : 'Copy URL'}
            </Button>
          </figcaption>
          <Button
            onClick={() => {
              if (onUse(image)) close();
            }}
          >
            Use in the code
          </Button>
        </figure>
      ) : null}
    </Dialog>
  );
}
