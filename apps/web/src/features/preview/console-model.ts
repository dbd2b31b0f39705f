/**
 * The Console of one run, as pure state: lines (repeats of the same line collapse into a
 * count, as browser consoles do), counts per level, how many were left out, and the
 * problems the panel reports (`onProblems`): errors of every kind and console.error calls.
 */
import {
  PREVIEW_CONSOLE_MAX_ENTRIES,
  type PreviewProblem,
  type PreviewProblemKind,
} from '@codewright/contract';
import type { ConsoleEntry, ConsoleLevel } from './sandbox/protocol.ts';

export interface ConsoleLine {
  id: number;
  level: ConsoleLevel;
  text: string;
  line: number | null;
  column: number | null;
  /** How many times it came in a row. */
  count: number;
  /** Set for problems that are not console calls (a build error, an uncaught error…). */
  kind?: PreviewProblemKind;
}

export interface ConsoleState {
  lines: ConsoleLine[];
  counts: Record<ConsoleLevel, number>;
  /** Entries left out past PREVIEW_CONSOLE_MAX_ENTRIES. */
  dropped: number;
  problems: PreviewProblem[];
}

/** Most problems kept for one run (the first ones matter). */
export const MAX_PROBLEMS = 50;

let nextId = 1;

export function emptyConsole(): ConsoleState {
  return {
    lines: [],
    counts: { log: 0, info: 0, warn: 0, error: 0, debug: 0 },
    dropped: 0,
    problems: [],
  };
}

function append(state: ConsoleState, line: Omit<ConsoleLine, 'id' | 'count'>): ConsoleState {
  const counts = { ...state.counts, [line.level]: state.counts[line.level] + 1 };
  const last = state.lines.at(-1);
  if (
    last &&
    last.level === line.level &&
    last.text === line.text &&
    last.line === line.line &&
    last.kind === line.kind
  ) {
    const lines = [...state.lines.slice(0, -1), { ...last, count: last.count + 1 }];
    return { ...state, lines, counts };
  }
  if (state.lines.length >= PREVIEW_CONSOLE_MAX_ENTRIES) {
    return { ...state, counts, dropped: state.dropped + 1 };
  }
  return { ...state, counts, lines: [...state.lines, { ...line, id: nextId++, count: 1 }] };
}

function withProblem(state: ConsoleState, problem: PreviewProblem): ConsoleState {
  if (state.problems.length >= MAX_PROBLEMS) return state;
  return { ...state, problems: [...state.problems, problem] };
}

/** Adds console entries; `dropped` is the frame's count so far for this run. */
export function addEntries(
  state: ConsoleState,
  entries: readonly ConsoleEntry[],
  dropped = 0,
): ConsoleState {
  let next = state;
  for (const entry of entries) {
    next = append(next, entry);
    if (entry.level === 'error') {
      next = withProblem(next, {
        kind: 'console',
        message: entry.text,
        line: entry.line,
        column: entry.column,
      });
    }
  }
  return dropped > next.dropped ? { ...next, dropped } : next;
}

/** Adds a problem (shown as an error line) to the Console. */
export function addProblem(state: ConsoleState, problem: PreviewProblem): ConsoleState {
  const next = append(state, {
    level: 'error',
    text: problem.message,
    line: problem.line,
    column: problem.column,
    kind: problem.kind,
  });
  return withProblem(next, problem);
}

/** A line of the app's own (a run the user stopped): always shown, past the cap too. */
export function addNote(state: ConsoleState, text: string): ConsoleState {
  return {
    ...state,
    counts: { ...state.counts, info: state.counts.info + 1 },
    lines: [
      ...state.lines,
      { id: nextId++, level: 'info', text, line: null, column: null, count: 1 },
    ],
  };
}
