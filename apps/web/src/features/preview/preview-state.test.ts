import { describe, expect, it } from 'vitest';
import {
  canStop,
  initialPreviewState,
  previewReducer,
  STOPPED_BY_USER_TEXT,
} from './preview-state.ts';

const tag = 'codewright-preview' as const;

describe('previewReducer', () => {
  it('goes building → running → ready, with a fresh Console each run and the time taken', () => {
    let state = initialPreviewState({ kind: 'module', language: 'javascript' });
    state = previewReducer(state, {
      type: 'frame',
      message: {
        tag,
        type: 'console',
        runId: 1,
        entries: [{ level: 'log', text: 'old', line: null, column: null }],
        dropped: 0,
      },
      ms: 0,
    });
    state = previewReducer(state, {
      type: 'start',
      target: { kind: 'module', language: 'javascript' },
    });
    expect(state.phase).toBe('building');
    expect(state.console.lines).toEqual([]);
    state = previewReducer(state, {
      type: 'frame',
      message: { tag, type: 'status', runId: 2, status: 'running', ms: 1 },
      ms: 40,
    });
    expect(state.phase).toBe('running');
    state = previewReducer(state, {
      type: 'frame',
      message: { tag, type: 'status', runId: 2, status: 'rendered', ms: 9 },
      ms: 120,
    });
    expect(state).toMatchObject({ phase: 'ready', lastRunMs: 120, hasOutput: true });
  });

  it('records build errors as compile problems with their lines', () => {
    const state = previewReducer(initialPreviewState({ kind: 'module', language: 'typescript' }), {
      type: 'build-failed',
      errors: [{ message: 'Unexpected "}"', line: 12, column: 1 }],
    });
    expect(state.phase).toBe('build-failed');
    expect(state.console.problems).toEqual([
      { kind: 'compile', message: 'Unexpected "}"', line: 12, column: 1 },
    ]);
  });

  it('names the file and line of an error in another of the project’s files, marking no line', () => {
    const state = previewReducer(initialPreviewState({ kind: 'module', language: 'typescript' }), {
      type: 'build-failed',
      entry: 'src/App.tsx',
      errors: [
        { message: 'Expected ";"', line: 3, column: 7, file: 'src/lib/format.ts' },
        { message: 'Could not resolve "./gone"', line: 2, column: 1, file: 'src/App.tsx' },
      ],
    });
    expect(state.console.problems).toEqual([
      {
        kind: 'compile',
        message: 'src/lib/format.ts line 3: Expected ";"',
        line: null,
        column: null,
      },
      { kind: 'compile', message: 'Could not resolve "./gone"', line: 2, column: 1 },
    ]);
  });

  it('says why a hung preview was stopped', () => {
    const state = previewReducer(initialPreviewState({ kind: 'html' }), {
      type: 'hang',
      reason: 'unresponsive',
    });
    expect(state.phase).toBe('stopped');
    expect(state.notice).toMatch(/stopped answering for 3 s/);
    expect(state.console.problems[0]?.kind).toBe('timeout');
  });

  it('shows Python starting, and the empty and unsupported states', () => {
    let state = initialPreviewState({ kind: 'empty' });
    expect(state.phase).toBe('empty');
    state = previewReducer(state, {
      type: 'idle',
      target: { kind: 'unsupported', language: 'Go' },
    });
    expect(state.phase).toBe('unsupported');
    state = previewReducer(state, { type: 'start', target: { kind: 'python' } });
    state = previewReducer(state, {
      type: 'frame',
      message: { tag, type: 'status', runId: 3, status: 'loading-python', ms: 0 },
      ms: 0,
    });
    expect(state.phase).toBe('starting-python');
  });

  it('Stop ends a running run: phase stopped, one Console line with a single "Stopped:", no problem', () => {
    let state = initialPreviewState({ kind: 'python' });
    state = previewReducer(state, { type: 'start', target: { kind: 'python' } });
    expect(canStop(state)).toBe(true);
    state = previewReducer(state, { type: 'stop' });
    expect(state.phase).toBe('stopped');
    expect(canStop(state)).toBe(false);
    expect(state.notice).toBe(STOPPED_BY_USER_TEXT);
    expect(state.console.lines.map((l) => [l.level, l.text])).toEqual([
      ['info', STOPPED_BY_USER_TEXT],
    ]);
    expect(STOPPED_BY_USER_TEXT.match(/Stopped/g)).toHaveLength(1);
    expect(state.console.problems).toEqual([]);
  });

  it('offers Stop while code runs, and on a finished JavaScript run (its timers run on), not a finished Python one', () => {
    const ready = (target: Parameters<typeof initialPreviewState>[0]) =>
      previewReducer(previewReducer(initialPreviewState(target), { type: 'start', target }), {
        type: 'frame',
        message: { tag, type: 'status', runId: 1, status: 'done', ms: 1 },
        ms: 1,
      });
    expect(canStop(ready({ kind: 'module', language: 'javascript' }))).toBe(true);
    expect(canStop(ready({ kind: 'python' }))).toBe(false);
    expect(canStop(initialPreviewState({ kind: 'empty' }))).toBe(false);
  });
});
