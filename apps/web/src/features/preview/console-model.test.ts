import { describe, expect, it } from 'vitest';
import { PREVIEW_CONSOLE_MAX_ENTRIES } from '@codewright/contract';
import { addEntries, addNote, addProblem, emptyConsole } from './console-model.ts';

const entry = (level: 'log' | 'error' | 'warn', text: string, line: number | null = null) => ({
  level,
  text,
  line,
  column: null,
});

describe('console model', () => {
  it('counts levels, collapses repeats and turns console.error into a problem', () => {
    let state = addEntries(emptyConsole(), [
      entry('log', 'tick'),
      entry('log', 'tick'),
      entry('log', 'tock'),
    ]);
    state = addEntries(state, [entry('error', 'bad', 4), entry('warn', 'hm')]);
    expect(state.counts).toMatchObject({ log: 3, error: 1, warn: 1 });
    expect(state.lines.map((l) => [l.text, l.count])).toEqual([
      ['tick', 2],
      ['tock', 1],
      ['bad', 1],
      ['hm', 1],
    ]);
    expect(state.problems).toEqual([{ kind: 'console', message: 'bad', line: 4, column: null }]);
  });

  it('shows problems as error lines with their kind', () => {
    const state = addProblem(emptyConsole(), {
      kind: 'compile',
      message: 'Expected ")"',
      line: 5,
      column: 3,
    });
    expect(state.lines[0]).toMatchObject({ level: 'error', kind: 'compile', line: 5 });
    expect(state.counts.error).toBe(1);
  });

  it('keeps at most the cap of lines and counts the rest', () => {
    const many = Array.from({ length: PREVIEW_CONSOLE_MAX_ENTRIES + 5 }, (_, i) =>
      entry('log', `n${i}`),
    );
    const state = addEntries(emptyConsole(), many, 7);
    expect(state.lines).toHaveLength(PREVIEW_CONSOLE_MAX_ENTRIES);
    expect(state.counts.log).toBe(PREVIEW_CONSOLE_MAX_ENTRIES + 5);
    expect(state.dropped).toBe(7);
  });

  it('a note of the app (Stop) is the last line even past the cap, and no problem', () => {
    const full = addEntries(
      emptyConsole(),
      Array.from({ length: PREVIEW_CONSOLE_MAX_ENTRIES + 3 }, (_, i) => entry('log', `tick ${i}`)),
    );
    expect(full.lines).toHaveLength(PREVIEW_CONSOLE_MAX_ENTRIES);
    const stopped = addNote(full, 'Stopped: you stopped the program.');
    expect(stopped.lines.at(-1)).toMatchObject({
      level: 'info',
      text: 'Stopped: you stopped the program.',
    });
    expect(stopped.counts.info).toBe(1);
    expect(stopped.problems).toEqual([]);
  });
});
