import { describe, expect, it } from 'vitest';
import type { Meter, PlanRow } from './plan.repository.ts';
import { createReservationQueue, type ReservationStore } from './reservation-queue.ts';

/** An in-memory meter table with the SQL's semantics, recording each statement it runs. */
function memoryStore(limits: Record<string, number>, failMany = false) {
  const used = new Map<string, number>();
  const statements: string[] = [];
  const row = (userId: string): PlanRow => ({
    plan: 'free',
    generationsUsed: used.get(userId) ?? 0,
    editsUsed: 0,
    lastResetDate: new Date(0),
  });
  const store: ReservationStore = {
    async reserveOne(userId: string, meter: Meter) {
      statements.push(`one ${userId} ${meter}`);
      await Promise.resolve();
      const u = used.get(userId) ?? 0;
      if (limits[userId] !== -1 && u >= limits[userId]!) return null;
      used.set(userId, u + 1);
      return row(userId);
    },
    async reserveMany(meter, wants) {
      statements.push(`many ${meter} ${wants.map((w) => `${w.userId}×${w.n}`).join(',')}`);
      await Promise.resolve();
      if (failMany) throw new Error('deadlock detected');
      const out = new Map<string, PlanRow>();
      for (const { userId, n } of wants) {
        const u = used.get(userId) ?? 0;
        if (limits[userId] !== -1 && u + n > limits[userId]!) continue;
        used.set(userId, u + n);
        out.set(userId, row(userId));
      }
      return out;
    },
  };
  return { store, used, statements };
}

const outcome = (p: Promise<PlanRow | null>) => p.then((r) => (r ? 'ok' : 'refused'));

describe('createReservationQueue (group commit)', () => {
  it('runs a lone reservation at once as one single-unit statement', async () => {
    const { store, statements } = memoryStore({ a: 10 });
    const reserve = createReservationQueue(store);
    expect(await outcome(reserve('a', 'generation'))).toBe('ok');
    expect(statements).toEqual(['one a generation']);
  });

  it('charges concurrent requests of several users in one statement per meter', async () => {
    const { store, used, statements } = memoryStore({ a: -1, b: 10 });
    const charged: string[] = [];
    const reserve = createReservationQueue(store, (userId) => charged.push(userId));
    const results = await Promise.all([
      outcome(reserve('a', 'generation')),
      ...Array.from({ length: 6 }, () => outcome(reserve('a', 'generation'))),
      ...Array.from({ length: 3 }, () => outcome(reserve('b', 'generation'))),
    ]);
    expect(results.every((r) => r === 'ok')).toBe(true);
    expect(statements).toEqual(['one a generation', 'many generation a×6,b×3']);
    expect([used.get('a'), used.get('b')]).toEqual([7, 3]);
    expect(charged).toEqual(['a', 'a', 'b']);
  });

  it('grants exactly the units left when a batch does not fit (10 of 20 on Free)', async () => {
    const { store, used } = memoryStore({ a: 10 });
    const reserve = createReservationQueue(store);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => outcome(reserve('a', 'generation'))),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(10);
    expect(results.filter((r) => r === 'refused')).toHaveLength(10);
    expect(used.get('a')).toBe(10);
  });

  it('falls back to single-unit statements when the batched one fails', async () => {
    const { store, used } = memoryStore({ a: 3 }, true);
    const reserve = createReservationQueue(store);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => outcome(reserve('a', 'edit'))),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(3);
    expect(used.get('a')).toBe(3);
  });

  it('rejects only the request whose statement failed', async () => {
    const { store } = memoryStore({ a: 10 });
    const failing: ReservationStore = {
      ...store,
      reserveOne: async (userId, meter) => {
        if (userId === 'x') throw new Error('connection lost');
        return store.reserveOne(userId, meter);
      },
    };
    const reserve = createReservationQueue(failing);
    const [x, a] = await Promise.allSettled([reserve('x', 'edit'), reserve('a', 'edit')]);
    expect(x.status).toBe('rejected');
    expect(a.status).toBe('fulfilled');
  });
});
