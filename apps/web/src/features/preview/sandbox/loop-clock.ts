/**
 * The two functions the loop guards call (loop-guard.ts; docs/decisions/020). A loop that has
 * run PREVIEW_LOOP_LIMIT_MS since it was entered throws a LoopLimitError, named by its line
 * in the Console. Once one loop tripped, every guard throws until the current task ends, so
 * a `try/catch` around the loop cannot keep an endless one going.
 */
import { PREVIEW_LOOP_LIMIT_MS } from '@codewright/contract';
import { LOOP_CHECK_FN, LOOP_ENTER_FN } from './loop-guard.ts';

/** Thrown by a guard; the runtime reports it as "stopped", with the loop's line. */
export class LoopLimitError extends Error {
  constructor(limitMs: number) {
    super(
      `A loop ran for more than ${limitMs} ms without finishing. Is it endless? Check its condition and what changes it.`,
    );
    this.name = 'LoopLimitError';
  }
}

/** Passes before the clock is read only every 64th time (a cheap guard for tight loops). */
const CHECK_EVERY_PASS_UNTIL = 100;

/**
 * Defines the guard functions on `target` (the frame's window), unchangeable by user code;
 * `now` and `defer` are injectable for tests.
 */
export function installLoopClock(
  target: object,
  limitMs: number = PREVIEW_LOOP_LIMIT_MS,
  now: () => number = () => performance.now(),
  defer: (fn: () => void) => void = (fn) => setTimeout(fn, 0),
): void {
  const starts: number[] = [];
  const passes: number[] = [];
  let tripped = false;

  const trip = (): never => {
    if (!tripped) {
      tripped = true;
      defer(() => {
        tripped = false;
      });
    }
    throw new LoopLimitError(limitMs);
  };

  const enter = (id: number) => {
    if (tripped) trip();
    starts[id] = now();
    passes[id] = 0;
  };

  const check = (id: number) => {
    if (tripped) trip();
    const pass = (passes[id] = (passes[id] ?? 0) + 1);
    if (pass > CHECK_EVERY_PASS_UNTIL && (pass & 63) !== 0) return;
    const start = (starts[id] ??= now());
    if (now() - start > limitMs) trip();
  };

  for (const [name, fn] of [
    [LOOP_ENTER_FN, enter],
    [LOOP_CHECK_FN, check],
  ] as const) {
    Object.defineProperty(target, name, { value: fn, writable: false, configurable: false });
  }
}
