/**
 * Runs the editor's code in the sandbox: after `debounceMs` of quiet, at once when `runKey`
 * changes (a generation, an accepted edit) and on refresh(). JavaScript and TypeScript are
 * built by the server (client.preview.build, docs/decisions/019) first; HTML and Python go to
 * the frame as written. Each run starts with an empty Console.
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { isCodewrightError, type RequestOptions } from '@codewright/sdk';
import {
  annotateHtml,
  type PreviewBuildRequest,
  type PreviewBuildResult,
  type PreviewProblem,
} from '@codewright/contract';
import { client } from '../../sdk.ts';
import { PreviewFrameHost } from './frame-host.ts';
import { inlineLinkedFiles } from './inline-files.ts';
import { initialPreviewState, previewReducer, type PreviewState } from './preview-state.ts';
import { languageIdOf, previewTargetOf } from './preview-target.ts';
import type { ProjectFileText, SelectedElement } from './sandbox/protocol.ts';

const NO_FILES: readonly ProjectFileText[] = [];
const SETTLED_PHASES = new Set(['ready', 'build-failed', 'failed', 'stopped']);

export type BuildFn = (
  input: PreviewBuildRequest,
  options?: RequestOptions,
) => Promise<PreviewBuildResult>;

export interface UsePreviewOptions {
  code: string;
  language: string;
  /** The path of the file `code` is (a project of many files, issue 45). */
  path?: string;
  /** The project's other files: imported by the module, or beside the Python script. */
  files?: readonly ProjectFileText[];
  runKey?: unknown;
  /** Quiet time after the last change before a run; 0 runs only on runKey and refresh. */
  debounceMs: number;
  onProblems?: (problems: PreviewProblem[]) => void;
  /** A run ended (ready, build failed, failed, stopped): the code it ran and its problems. */
  onSettled?: (run: { code: string; problems: PreviewProblem[] }) => void;
  /** The build call; the app's client by default. */
  build?: BuildFn;
  /** An element was chosen in select mode (what the frame says; check it before use). */
  onSelect?: (element: SelectedElement) => void;
  /** Escape in the frame while in select mode. */
  onSelectExit?: () => void;
}

export interface UsePreview {
  state: PreviewState;
  /** Where the frame goes. */
  containerRef: React.RefObject<HTMLDivElement | null>;
  refresh(): void;
  /** Opens the last run full size in a new tab; false when the browser blocked it. */
  openInNewTab(): boolean;
  clearConsole(): void;
  /** Ends the running program at once (its frame is removed); Refresh runs it again. */
  stop(): void;
  /** Select mode on or off, in this run's frame and the next ones' (issue 53). */
  setSelectMode(on: boolean): void;
}

/** Words for a build request that failed (not a problem in the code). */
function requestFailure(err: unknown): string {
  if (isCodewrightError(err)) {
    if (err.status === 401) return 'Sign in again to run the preview.';
    if (err.status === 429) return 'Too many preview builds at once. Wait a moment, then Refresh.';
    return `The preview could not be built: ${err.message}`;
  }
  return 'The preview could not reach the app. Check your connection, then Refresh.';
}

