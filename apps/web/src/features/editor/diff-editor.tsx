import { useEffect, useRef, useState } from 'react';
import { GitCompare } from 'lucide-react';
import { EDITOR_OPTIONS } from '@codewright/contract';
import type * as Monaco from 'monaco-editor';
import { loadMonaco } from './code-editor.tsx';

export interface DiffEditorProps {
  /** The text before (left, or the removed lines inline). */
  original: string;
  /** The text after (right, or the added lines inline). */
  modified: string;
  /** A Monaco language id. */
  language: string;
  /** Side by side (true) or inline (false); narrow screens always get inline. */
  sideBySide: boolean;
  /** A line of `modified` to scroll to; a new `seq` scrolls again. */
  reveal?: { line: number; seq: number } | null;
  ariaLabel: string;
  className?: string;
  /**
   * Each new pair of texts is a new comparison (the History panel): it gets fresh models, which
   * Monaco diffs at once, and the view scrolls to its first change. Otherwise (the review, whose
   * proposal grows while it streams) the texts are edited in place, keeping the scroll position,
   * and Monaco diffs them after its own 200 ms pause (DiffEditorViewModel's debounce).
   */
  comparisons?: boolean;
  /**
   * With `comparisons`: what each side's text is (a version id). A text seen in one of the last
   * few comparisons keeps its model, which Monaco's worker already holds: stepping through a
   * history diffs one new text, not two.
   */
  originalKey?: string;
  modifiedKey?: string;
  /** Called each time Monaco has computed and shown the diff of new texts. */
  onShown?: () => void;
}

/**
 * Monaco's diff editor (read-only) for the review of an AI edit and the History panel
 * (docs/decisions/022). Same chunk, theme and font as the code editor; below 640 px it switches
 * to the inline view by itself. Marks its root `data-diff-ready` once the diff is on screen.
 */
