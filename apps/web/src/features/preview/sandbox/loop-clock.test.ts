import { describe, expect, it } from 'vitest';
import { installLoopClock, LoopLimitError } from './loop-clock.ts';

interface Guards {
  __cw$enter(id: number): void;
  __cw$loop(id: number): void;
}

function clock(limitMs = 500) {
  let now = 0;
  const deferred: Array<() => void> = [];
  const target = {} as Guards;
  installLoopClock(
    target,
    limitMs,
    () => now,
    (fn) => deferred.push(fn),
  );
  return {
    target,
    advance: (ms: number) => (now += ms),
    endTask: () => deferred.splice(0).forEach((fn) => fn()),
  };
}

describe('installLoopClock', () => {
  it('lets a loop run until it has taken longer than the limit since it was entered', () => {
    const { target, advance } = clock();
    target.__cw$enter(0);
    target.__cw$loop(0);
    advance(400);
    target.__cw$loop(0);
    advance(200);
    expect(() => target.__cw$loop(0)).toThrow(LoopLimitError);
  });

  it('starts the clock again each time the loop is entered', () => {
    const { target, advance } = clock();
    for (let i = 0; i < 5; i++) {
      target.__cw$enter(1);
      advance(300);
      target.__cw$loop(1);
    }
  });

  it('keeps throwing until the task ends, so a catch cannot keep the loop going', () => {
    const { target, advance, endTask } = clock();
    target.__cw$enter(0);
    advance(600);
    expect(() => target.__cw$loop(0)).toThrow(LoopLimitError);
    expect(() => target.__cw$enter(3)).toThrow(LoopLimitError);
    endTask();
    target.__cw$enter(3);
    target.__cw$loop(3);
  });

  it('reads the clock on every pass at first, then every 64th', () => {
    let reads = 0;
    const target = {} as Guards;
    installLoopClock(
      target,
      500,
      () => (reads++, 0),
      () => {},
    );
    target.__cw$enter(0);
    for (let i = 0; i < 1_000; i++) target.__cw$loop(0);
    expect(reads).toBeLessThan(100 + 1 + Math.ceil(900 / 64) + 1);
  });

  it('cannot be replaced by the code it guards', () => {
    const { target } = clock();
    expect(() => {
      (target as { __cw$loop: unknown }).__cw$loop = () => {};
    }).toThrow(TypeError);
  });
});