export function usePreview(options: UsePreviewOptions): UsePreview {
  const { code, language, runKey, debounceMs } = options;
  const files = options.files ?? NO_FILES;
  const [state, dispatch] = useReducer(previewReducer, undefined, () =>
    initialPreviewState(previewTargetOf(language, code)),
  );
  const containerRef = useRef<HTMLDivElement | null>(null);
  const hostRef = useRef<PreviewFrameHost | null>(null);
  const inputs = {
    code,
    language,
    path: options.path,
    files,
    build: options.build,
    onProblems: options.onProblems,
    onSettled: options.onSettled,
    onSelect: options.onSelect,
    onSelectExit: options.onSelectExit,
  };
  const latest = useRef(inputs);
  const abortRef = useRef<AbortController | null>(null);
  const startedAt = useRef(0);
  /** The code, language and files of the last run (a debounced run of the same is skipped). */
  const ran = useRef<{ code: string; language: string; files: readonly ProjectFileText[] } | null>(
    null,
  );

  useEffect(() => {
    latest.current = inputs;
  });

  const run = useCallback(async () => {
    const host = hostRef.current;
    if (!host) return;
    const { code: source, language: lang, build, path, files: others } = latest.current;
    ran.current = { code: source, language: lang, files: others };
    abortRef.current?.abort();
    // The frame on screen stays until the new one replaces it, but it speaks no more.
    host.invalidate();
    const target = previewTargetOf(lang, source);
    if (target.kind === 'empty' || target.kind === 'unsupported') {
      host.clear();
      dispatch({ type: 'idle', target });
      return;
    }
    startedAt.current = performance.now();
    dispatch({ type: 'start', target });
    if (target.kind !== 'module') {
      host.run({
        mode: target.kind,
        // A page's tags say where they are written (select mode, issue 53), on the page as the
        // user wrote it; then its links to the project's stylesheets and scripts are inlined.
        code:
          target.kind === 'html' ? inlineLinkedFiles(annotateHtml(source), others, path) : source,
        map: null,
        ...(target.kind === 'python' && others.length > 0 ? { files: [...others] } : {}),
      });
      return;
    }
    const abort = new AbortController();
    abortRef.current = abort;
    try {
      const result = await (build ?? client.preview.build)(
        {
          code: source,
          language: target.language,
          ...(others.length > 0 ? { path, files: [...others] } : {}),
        },
        { signal: abort.signal },
      );
      if (abort.signal.aborted) return;
      if (!result.ok) {
        dispatch({ type: 'build-failed', errors: result.errors, entry: path });
        return;
      }
      host.run({
        mode: 'module',
        code: result.code,
        map: result.map,
        ...(result.css ? { css: result.css } : {}),
      });
    } catch (err) {
      if (abort.signal.aborted) return;
      dispatch({ type: 'request-failed', message: requestFailure(err) });
    }
  }, []);

  // One frame host per mount; the first run starts with it.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const host = new PreviewFrameHost(container, {
      onMessage: (message) => {
        if (message.type === 'select') return latest.current.onSelect?.(message);
        if (message.type === 'select-exit') return latest.current.onSelectExit?.();
        const ms = performance.now() - startedAt.current;
        // From the code being final to the first paint in the frame (bench/preview-ready.mjs).
        if (
          message.type === 'status' &&
          (message.status === 'rendered' || message.status === 'done')
        ) {
          performance.measure('codewright:preview-ready', {
            start: startedAt.current,
            duration: ms,
          });
        }
        dispatch({ type: 'frame', message, ms });
      },
      onHang: (reason) => dispatch({ type: 'hang', reason }),
    });
    hostRef.current = host;
    void run();
    return () => {
      abortRef.current?.abort();
      host.dispose();
      hostRef.current = null;
    };
  }, [run]);

  // A run takes a spare frame that has loaded React and Tailwind, or started Python, already.
  useEffect(() => {
    const id = languageIdOf(language);
    if (id === 'javascript' || id === 'typescript') hostRef.current?.prepare('module');
    else if (id === 'python') hostRef.current?.prepare('python');
  }, [language]);

  // As the code changes: after a quiet moment.
  const lastInput = useRef({ code, language, files });
  useEffect(() => {
    const last = lastInput.current;
    if (last.code === code && last.language === language && last.files === files) return;
    lastInput.current = { code, language, files };
    if (debounceMs <= 0) return;
    const timer = setTimeout(() => {
      // A runKey change may have run this very code already (a generation sets both).
      const done = ran.current;
      const now = latest.current;
      if (done?.code === now.code && done.language === now.language && done.files === now.files)
        return;
      void run();
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [code, language, files, debounceMs, run]);

  // A new runKey (a generation or an accepted edit): now.
  const lastKey = useRef(runKey);
  useEffect(() => {
    if (Object.is(lastKey.current, runKey)) return;
    lastKey.current = runKey;
    void run();
  }, [runKey, run]);

  useEffect(() => {
    latest.current.onProblems?.(state.console.problems);
  }, [state.console.problems]);

  const settled = SETTLED_PHASES.has(state.phase);
  useEffect(() => {
    if (!settled || !ran.current) return;
    latest.current.onSettled?.({ code: ran.current.code, problems: state.console.problems });
    // Once per run: when its phase settles, with the problems it had then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled, state.phase]);

  const refresh = useCallback(() => void run(), [run]);
  const openInNewTab = useCallback(() => hostRef.current?.openInNewTab() ?? false, []);
  const clearConsole = useCallback(() => dispatch({ type: 'clear-console' }), []);
  const stop = useCallback(() => {
    abortRef.current?.abort();
    hostRef.current?.clear();
    dispatch({ type: 'stop' });
  }, []);
  const setSelectMode = useCallback((on: boolean) => hostRef.current?.setSelectMode(on), []);
  return { state, containerRef, refresh, openInNewTab, clearConsole, stop, setSelectMode };
}
