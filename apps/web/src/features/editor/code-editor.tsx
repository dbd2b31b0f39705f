import { useEffect, useRef, useState } from 'react';
import { Code2 } from 'lucide-react';
import { EDITOR_OPTIONS } from '@codewright/contract';
import type * as Monaco from 'monaco-editor';

type MonacoApi = typeof Monaco;

let loading: Promise<MonacoApi> | undefined;
/** Loads the Monaco chunk once; later calls share the same promise. */
export function loadMonaco(): Promise<MonacoApi> {
  return (loading ??= import('./monaco.ts').then((m) => m.monaco));
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
}

/**
 * Monaco with the options of SPEC §9 (font 14, tab 2, word wrap, minimap, dark theme).
 * Shows a placeholder until the chunk has loaded; then marks its root `data-editor-ready`
 * and a `codewright:editor-ready` performance mark (bench/generator-open.mjs reads both).
 */
export function CodeEditor({ value, language, onChange, ariaLabel, className }: CodeEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<Monaco.editor.IStandaloneCodeEditor | null>(null);
  const monacoRef = useRef<MonacoApi | null>(null);
  const onChangeRef = useRef(onChange);
  const valueRef = useRef(value);
  const languageRef = useRef(language);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    let disposed = false;
    loadMonaco().then(
      (monaco) => {
        const host = hostRef.current;
        if (disposed || !host) return;
        monacoRef.current = monaco;
        const editor = monaco.editor.create(host, {
          value: valueRef.current,
          language: languageRef.current,
          theme: EDITOR_OPTIONS.theme,
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
        editor.onDidChangeModelContent(() => {
          const next =
            editor.getModel()?.getValue(monaco.editor.EndOfLinePreference.LF) ?? editor.getValue();
          valueRef.current = next;
          onChangeRef.current(next);
        });
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
      editorRef.current = null;
    };
    // The editor is made once; value and language changes are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Outside changes (a generation, rollback, upload, reopened project) replace the text; the
  // change is pushed as an edit so Ctrl+Z still brings the previous code back.
  useEffect(() => {
    const editor = editorRef.current;
    if (!editor || value === valueRef.current) return;
    valueRef.current = value;
    const model = editor.getModel();
    if (!model) return;
    editor.pushUndoStop();
    model.pushEditOperations([], [{ range: model.getFullModelRange(), text: value }], () => null);
    editor.pushUndoStop();
  }, [value, ready]);

  useEffect(() => {
    languageRef.current = language;
    const model = editorRef.current?.getModel();
    if (model && monacoRef.current) monacoRef.current.editor.setModelLanguage(model, language);
  }, [language, ready]);

  return (
    <div
      className={className}
      data-editor-ready={ready ? 'true' : undefined}
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
