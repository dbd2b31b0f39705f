import { describe, expect, it } from 'vitest';
import { createStartGate } from './start-gate.ts';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('createStartGate', () => {
  it('lets a lone caller start at once', () => {
    expect(createStartGate(2).enter()).toBeUndefined();
  });

  it('starts at most perTurn callers per turn of the event loop, in order of arrival', async () => {
    const gate = createStartGate(2);
    const started: number[] = [];
    for (let i = 0; i < 5; i++) {
      const turn = gate.enter();
      if (turn) void turn.then(() => started.push(i));
      else started.push(i);
    }
    expect(started).toEqual([0, 1]);
    expect(gate.waiting).toBe(3);
    await nextTurn();
    expect(started).toEqual([0, 1, 2, 3]);
    await nextTurn();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(gate.waiting).toBe(0);
  });
});
