/**
 * Group commit of quota reservations (docs/decisions/009-streaming-under-load.md).
 *
 * A reservation that finds no statement in flight runs at once, alone (no added latency).
 * Reservations that arrive while one runs wait for it and then go together: one conditional
 * UPDATE per meter charges each user all of their waiting units when all of them fit. A user
 * for whom they do not all fit (the limit is near, or the row is missing) falls back to the
 * one-unit statement, once per waiting request, so that exactly the units left are granted.
 * Every charge is still one atomic conditional UPDATE before the model is called (DESIGN §3.2).
 */
import type { Meter, PlanRow } from './plan.repository.ts';

export interface ReservationStore {
  /** One unit, one statement; null when the limit is reached (creates a missing row first). */
  reserveOne(userId: string, meter: Meter): Promise<PlanRow | null>;
  /** Every listed user charged `n` units in one statement, only where all `n` fit. */
  reserveMany(
    meter: Meter,
    wants: readonly { userId: string; n: number }[],
  ): Promise<Map<string, PlanRow>>;
}

interface Waiting {
  userId: string;
  meter: Meter;
  resolve(row: PlanRow | null): void;
  reject(err: unknown): void;
}

/** Reserves one unit of a meter; resolves with the charged row, or null when none is left. */
export type ReserveFn = (userId: string, meter: Meter) => Promise<PlanRow | null>;

/** The group-committing `reserve`; `onCharged` runs once per user and batch that charged something. */
export function createReservationQueue(
  store: ReservationStore,
  onCharged: (userId: string, row: PlanRow) => void = () => {},
): ReserveFn {
  let queue: Waiting[] = [];
  let running = false;

  /** Grants one unit at a time to a user's waiting requests until the limit refuses one. */
  async function oneByOne(group: Waiting[]): Promise<void> {
    for (const [i, w] of group.entries()) {
      let row: PlanRow | null;
      try {
        row = await store.reserveOne(w.userId, w.meter);
      } catch (err) {
        w.reject(err);
        continue;
      }
      if (row) {
        onCharged(w.userId, row);
        w.resolve(row);
        continue;
      }
      w.resolve(null);
      // Refused: the rest of this batch, concurrent with it, is refused as well.
      for (const rest of group.slice(i + 1)) rest.resolve(null);
      break;
    }
  }

  async function runMeter(meter: Meter, batch: Waiting[]): Promise<void> {
    const byUser = new Map<string, Waiting[]>();
    for (const w of batch) {
      const group = byUser.get(w.userId);
      if (group) group.push(w);
      else byUser.set(w.userId, [w]);
    }
    let charged = new Map<string, PlanRow>();
    if (batch.length > 1) {
      try {
        charged = await store.reserveMany(
          meter,
          [...byUser].map(([userId, group]) => ({ userId, n: group.length })),
        );
      } catch {
        // e.g. a deadlock with another instance's batch: the one-unit path decides each request.
      }
    }
    for (const [userId, group] of byUser) {
      const row = charged.get(userId);
      if (row) {
        onCharged(userId, row);
        for (const w of group) w.resolve(row);
      } else {
        await oneByOne(group);
      }
    }
  }

  async function drain(): Promise<void> {
    running = true;
    try {
      while (queue.length > 0) {
        const batch = queue;
        queue = [];
        const generations = batch.filter((w) => w.meter === 'generation');
        const edits = batch.filter((w) => w.meter === 'edit');
        // Whatever goes wrong unexpectedly fails the waiting requests, never leaves them hanging
        // (settling an already settled promise does nothing).
        const fail = (group: Waiting[]) => (err: unknown) => group.forEach((w) => w.reject(err));
        if (generations.length > 0)
          await runMeter('generation', generations).catch(fail(generations));
        if (edits.length > 0) await runMeter('edit', edits).catch(fail(edits));
      }
    } finally {
      running = false;
    }
  }

  return (userId, meter) =>
    new Promise<PlanRow | null>((resolve, reject) => {
      queue.push({ userId, meter, resolve, reject });
      if (!running) void drain();
    });
}
