/**
 * (Over 300 lines: CodeEditor's effects share one Monaco editor and its refs — the echoes of typed
 * text, the code from before a stream, the language — so typing, streaming, outside changes,
 * markers and selection stay in one component; the selection and changed-span helpers have their
 * own files.)
 */
import { useEffect, useRef, useState } from 'react';
import { Code2 } from 'lucide-react';
import { EDITOR_OPTIONS } from '@codewright/contract';
import type * as Monaco from 'monaco-editor';
import type * as MonacoChunk from './monaco.ts';
import type { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';
import { differingSpan } from './differing-span.ts';
import { showRemoteCursors } from './remote-cursors.ts';
import { type SelectedLines, selectedLines } from './selected-lines.ts';

export type { SelectedLines };

type MonacoApi = typeof Monaco;

type MonacoModule = typeof MonacoChunk;

let loading: Promise<MonacoModule> | undefined;
/** Loads the Monaco chunk once; later calls share the same promise. */
function loadMonacoModule(): Promise<MonacoModule> {
  return (loading ??= import('./monaco.ts'));
}
/** Monaco's API, from its chunk loaded once. */
export function loadMonaco(): Promise<MonacoApi> {
  return loadMonacoModule().then((m) => m.monaco);
}

/** Owners of the marks Monaco's language workers set: each is the language it checks. */
const LANGUAGE_SERVICE_OWNERS = new Set(['javascript', 'typescript', 'json', 'css', 'html']);

/**
 * Drops the marks a language service set on `model` for a language it no longer is (the
 * JavaScript worker's errors on code that became Python would flag valid code). Monaco keeps
 * them across a language change, and a check begun before the change can still land after it.
 */
function dropOtherLanguagesMarks(monaco: MonacoApi, model: Monaco.editor.ITextModel): void {
  const language = model.getLanguageId();
  const stale = new Set(
    monaco.editor
      .getModelMarkers({ resource: model.uri })
      .map((m) => m.owner)
      .filter((owner) => LANGUAGE_SERVICE_OWNERS.has(owner) && owner !== language),
  );
  for (const owner of stale) monaco.editor.setModelMarkers(model, owner, []);
}

/** The file of `path` as Monaco names it (one model per path; the TypeScript service resolves imports by it). */
function uriOf(monaco: MonacoApi, path: string): Monaco.Uri {
  return monaco.Uri.file(`/${path}`);
}

/** The Monaco language of a file by its extension (the main file's is the project's language). */
export function languageOfPath(path: string): string {
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return (
    {
      js: 'javascript',
      jsx: 'javascript',
      mjs: 'javascript',
      cjs: 'javascript',
      ts: 'typescript',
      tsx: 'typescript',
      mts: 'typescript',
      css: 'css',
      json: 'json',
      html: 'html',
      htm: 'html',
      md: 'markdown',
      py: 'python',
      go: 'go',
      rs: 'rust',
      java: 'java',
      cs: 'csharp',
      cpp: 'cpp',
      svg: 'xml',
      xml: 'xml',
      yml: 'yaml',
      yaml: 'yaml',
    }[ext] ?? 'plaintext'
  );
}

/** A problem to mark on a line of the code (the live preview's errors, docs/preview.md). */
export interface EditorMarker {
  line: number;
  column?: number | null;
  message: string;
  severity: 'error' | 'warning';
}

/** A line to select and scroll to; a new `seq` selects it again. */
export interface EditorReveal {
  line: number;
  seq: number;
}

/** A file's text shared with teammates, as the editor binds to it (docs/decisions/050). */
export interface SharedBinding {
  path: string;
  text: Y.Text;
  awareness: Awareness;
}

export interface CodeEditorProps {
  /** The code; when it changes from outside (generation, rollback, upload) the editor follows. */
  value: string;
  /** A Monaco language id (`javascript`, `csharp`, …). */
  language: string;
  onChange: (value: string) => void;
  /** Accessible name of the editor's text area. */
  ariaLabel?: string;
  className?: string;
  /**
   * Code is streaming in from outside: the editor is read-only and follows `value` as it grows
   * (without filling the undo history); when it ends, one undo step leads back to the code from
   * before the stream.
   */
  streaming?: boolean;
  /** Read only for good (a viewer of the project's workspace): `readOnlyMessage` says why. */
  readOnly?: boolean;
  readOnlyMessage?: string;
  /** Problems shown as markers (squiggles, overview ruler, hover) on their lines. */
  markers?: readonly EditorMarker[];
  /** Selects that line, scrolls it into view and focuses the editor. */
  reveal?: EditorReveal | null;
  /**
   * "Edit selection" (Ctrl/Cmd+K in the editor, docs/decisions/022): called with the selected
   * lines (1-based, inclusive; the cursor's line when nothing is selected).
   */
  onEditSelection?: (range: SelectedLines) => void;
  /** The selected lines as they change (the cursor's line when nothing is selected). */
  onSelectionChange?: (range: SelectedLines) => void;
  /** Hidden (another view covers it), still mounted with its state. */
  hidden?: boolean;
  /**
   * The path of the file shown (a project of many files, issue 45): each path has its own model
   * — text, undo history, cursor — kept while the editor lives. Without it, one model.
   */
  path?: string;
  /**
   * The project's other files: models the language service sees, so imports between files
   * resolve (IntelliSense across files); not shown.
   */
  otherFiles?: readonly { path: string; content: string }[];
  /**
   * The shown file's shared text (editing together, docs/decisions/050), once in step with the
   * server: the editor is bound to it (y-monaco) — typing goes to it and teammates' changes and
   * cursors come from it — and `value` no longer changes the text: a change of the page goes to
   * the shared text itself. Bound only while its `path` is the one shown; left while code streams
   * in.
   */
  shared?: SharedBinding | null;
}

const NO_MARKERS: readonly EditorMarker[] = [];

/** Shown when someone types into the editor while code streams in. */
const STREAMING_MESSAGE = 'The AI is writing the code. Wait for it to finish, or press Stop.';

/**
 * Monaco with the options of SPEC §9 (font 14, tab 2, word wrap, minimap, dark theme).
 * Shows a placeholder until the chunk has loaded; then marks its root `data-editor-ready`
 * and a `codewright:editor-ready` performance mark (bench/generator-open.mjs reads both).
 */
export function CodeEditor({
  value,
  language,
  onChange,
  ariaLabel,
  className,
  streaming = false,
  readOnly = false,
  readOnlyMessage,
  markers = NO_MARKERS,
  reveal = null,
  onEditSelection,
  onSelectionChange,
  hidden = false,
  path,
  otherFiles,
  shared = null,
}: CodeEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<Monaco.editor.IStandaloneCodeEditor | null>(null);
  const monacoRef = useRef<MonacoApi | null>(null);
  const onChangeRef = useRef(onChange);
  const valueRef = useRef(value);
  /**
   * Texts this editor reported through onChange that may still come back as `value` (React
   * commits them later than the keystrokes that follow): such an echo is not an outside change
   * and must not overwrite what was typed since — typing fast while the page re-renders (a
   * streaming answer, the review) would otherwise lose or scramble characters.
   */
  const echoes = useRef<string[]>([]);
  const languageRef = useRef(language);
  /** The code from before a stream began, while one runs (the undo history knows only that). */
  const streamBase = useRef<string | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const pathRef = useRef(path);
  /** Cursor and scroll of each path's model while another is shown. */
  const viewStates = useRef(new Map<string, Monaco.editor.ICodeEditorViewState | null>());
  /** The models this editor made for paths (disposed with it). */
  const pathModels = useRef(new Map<string, Monaco.editor.ITextModel>());
  /** The other files given to the language service, by path (removed with the editor). */
  const extraLibs = useRef(new Map<string, { content: string; dispose: () => void }>());
  /** Bound to a shared text now: `value` does not change the model. */
  const bound = useRef(false);

  /** The model of `file`, made the first time (with `text`, `language`). */
  const modelOf = (
    monaco: MonacoApi,
    file: string,
    text: string,
    modelLanguage: string,
  ): Monaco.editor.ITextModel => {
    const known = pathModels.current.get(file);
    if (known && !known.isDisposed()) return known;
    const model =
      monaco.editor.getModel(uriOf(monaco, file)) ??
      monaco.editor.createModel(text, modelLanguage, uriOf(monaco, file));
    model.setEOL(monaco.editor.EndOfLineSequence.LF);
    pathModels.current.set(file, model);
    return model;
  };

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const selectionRefs = useRef({ onEditSelection, onSelectionChange });
  useEffect(() => {
    selectionRefs.current = { onEditSelection, onSelectionChange };
  }, [onEditSelection, onSelectionChange]);

  useEffect(() => {
    let disposed = false;
    const keptModels = pathModels.current;
    const libs = extraLibs.current;
    loadMonacoModule().then(
      ({ monaco, startLanguageChecks }) => {
        const host = hostRef.current;
        if (disposed || !host) return;
        monacoRef.current = monaco;
        const firstPath = pathRef.current;
        const editor = monaco.editor.create(host, {
          ...(firstPath === undefined
            ? { value: valueRef.current, language: languageRef.current }
            : { model: modelOf(monaco, firstPath, valueRef.current, languageRef.current) }),
          // EDITOR_OPTIONS.theme with AA-contrast comments, defined in monaco.ts.
          theme: 'codewright-dark',
          fontSize: EDITOR_OPTIONS.fontSize,
          tabSize: EDITOR_OPTIONS.tabSize,
          wordWrap: EDITOR_OPTIONS.wordWrap,
          minimap: { ...EDITOR_OPTIONS.minimap },
          automaticLayout: true,
          scrollBeyondLastLine: false,
          padding: { top: 12, bottom: 12 },
          ariaLabel: ariaLabel ?? 'Code editor',
          fixedOverflowWidgets: true,
        });
        // Line endings are always \n, whatever the platform or the pasted text.
        editor.getModel()?.setEOL(monaco.editor.EndOfLineSequence.LF);
        // The language checks start once the user is about to write (monaco.ts).
        editor.onDidFocusEditorText(() => startLanguageChecks(languageRef.current));
        editor.onDidChangeModelLanguage(({ newLanguage }) => {
          if (editor.hasTextFocus()) startLanguageChecks(newLanguage);
        });
        editor.onDidChangeModelContent(() => {
          // Text a stream applies is not the user's edit.
          if (streamBase.current !== null) return;
          const next =
            editor.getModel()?.getValue(monaco.editor.EndOfLinePreference.LF) ?? editor.getValue();
          valueRef.current = next;
          echoes.current.push(next);
          if (echoes.current.length > 200) echoes.current.shift();
          onChangeRef.current(next);
        });
        // Edit selection: Ctrl/Cmd+K (a single-key binding added last wins over Monaco's
        // Ctrl+K chords) and the context menu.
        editor.addAction({
          id: 'codewright.editSelection',
          label: 'Edit selection with AI',
          keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyK],
          contextMenuGroupId: 'navigation',
          contextMenuOrder: 0,
          run: (ed) => {
            const selection = ed.getSelection();
            const model = ed.getModel();
            const range =
              selection &&
              model &&
              selectedLines(selection, {
                orCursorLine: true,
                lineMaxColumn: (line) => model.getLineMaxColumn(line),
              });
            if (range && streamBase.current === null)
              selectionRefs.current.onEditSelection?.(range);
          },
        });
        editor.onDidChangeCursorSelection((e) => {
          const model = editor.getModel();
          const range =
            model &&
            selectedLines(e.selection, {
              orCursorLine: true,
              lineMaxColumn: (line) => model.getLineMaxColumn(line),
            });
          if (range) selectionRefs.current.onSelectionChange?.(range);
        });
        // A language service's check can finish after the model became another language. Dropped
        // on the next task: dropped inside this event, the marks went but their squiggles stayed.
        const markerGuard = monaco.editor.onDidChangeMarkers((uris) => {
          const model = editor.getModel();
          if (model && uris.some((uri) => uri.toString() === model.uri.toString()))
            setTimeout(() => {
              if (!model.isDisposed()) dropOtherLanguagesMarks(monaco, model);
            }, 0);
        });
        editor.onDidDispose(() => markerGuard.dispose());
        editorRef.current = editor;
        setReady(true);
        performance.mark('codewright:editor-ready');
      },
      (error: unknown) => {
        console.error('The code editor failed to load', error);
        if (!disposed) setFailed(true);
      },
    );
    return () => {
      disposed = true;
      // Editor first, then its model: disposing a model still attached to a live
      // editor makes Monaco re-enter setModel during teardown and throw.
      const editor = editorRef.current;
      const model = editor?.getModel();
      editor?.dispose();
      model?.dispose();
      for (const kept of keptModels.values()) if (!kept.isDisposed()) kept.dispose();
      keptModels.clear();
      for (const lib of libs.values()) lib.dispose();
      libs.clear();
      editorRef.current = null;
    };
    // The editor is made once; value and language changes are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Another file is shown: its own model comes in (made with `value` the first time), with the
  // cursor and scroll it had; what this editor knows of typed text starts again from it.
  useEffect(() => {
    const previous = pathRef.current;
    pathRef.current = path;
    const editor = editorRef.current;
    const monaco = monacoRef.current;
    if (!editor || !monaco || path === undefined || path === previous) return;
    if (previous !== undefined) viewStates.current.set(previous, editor.saveViewState());
    const model = modelOf(monaco, path, value, language);
    if (model.getLanguageId() !== language) monaco.editor.setModelLanguage(model, language);
    editor.setModel(model);
    const state = viewStates.current.get(path);
    if (state) editor.restoreViewState(state);
    valueRef.current = model.getValue(monaco.editor.EndOfLinePreference.LF);
    echoes.current = [];
    // The models are kept by path; the editor is made once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path, ready]);

  // The other files for the language service: each script the editor does not show is an extra
  // lib at its path (Monaco sends those to the TypeScript worker; models it syncs only when
  // shown), so imports between files resolve. A model kept from a file shown before follows its
  // text; a file gone from the list goes.
  useEffect(() => {
    const monaco = monacoRef.current;
    if (!monaco || !ready || otherFiles === undefined) return;
    const listed = new Set<string>();
    for (const file of otherFiles) {
      listed.add(file.path);
      const shown = file.path === pathRef.current;
      const model = pathModels.current.get(file.path);
      if (!shown && model && model.getValue(monaco.editor.EndOfLinePreference.LF) !== file.content)
        model.setValue(file.content);
      const lib = extraLibs.current.get(file.path);
      const script = /^(javascript|typescript)$/.test(languageOfPath(file.path));
      if (lib && (shown || lib.content !== file.content)) {
        lib.dispose();
        extraLibs.current.delete(file.path);
      }
      if (!shown && script && (!lib || lib.content !== file.content)) {
        const uri = uriOf(monaco, file.path).toString();
        const added = [
          monaco.typescript.typescriptDefaults.addExtraLib(file.content, uri),
          monaco.typescript.javascriptDefaults.addExtraLib(file.content, uri),
        ];
        extraLibs.current.set(file.path, {
          content: file.content,
          dispose: () => added.forEach((d) => d.dispose()),
        });
      }
    }
    for (const [file, model] of pathModels.current)
      if (!listed.has(file) && file !== pathRef.current) {
        model.dispose();
        pathModels.current.delete(file);
        viewStates.current.delete(file);
      }
    for (const [file, lib] of extraLibs.current)
      if (!listed.has(file)) {
        lib.dispose();
        extraLibs.current.delete(file);
      }
  }, [otherFiles, ready, path]);

  // Outside changes (a generation, rollback, upload, reopened project) replace the text; the
  // change is pushed as an edit so Ctrl+Z still brings the previous code back. While code streams
  // in, each step is applied outside the undo history (appended when it only grew) and the view
  // follows its end; when the stream ends, the editor silently goes back to the code from before
  // it and pushes the result as ONE undoable edit, so the undo history stays consistent.
  useEffect(() => {
    const editor = editorRef.current;
    const model = editor?.getModel();
    if (!editor || !model || bound.current) return;
    if (streaming) {
      streamBase.current ??= model.getValue();
      const shown = model.getValue();
      if (value === shown) return;
      const end = model.getFullModelRange().getEndPosition();
      const grown = value.startsWith(shown) && shown !== '';
      model.applyEdits([
        grown
          ? {
              range: {
                startLineNumber: end.lineNumber,
                startColumn: end.column,
                endLineNumber: end.lineNumber,
                endColumn: end.column,
              },
              text: value.slice(shown.length),
            }
          : { range: model.getFullModelRange(), text: value },
      ]);
      editor.revealLine(model.getLineCount());
      return;
    }
    if (streamBase.current !== null) {
      model.applyEdits([{ range: model.getFullModelRange(), text: streamBase.current }]);
      valueRef.current = streamBase.current;
      streamBase.current = null;
    }
    if (value === valueRef.current) {
      echoes.current = [];
      return;
    }
    const echo = echoes.current.indexOf(value);
    if (echo >= 0) {
      // An older text of ours: the newer ones follow as their own commits.
      echoes.current = echoes.current.slice(echo + 1);
      return;
    }
    echoes.current = [];
    valueRef.current = value;
    // Only the part that differs is replaced: the cursor, the selection and the text around them
    // stay where they were, and the change is one undo step.
    const change = differingSpan(model.getValue(), value);
    const start = model.getPositionAt(change.start);
    const end = model.getPositionAt(change.end);
    editor.pushUndoStop();
    model.pushEditOperations(
      editor.getSelections() ?? [],
      [
        {
          range: {
            startLineNumber: start.lineNumber,
            startColumn: start.column,
            endLineNumber: end.lineNumber,
            endColumn: end.column,
          },
          text: change.text,
        },
      ],
      () => null,
    );
    editor.pushUndoStop();
  }, [value, ready, streaming]);

  // Bound to the shown file's shared text (after the effect above, so the end of a stream is
  // applied first). y-monaco makes the model's text the shared one's.
  useEffect(() => {
    const editor = editorRef.current;
    const model = editor?.getModel();
    // Only the shown file's own text (a switch of files can show another path first).
    if (!shared || streaming || !editor || !model || !hostRef.current) return;
    if (path !== undefined && shared.path !== path) return;
    let binding: InstanceType<MonacoModule['MonacoBinding']> | null = null;
    let stopCursors = () => undefined as void;
    let cancelled = false;
    const host = hostRef.current;
    void loadMonacoModule().then(({ MonacoBinding }) => {
      if (cancelled || editor.getModel() !== model) return;
      bound.current = true;
      binding = new MonacoBinding(shared.text, model, new Set([editor]), shared.awareness);
      stopCursors = showRemoteCursors(shared.awareness, host);
      // The teammates' cursors show at once, not at their next move.
      binding._rerenderDecorations();
    });
    return () => {
      cancelled = true;
      bound.current = false;
      stopCursors();
      if (!binding) return;
      const marks = (binding._decorations.get(editor) ?? []) as string[];
      binding.destroy();
      if (!editor.getModel()?.isDisposed()) editor.deltaDecorations(marks, []);
      valueRef.current = model.isDisposed()
        ? valueRef.current
        : model.getValue(monacoRef.current!.editor.EndOfLinePreference.LF);
    };
  }, [shared, streaming, ready, path]);

  useEffect(() => {
    editorRef.current?.updateOptions({
      readOnly: streaming || readOnly,
      readOnlyMessage: { value: streaming ? STREAMING_MESSAGE : (readOnlyMessage ?? '') },
    });
  }, [ready, streaming, readOnly, readOnlyMessage]);

  useEffect(() => {
    languageRef.current = language;
    const model = editorRef.current?.getModel();
    if (model && monacoRef.current) {
      monacoRef.current.editor.setModelLanguage(model, language);
      dropOtherLanguagesMarks(monacoRef.current, model);
    }
  }, [language, ready]);

  useEffect(() => {
    const monaco = monacoRef.current;
    const model = editorRef.current?.getModel();
    if (!monaco || !model) return;
    const lines = model.getLineCount();
    monaco.editor.setModelMarkers(
      model,
      'preview-problems',
      markers
        .filter((m) => m.line >= 1 && m.line <= lines)
        .map((m) => ({
          severity:
            m.severity === 'error' ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning,
          message: m.message,
          startLineNumber: m.line,
          startColumn: m.column ?? Math.max(1, model.getLineFirstNonWhitespaceColumn(m.line)),
          endLineNumber: m.line,
          endColumn: model.getLineMaxColumn(m.line),
        })),
    );
  }, [markers, ready]);

  useEffect(() => {
    const editor = editorRef.current;
    const model = editor?.getModel();
    if (!reveal || !editor || !model || reveal.line > model.getLineCount()) return;
    const line = reveal.line;
    // The editor may have just been shown (the phone's Code tab): measure it first.
    editor.layout();
    editor.setSelection({
      startLineNumber: line,
      startColumn: 1,
      endLineNumber: line,
      endColumn: model.getLineMaxColumn(line),
    });
    editor.revealLineInCenterIfOutsideViewport(line);
    editor.focus();
  }, [reveal, ready]);

  return (
    <div
      className={className}
      hidden={hidden}
      data-editor-ready={ready ? 'true' : undefined}
      data-streaming={streaming ? 'true' : undefined}
      data-testid="code-editor"
    >
      <div ref={hostRef} className="h-full w-full" />
      {!ready ? (
        <div
          className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-[#1e1e1e] text-sm text-subtle"
          role="status"
        >
          {failed ? (
            <>
              <Code2 className="size-6 text-red-300" aria-hidden="true" />
              The editor could not load. Reload the page to try again.
            </>
          ) : (
            <>
              <Code2 className="size-6 animate-pulse text-accent-hover" aria-hidden="true" />
              Loading editor…
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
