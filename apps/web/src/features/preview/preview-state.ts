/**
 * The panel's state as a pure reducer: what the preview is doing (its phase), the Console of
 * the current run, the time the last run took to paint, and a notice when it was stopped.
 */
import { PREVIEW_WATCHDOG_MS, type PreviewDiagnostic } from '@codewright/contract';
import {
  addEntries,
  addNote,
  addProblem,
  type ConsoleState,
  emptyConsole,
} from './console-model.ts';
import type { PreviewTarget } from './preview-target.ts';
import type { FromFrameMessage } from './sandbox/protocol.ts';

export type PreviewPhase =
  | 'empty'
  | 'unsupported'
  | 'building'
  | 'starting-python'
  | 'running'
  | 'ready'
  | 'build-failed'
  | 'failed'
  | 'stopped';

export interface PreviewState {
  phase: PreviewPhase;
  target: PreviewTarget;
  console: ConsoleState;
  /** Milliseconds from the code being final to the first paint of the last run. */
  lastRunMs: number | null;
  /** Why the preview failed or was stopped, in words for the user. */
  notice: string | null;
  /** True once a run has painted in the frame (something is there to look at). */
  hasOutput: boolean;
}

export type PreviewAction =
  | { type: 'idle'; target: PreviewTarget }
  | { type: 'start'; target: PreviewTarget }
  /** `entry`: the path of the file built (the editor's); an error in another file names it. */
  | { type: 'build-failed'; errors: readonly PreviewDiagnostic[]; entry?: string }
  | { type: 'request-failed'; message: string }
  | { type: 'frame'; message: FromFrameMessage; ms: number }
  | { type: 'hang'; reason: 'unresponsive' | 'no-start' }
  /** The user pressed Stop: the run's frame was removed. */
  | { type: 'stop' }
  | { type: 'clear-console' };

export function initialPreviewState(target: PreviewTarget): PreviewState {
  return {
    phase:
      target.kind === 'empty'
        ? 'empty'
        : target.kind === 'unsupported'
          ? 'unsupported'
          : 'building',
    target,
    console: emptyConsole(),
    lastRunMs: null,
    notice: null,
    hasOutput: false,
  };
}

const HANG_TEXT = {
  unresponsive: `The preview stopped answering for ${PREVIEW_WATCHDOG_MS / 1000} s (an endless loop, a long computation, or it left its page), so it was stopped. Fix the code, then Refresh.`,
  'no-start': 'The preview sandbox did not start. Check that the app is reachable, then Refresh.',
} as const;

/** The Console line and the notice of a run the user stopped. */
export const STOPPED_BY_USER_TEXT = 'Stopped: you stopped the program. Refresh runs it again.';

/** A run the user can stop: its code is starting or running (a JS page's timers run on). */
export function canStop(state: PreviewState): boolean {
  if (state.phase === 'starting-python' || state.phase === 'running') return true;
  return state.phase === 'ready' && state.target.kind === 'module';
}

export function previewReducer(state: PreviewState, action: PreviewAction): PreviewState {
  switch (action.type) {
    case 'idle':
      return { ...initialPreviewState(action.target), hasOutput: false };
    case 'start':
      return {
        ...state,
        target: action.target,
        phase: action.target.kind === 'module' ? 'building' : 'running',
        console: emptyConsole(),
        notice: null,
      };
    case 'build-failed': {
      let console = state.console;
      for (const e of action.errors) {
        // In another of the project's files: its path and line go in the text, and no line of
        // the main file is marked.
        const elsewhere = e.file !== undefined && e.file !== action.entry;
        console = addProblem(console, {
          kind: 'compile',
          message: elsewhere
            ? `${e.file}${e.line === null ? '' : ` line ${e.line}`}: ${e.message}`
            : e.message,
          line: elsewhere ? null : e.line,
          column: elsewhere ? null : e.column,
        });
      }
      return { ...state, phase: 'build-failed', console };
    }
    case 'request-failed':
      return { ...state, phase: 'failed', notice: action.message };
    case 'hang':
      return {
        ...state,
        phase: 'stopped',
        notice: HANG_TEXT[action.reason],
        hasOutput: false,
        console: addProblem(state.console, {
          kind: 'timeout',
          message: HANG_TEXT[action.reason],
          line: null,
          column: null,
        }),
      };
    case 'stop':
      return {
        ...state,
        phase: 'stopped',
        notice: STOPPED_BY_USER_TEXT,
        hasOutput: false,
        console: addNote(state.console, STOPPED_BY_USER_TEXT),
      };
    case 'clear-console':
      return { ...state, console: { ...emptyConsole(), problems: state.console.problems } };
    case 'frame': {
      const m = action.message;
      if (m.type === 'console')
        return { ...state, console: addEntries(state.console, m.entries, m.dropped) };
      if (m.type === 'problem') {
        const problem = { kind: m.kind, message: m.message, line: m.line, column: m.column };
        return { ...state, console: addProblem(state.console, problem) };
      }
      if (m.type === 'status') {
        if (m.status === 'loading-python') return { ...state, phase: 'starting-python' };
        if (m.status === 'running') return { ...state, phase: 'running' };
        return { ...state, phase: 'ready', lastRunMs: action.ms, hasOutput: true };
      }
      return state;
    }
  }
}
