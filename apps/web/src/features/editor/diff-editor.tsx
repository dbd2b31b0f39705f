/**
 * (Over 300 lines: the comparison shown, the one prepared ahead and the retired ones share one set
 * of Monaco models and view models, whose order of disposal keeps Monaco from throwing; the helpers
 * at the end act on that same set.)
 */
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
  /**
   * With `comparisons`: the comparison likely shown next (the History panel stepping back). Its
   * diff is computed ahead, in Monaco's worker and into Monaco's own cache of recent diffs, so
   * that showing it takes only drawing it.
   */
  next?: Comparison | null;
  /** Called each time Monaco has computed and shown the diff of new texts. */
  onShown?: () => void;
}

/** Two texts to compare, each with its key (see `originalKey`). */
export interface Comparison {
  original: string;
  originalKey: string;
  modified: string;
  modifiedKey: string;
}

/**
 * Monaco's diff editor (read-only) for the review of an AI edit and the History panel
 * (docs/decisions/022). Same chunk, theme and font as the code editor; below 640 px it switches
 * to the inline view by itself, and long lines wrap. Marks its root `data-diff-ready` once the diff is on screen, and
 * `data-diff-prepared` with the keys (`original..modified`) of the last `next` comparison whose
 * diff was computed ahead.
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
  next = null,
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
  /** A key of its own for a model without one, or one retired from its key. */
  const spareKey = () => `#${unkeyed.current++}`;
  /** The models of the comparison being prepared (`next`): kept until it is replaced. */
  const preparedRef = useRef<Monaco.editor.ITextModel[]>([]);
  /** The view model computing the prepared diff (disposed before any model is). */
  const preparingRef = useRef<Monaco.editor.IDiffEditorViewModel | null>(null);
  /**
   * The view model shown (one at most). Monaco never disposes a view model that `setModel` made
   * from bare models, so a diff it was computing is never cancelled and throws "no diff result
   * available" once its models are gone; ours is disposed, cancelling it, before they are.
   */
  const viewModelsRef = useRef<Monaco.editor.IDiffEditorViewModel[]>([]);
  const languageRef = useRef(language);
  /** A new comparison waits for its diff to scroll to the first change. */
  const revealPending = useRef(false);
  const shownRef = useRef(onShown);
  const [ready, setReady] = useState(false);
  const [shown, setShown] = useState(false);
  const [failed, setFailed] = useState(false);
  /** The keys of the comparison whose diff was computed ahead (`data-diff-prepared`). */
  const [prepared, setPrepared] = useState<string | null>(null);

  useEffect(() => {
    shownRef.current = onShown;
  }, [onShown]);

  useEffect(() => {
    let disposed = false;
    let nameObserver: MutationObserver | null = null;
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
          // Long lines wrap, so a change past the right edge stays in view (a phone, the
          // review column): nothing of a hunk is cut off.
          wordWrap: 'on',
          diffWordWrap: 'on',
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
        showModels(diff, viewModelsRef.current, models[0]!, models[1]!);
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
        // Monaco clears them again when it sets new models (a History step): each time it does,
        // the name comes back at once.
        const names = new MutationObserver(nameTextAreas);
        names.observe(host, { subtree: true, attributes: true, attributeFilter: ['aria-label'] });
        nameObserver = names;
        diff.onDidUpdateDiff(() => {
          // New models start without a diff: wait for the one computed for them.
          if (diff.getLineChanges() === null) return;
          mark(MARK_COMPUTED);
          retireModels(kept, [...modelsRef.current, ...preparedRef.current]);
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
      nameObserver?.disconnect();
      preparingRef.current?.dispose();
      diffRef.current?.dispose();
      for (const viewModel of viewModelsRef.current) viewModel.dispose();
      viewModelsRef.current = [];
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
    const take = (key: string | undefined, text: string) =>
      takeModel(monaco, keptRef.current, key ?? spareKey(), text, spareKey, languageRef.current);
    // A version compared with itself still gets a model for each side.
    const shown = [
      take(originalKey, original),
      take(modifiedKey === originalKey ? undefined : modifiedKey, modified),
    ];
    revealPending.current = original !== '' || modified !== '';
    showModels(diff, viewModelsRef.current, shown[0]!, shown[1]!);
    mark(MARK_MODELS_SET);
    modelsRef.current = shown;
  }, [original, modified, originalKey, modifiedKey, comparisons, ready]);

  useEffect(() => {
    const diff = diffRef.current;
    const monaco = monacoRef.current;
    if (!comparisons || !next || !diff || !monaco) return;
    const { original: a, originalKey: aKey, modified: b, modifiedKey: bKey } = next;
    if (aKey === bKey) return;
    const models = [
      takeModel(monaco, keptRef.current, aKey, a, spareKey, languageRef.current),
      takeModel(monaco, keptRef.current, bKey, b, spareKey, languageRef.current),
    ];
    preparedRef.current = models;
    // A view model computes the diff with this editor's options and draws nothing; Monaco keeps
    // the result by the models' URIs and versions, where setting these models finds it.
    const viewModel = diff.createViewModel({ original: models[0]!, modified: models[1]! });
    preparingRef.current = viewModel;
    let live = true;
    viewModel.waitForDiff().then(
      () => {
        if (!live) return;
        viewModel.dispose();
        setPrepared(`${aKey}..${bKey}`);
      },
      () => {},
    );
    return () => {
      live = false;
      // Cancels a diff still being computed before its models may be retired.
      viewModel.dispose();
      preparingRef.current = null;
      preparedRef.current = [];
    };
  }, [next, comparisons, ready]);

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
      data-diff-prepared={prepared ?? undefined}
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

/**
 * Shows a pair of models in a view model of our own, and disposes the one shown before (the
 * widget has let go of it once `setModel` returns). Disposing it cancels a diff still being
 * computed for its models, which may then be retired.
 */
function showModels(
  diff: Monaco.editor.IStandaloneDiffEditor,
  viewModels: Monaco.editor.IDiffEditorViewModel[],
  original: Monaco.editor.ITextModel,
  modified: Monaco.editor.ITextModel,
): void {
  const viewModel = diff.createViewModel({ original, modified });
  diff.setModel(viewModel);
  for (const before of viewModels.splice(0, viewModels.length, viewModel)) before.dispose();
}

/**
 * Performance marks of a comparison's steps, read by bench/history-diff-view.mjs: its models
 * set on the diff editor, and the diff Monaco's worker computed for them reported back.
 */
const MARK_MODELS_SET = 'codewright:diff-models-set';
const MARK_COMPUTED = 'codewright:diff-computed';

function mark(name: string): void {
  performance.clearMarks(name);
  performance.mark(name);
}

/**
 * The comparisons' models kept: the current pair, the one being prepared and the newest others,
 * up to this many.
 */
const KEPT_MODELS = 5;

/**
 * The kept model of `key` (made newest), or a new one for `text`. A key whose text changed
 * keeps its old model under a `spare` key, as its old model may still be on screen: it is
 * retired with the others rather than disposed here.
 */
function takeModel(
  monaco: typeof Monaco,
  kept: Map<string, Monaco.editor.ITextModel>,
  key: string,
  text: string,
  spare: () => string,
  language: string,
): Monaco.editor.ITextModel {
  let found = kept.get(key);
  kept.delete(key);
  if (found && !found.isDisposed() && found.getValue() !== text) {
    kept.set(spare(), found);
    found = undefined;
  }
  if (!found || found.isDisposed()) {
    found = monaco.editor.createModel(text, language);
  } else if (found.getLanguageId() !== language) {
    monaco.editor.setModelLanguage(found, language);
  }
  kept.set(key, found);
  return found;
}

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
