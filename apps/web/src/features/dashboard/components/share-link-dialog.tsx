import { useEffect, useRef, useState } from 'react';
import { AlertTriangle, Loader2, Lock, RefreshCw } from 'lucide-react';
import { isCodewrightError, type Project } from '@codewright/sdk';
import { Button } from '../../../components/ui/button.tsx';
import { CopyIcon } from '../../../components/ui/copy-icon.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useClipboardCopy } from '../../../hooks/use-clipboard-copy.ts';
import { TextField } from '../../../components/ui/text-field.tsx';

export interface ShareLinkDialogProps {
  /** The project whose link is shown; null keeps the dialog closed. */
  project: Project | null;
  onClose: () => void;
  /** Makes a new token on the server (the old link 404s at once) and answers it; throws on failure. */
  onRegenerate: (project: Project) => Promise<string>;
}

/** The share page's address for a token (DESIGN §2c: `/share?t=<token>`). */
export function shareUrl(token: string, origin = window.location.origin): string {
  return `${origin}/share?t=${encodeURIComponent(token)}`;
}

/** What to tell the owner when a new link could not be made: what happened and what to do. */
function regenerateFailure(error: unknown): string {
  const kept = 'The current link still works.';
  if (isCodewrightError(error)) {
    if (error.code === 'NETWORK_ERROR')
      return `We couldn't reach the server. Check your connection and try again. ${kept}`;
    if (error.code === 'NOT_FOUND' || error.code === 'FORBIDDEN')
      return 'This project is gone, or you may no longer share it. Reload the dashboard to see its current state.';
  }
  return `We couldn't make a new link. Please try again in a moment. ${kept}`;
}

/**
 * A project's share link (docs/decisions/027): read it, copy it, or replace it with a new one
 * after a confirmation that the old one stops working. Remounted per project, so no state leaks
 * from one project to the next.
 */
export function ShareLinkDialog({ project, onClose, onRegenerate }: ShareLinkDialogProps) {
  if (!project) return null;
  return (
    <ShareLinkPanel
      key={project.id}
      project={project}
      onClose={onClose}
      onRegenerate={onRegenerate}
    />
  );
}

type Note = { tone: 'ok' | 'error'; text: string } | null;

function ShareLinkPanel({
  project,
  onClose,
  onRegenerate,
}: ShareLinkDialogProps & { project: Project }) {
  const [token, setToken] = useState(project.shareToken);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const { copied, copy: copyText, reset: resetCopied } = useClipboardCopy();
  const [note, setNote] = useState<Note>(null);
  const linkRef = useRef<HTMLInputElement>(null);
  const copyRef = useRef<HTMLButtonElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const url = shareUrl(token);

  // Each answer moves focus on purpose: to "Keep this link" when asked (so Enter never replaces
  // the link by accident, and after a failure, whose button was disabled), to Copy after.
  const [focusTurn, setFocusTurn] = useState(0);
  useEffect(() => {
    if (focusTurn === 0) return;
    (confirming ? keepRef : copyRef).current?.focus();
  }, [confirming, focusTurn]);

  const dismiss = () => {
    if (!busy) onClose();
  };

  async function copy() {
    setNote(null);
    if (!(await copyText(url))) {
      // Clipboard access can be refused (permissions, an insecure origin): the link is still
      // there to copy by hand, so select it for the user.
      linkRef.current?.select();
      linkRef.current?.focus();
      setNote({
        tone: 'error',
        text: "The browser didn't let us copy. The link is selected: copy it with Ctrl+C (⌘C on a Mac).",
      });
    }
  }

  function ask(next: boolean) {
    setNote(null);
    setConfirming(next);
    setFocusTurn((n) => n + 1);
  }

  async function regenerate() {
    setBusy(true);
    setNote(null);
    try {
      const fresh = await onRegenerate(project);
      setToken(fresh);
      resetCopied();
      setNote({ tone: 'ok', text: 'New link made. The old link no longer works.' });
      setConfirming(false);
      setFocusTurn((n) => n + 1);
    } catch (error) {
      setNote({ tone: 'error', text: regenerateFailure(error) });
      setFocusTurn((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={dismiss}
      closeDisabled={busy}
      initialFocusRef={linkRef}
      title="Share link"
      description={
        <>
          Anyone with this link can view{' '}
          <span className="font-medium break-words text-fg">{project.name}</span> and copy its code,
          without signing in.
        </>
      }
    >
      <div aria-busy={busy || undefined}>
        <TextField
          ref={linkRef}
          label="Link"
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="share-link"
          className="font-mono text-xs"
        />
        {project.visibility === 'private' ? (
          <p className="mt-3 flex items-start gap-1.5 text-xs text-muted">
            <Lock className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
            <span>
              This project is private: the link shows &quot;Project not found&quot; until you make
              it public.
            </span>
          </p>
        ) : null}

        {confirming ? (
          <div className="mt-5 rounded-xl border border-amber-400/25 bg-amber-400/[0.06] p-4">
            <p className="flex items-start gap-2 text-sm text-fg">
              <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-300" aria-hidden="true" />
              <span>
                Make a new link? The current link stops working at once: anyone who has it will see
                &quot;Project not found&quot;.
              </span>
            </p>
            <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button ref={keepRef} variant="outline" onClick={() => ask(false)} disabled={busy}>
                Keep this link
              </Button>
              <Button onClick={() => void regenerate()} disabled={busy}>
                {busy ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
                {busy ? 'Making a new link…' : 'Make a new link'}
              </Button>
            </div>
          </div>
        ) : null}

        {note ? (
          <p
            role={note.tone === 'ok' ? 'status' : 'alert'}
            className={
              note.tone === 'ok' ? 'mt-3 text-sm text-emerald-300' : 'mt-3 text-sm text-red-300'
            }
          >
            {note.text}
          </p>
        ) : null}

        {confirming ? null : (
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => ask(true)}>
              <RefreshCw className="size-4" aria-hidden="true" />
              New link
            </Button>
            <Button ref={copyRef} onClick={() => void copy()}>
              <CopyIcon copied={copied} />
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          </div>
        )}
        {/* Announced to screen readers: the button's label change alone may not be. */}
        <span className="sr-only" role="status">
          {copied ? 'Link copied to the clipboard.' : ''}
        </span>
      </div>
    </Dialog>
  );
}
