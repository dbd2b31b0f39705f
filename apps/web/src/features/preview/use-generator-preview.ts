/**
 * The live preview as the generator mounts it (docs/preview.md, docs/decisions/021): when it
 * opens, when it runs at once, the editor markers of its problems, the line an error leads to,
 * and "Fix with AI" as an edit through the generator's own send. Kept apart from the panel so
 * that /generator loads none of the panel's code before it opens.
 */
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { buildPreviewFixRequest, type PreviewProblem } from '@codewright/contract';
import type { EditorMarker, EditorReveal } from '../editor/index.ts';

export interface GeneratorPreviewInput {
  /** The editor's own code (never the code still streaming in). */
  code: string;
  setCode: (code: string) => void;
  /**
   * Typing: the code the editor holds at once for whoever reads it (a save, a prompt), ahead of
   * the page's state, and that code as it reads now (a later change by anything else wins).
   */
  noteCode: (code: string) => void;
  readCode: () => string;
  /** The preview is on screen and there is reason to open it (code, or its tab chosen). */
  show: boolean;
  /** Code is streaming in: markers wait for the answer. */
  streaming: boolean;
  /** Sends a request as an edit of the code, the way the composer sends one (a fix's as `fix`). */
  sendEdit: (request: string, options: { source: 'fix' }) => Promise<void> | void;
  /** An error's line was chosen (the phone layout then shows the Code tab). */
  onReveal?: () => void;
}

const NO_MARKERS: EditorMarker[] = [];

/**
 * How long typing pauses before the page follows the editor (issue 40's typing budget): while
 * keys come faster than this, only the editor works, so no frame waits for the page; a pointer
 * or focus elsewhere, or leaving the page, makes it follow at once.
 */
export const TYPING_SETTLE_MS = 120;

/** State and callbacks that wire the preview panel into the generator. */
export function useGeneratorPreview(input: GeneratorPreviewInput) {
  const { code, setCode, show, streaming, sendEdit, onReveal } = input;
  const [open, setOpen] = useState(show);
  if (show && !open) setOpen(true);

  // A change that did not come from typing (a generation, an accepted edit, a rollback, an
  // upload, a restored draft) runs at once; typing runs after the panel's quiet time.
  const [typed, setTyped] = useState<string | null>(null);
  const [seen, setSeen] = useState(code);
  const [runKey, setRunKey] = useState(0);
  if (code !== seen) {
    setSeen(code);
    if (code !== typed) setRunKey((k) => k + 1);
  }
  // The editor shows each key itself and `noteCode` has it for any reader at once; the page's
  // state follows when typing pauses, as a transition (React renders it in slices and restarts
  // it when a newer key comes), so no frame of a burst of keys waits for the whole page.
  const { noteCode, readCode } = input;
  const pending = useRef<{ code: string; timer: ReturnType<typeof setTimeout> } | null>(null);
  const follow = useCallback(
    (urgent: boolean) => {
      const typedNow = pending.current;
      if (!typedNow) return;
      clearTimeout(typedNow.timer);
      pending.current = null;
      // Something else set the code since (an AI edit, a rollback): it stands.
      if (readCode() !== typedNow.code) return;
      const apply = () => {
        setTyped(typedNow.code);
        setCode(typedNow.code);
      };
      if (urgent) apply();
      else startTransition(apply);
    },
    [readCode, setCode],
  );
  const onEditorChange = useCallback(
    (next: string) => {
      noteCode(next);
      if (pending.current) clearTimeout(pending.current.timer);
      pending.current = { code: next, timer: setTimeout(() => follow(false), TYPING_SETTLE_MS) };
    },
    [noteCode, follow],
  );
  useEffect(() => {
    // A click, a focus elsewhere or leaving the page: the page has what was typed before it acts.
    const now = () => follow(true);
    document.addEventListener('pointerdown', now, true);
    document.addEventListener('focusin', now, true);
    window.addEventListener('pagehide', now);
    return () => {
      document.removeEventListener('pointerdown', now, true);
      document.removeEventListener('focusin', now, true);
      window.removeEventListener('pagehide', now);
      follow(true);
    };
  }, [follow]);

  const [problems, setProblems] = useState<PreviewProblem[]>([]);
  const markers = useMemo<EditorMarker[]>(() => {
    if (streaming) return NO_MARKERS;
    return problems
      .filter((p): p is PreviewProblem & { line: number } => p.line !== null)
      .map((p) => ({
        line: p.line,
        column: p.column,
        message: `Preview: ${p.message}`,
        severity: p.kind === 'console' ? 'warning' : 'error',
      }));
  }, [problems, streaming]);

  const [reveal, setReveal] = useState<EditorReveal | null>(null);
  const selectLine = useCallback(
    (line: number) => {
      setReveal((last) => ({ line, seq: (last?.seq ?? 0) + 1 }));
      onReveal?.();
    },
    [onReveal],
  );

  const [fixing, setFixing] = useState(false);
  const fix = useCallback(
    (current: PreviewProblem[]) => {
      if (current.length === 0) return;
      setFixing(true);
      const request = buildPreviewFixRequest({ problems: current, code });
      void Promise.resolve(sendEdit(request, { source: 'fix' })).finally(() => setFixing(false));
    },
    [code, sendEdit],
  );

  return {
    open,
    runKey,
    onEditorChange,
    problems,
    setProblems,
    markers,
    reveal,
    selectLine,
    fix,
    fixing,
  };
}