export function DiffEditor({
  original,
  modified,
  language,
  sideBySide,
  reveal = null,
  ariaLabel,
  className,
  comparisons = false,
  originalKey,
  modifiedKey,
  onShown,
}: DiffEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const diffRef = useRef<Monaco.editor.IStandaloneDiffEditor | null>(null);
  const monacoRef = useRef<typeof Monaco | null>(null);
  const initial = useRef({ original, modified, language, sideBySide, ariaLabel });
  const modelsRef = useRef<Monaco.editor.ITextModel[]>([]);
  /**
   * Models of the comparisons before, newest last, by key (a text without a key gets its own),
   * disposed beyond the last KEPT_MODELS once a diff is in: a diff still being computed for a
   * model in Monaco's worker finds nothing once it is disposed, and Monaco then throws "no diff
   * result available" as an unhandled rejection.
   */
  const keptRef = useRef(new Map<string, Monaco.editor.ITextModel>());
  const unkeyed = useRef(0);
  const languageRef = useRef(language);
  /** A new comparison waits for its diff to scroll to the first change. */
  const revealPending = useRef(false);
  const shownRef = useRef(onShown);
  const [ready, setReady] = useState(false);
  const [shown, setShown] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    shownRef.current = onShown;
  }, [onShown]);

  useEffect(() => {
    let disposed = false;
    const kept = keptRef.current;
    loadMonaco().then(
      (monaco) => {
        const host = hostRef.current;
        if (disposed || !host) return;
        monacoRef.current = monaco;
        const init = initial.current;
        const diff = monaco.editor.createDiffEditor(host, {
          theme: 'codewright-dark',
          readOnly: true,
          originalEditable: false,
          renderSideBySide: init.sideBySide,
          useInlineViewWhenSpaceIsLimited: true,
          renderSideBySideInlineBreakpoint: 640,
          fontSize: EDITOR_OPTIONS.fontSize,
          automaticLayout: true,
          scrollBeyondLastLine: false,
          minimap: { enabled: false },
          renderOverviewRuler: true,
          ariaLabel: init.ariaLabel,
          originalAriaLabel: `${init.ariaLabel}: before`,
          modifiedAriaLabel: `${init.ariaLabel}: after`,
          fixedOverflowWidgets: true,
          // Large files: never give up on a diff the line differ can do in milliseconds.
          maxComputationTime: 0,
          maxFileSize: 0,
          // Both sides are read-only: no revert arrows or gutter menu to offer (drawing the
          // gutter's items for each change was the largest script cost of showing a large diff).
          renderGutterMenu: false,
          renderMarginRevertIcon: false,
        });
        // Each side's own text area gets its name too (the diff editor's options reach only
        // part of it; axe: aria-input-field-name).
        diff.getOriginalEditor().updateOptions({ ariaLabel: `${init.ariaLabel}: before` });
        diff.getModifiedEditor().updateOptions({ ariaLabel: `${init.ariaLabel}: after` });
        const models = [
          monaco.editor.createModel(init.original, init.language),
          monaco.editor.createModel(init.modified, init.language),
        ];
        modelsRef.current = models;
        models.forEach((model, i) => kept.set(`#init-${i}`, model));
        diff.setModel({ original: models[0]!, modified: models[1]! });
        // Monaco's read-only text areas can come out unnamed whatever the options say; name
        // them once they exist, and again after each diff (axe: aria-input-field-name).
        const nameTextAreas = () => {
          const sides = [
            ['.original-in-monaco-diff-editor', 'before'],
            ['.modified-in-monaco-diff-editor', 'after'],
          ] as const;
          for (const [side, label] of sides) {
            for (const area of host.querySelectorAll(
              `${side} .native-edit-context, ${side} textarea`,
            ))
              if (!area.getAttribute('aria-label'))
                area.setAttribute('aria-label', `${init.ariaLabel}: ${label}`);
          }
        };
        diff.onDidUpdateDiff(() => {
          // New models start without a diff: wait for the one computed for them.
          if (diff.getLineChanges() === null) return;
          retireModels(kept, modelsRef.current);
          if (revealPending.current) {
            revealPending.current = false;
            diff.revealFirstDiff();
          }
          // One frame later the diff is painted.
          requestAnimationFrame(() => {
            nameTextAreas();
            setShown(true);
            shownRef.current?.();
          });
        });
        diffRef.current = diff;
        setReady(true);
      },
      (error: unknown) => {
        console.error('The diff view failed to load', error);
        if (!disposed) setFailed(true);
      },
    );
    return () => {
      disposed = true;
      diffRef.current?.dispose();
      for (const model of kept.values()) model.dispose();
      modelsRef.current = [];
      kept.clear();
      diffRef.current = null;
    };
  }, []);

  useEffect(() => {
    const diff = diffRef.current;
    const model = diff?.getModel();
    const monaco = monacoRef.current;
    if (!diff || !model || !monaco) return;
    const sameOriginal = model.original.getValue() === original;
    const sameModified = model.modified.getValue() === modified;
    if (sameOriginal && sameModified) return;
    if (!comparisons) {
      if (!sameOriginal) model.original.setValue(original);
      if (!sameModified) model.modified.setValue(modified);
      return;
    }
    // A new comparison: its models are diffed at once (an edit waits 200 ms first).
    const take = (key: string | undefined, text: string) => {
      const kept = keptRef.current;
      const id = key ?? `#${unkeyed.current++}`;
      let found = kept.get(id);
      kept.delete(id);
      if (found && !found.isDisposed() && found.getValue() !== text) {
        // A key whose text changed: its old model may still be on screen, so it is retired
        // with the others rather than disposed here.
        kept.set(`#${unkeyed.current++}`, found);
        found = undefined;
      }
      if (!found || found.isDisposed()) {
        found = monaco.editor.createModel(text, languageRef.current);
      } else if (found.getLanguageId() !== languageRef.current) {
        monaco.editor.setModelLanguage(found, languageRef.current);
      }
      kept.set(id, found);
      return found;
    };
    // A version compared with itself still gets a model for each side.
    const next = [
      take(originalKey, original),
      take(modifiedKey === originalKey ? undefined : modifiedKey, modified),
    ];
    revealPending.current = original !== '' || modified !== '';
    diff.setModel({ original: next[0]!, modified: next[1]! });
    modelsRef.current = next;
  }, [original, modified, originalKey, modifiedKey, comparisons, ready]);

  useEffect(() => {
    languageRef.current = language;
    const model = diffRef.current?.getModel();
    const monaco = monacoRef.current;
    if (!model || !monaco) return;
    monaco.editor.setModelLanguage(model.original, language);
    monaco.editor.setModelLanguage(model.modified, language);
  }, [language, ready]);

  useEffect(() => {
    diffRef.current?.updateOptions({ renderSideBySide: sideBySide });
  }, [sideBySide, ready]);

  useEffect(() => {
    const editor = diffRef.current?.getModifiedEditor();
    if (!reveal || !editor) return;
    editor.revealLineInCenter(Math.max(1, reveal.line));
    editor.setPosition({ lineNumber: Math.max(1, reveal.line), column: 1 });
  }, [reveal, ready]);

  return (
    <div
      className={className}
      data-diff-ready={ready && shown ? 'true' : undefined}
      data-testid="diff-editor"
    >
      <div ref={hostRef} className="h-full w-full" />
      {!ready ? (
        <div
          className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-[#1e1e1e] text-sm text-subtle"
          role="status"
        >
          <GitCompare
            className={failed ? 'size-6 text-red-300' : 'size-6 animate-pulse text-accent-hover'}
            aria-hidden="true"
          />
          {failed ? 'The diff view could not load. Reload the page to try again.' : 'Loading diff…'}
        </div>
      ) : null}
    </div>
  );
}

/** The comparisons' models kept: the current pair and the newest others, up to this many. */
const KEPT_MODELS = 4;

/** Disposes the oldest kept models beyond KEPT_MODELS, never one of `current`. */
function retireModels(
  kept: Map<string, Monaco.editor.ITextModel>,
  current: Monaco.editor.ITextModel[],
): void {
  let extra = kept.size - KEPT_MODELS;
  for (const [id, model] of kept) {
    if (extra <= 0) break;
    if (current.includes(model)) continue;
    kept.delete(id);
    model.dispose();
    extra--;
  }
}
