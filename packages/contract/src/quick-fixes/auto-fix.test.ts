import { describe, expect, it } from 'vitest';
import type { PreviewProblem } from '../preview.ts';
import { AUTO_FIX_MESSAGES, NEW_AUTO_FIX_CHAIN, nextAutoFixStep } from './auto-fix.ts';

const thrown = (message: string): PreviewProblem => ({
  kind: 'runtime',
  message,
  line: 3,
  column: 1,
});

describe('nextAutoFixStep', () => {
  it('runs a round for an error, and stops when the same error comes back', () => {
    const first = nextAutoFixStep(NEW_AUTO_FIX_CHAIN, [thrown('TypeError: x is undefined')]);
    expect(first).toEqual({
      kind: 'fix',
      chain: { rounds: 1, last: 'runtime\nTypeError: x is undefined' },
      message: AUTO_FIX_MESSAGES.round(1),
    });
    if (first.kind !== 'fix') return;
    // The same message on another line is the same error.
    expect(
      nextAutoFixStep(first.chain, [{ ...thrown('TypeError: x is undefined'), line: 9 }]),
    ).toEqual({
      kind: 'stop',
      message: AUTO_FIX_MESSAGES.repeated,
    });
  });

  it('runs at most two rounds for one answer, and nothing once the code runs', () => {
    const one = nextAutoFixStep(NEW_AUTO_FIX_CHAIN, [thrown('a')]);
    if (one.kind !== 'fix') throw new Error('expected a round');
    const two = nextAutoFixStep(one.chain, [thrown('b')]);
    expect(two).toMatchObject({ kind: 'fix', chain: { rounds: 2 } });
    if (two.kind !== 'fix') return;
    expect(nextAutoFixStep(two.chain, [thrown('c')])).toEqual({
      kind: 'stop',
      message: AUTO_FIX_MESSAGES.exhausted,
    });
    expect(nextAutoFixStep(two.chain, [])).toEqual({ kind: 'none' });
  });

  it('leaves console.error lines and blocked requests alone', () => {
    const logged: PreviewProblem = { kind: 'console', message: 'oops', line: 1, column: 1 };
    const blocked: PreviewProblem = {
      kind: 'blocked',
      message: 'Blocked x',
      line: null,
      column: null,
    };
    expect(nextAutoFixStep(NEW_AUTO_FIX_CHAIN, [logged, blocked])).toEqual({ kind: 'none' });
  });
});
