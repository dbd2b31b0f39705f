import { PLAN_LIMITS, type PlanInfo, type PlanName, remainingOf } from '@codewright/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Executor } from '../../db/query.ts';
import type { PrincipalCache } from '../auth/principal.ts';
import { type Meter, type PlanRow, planRepository } from './plan.repository.ts';
import { createReservationQueue } from './reservation-queue.ts';

export type { Meter };

/** A charged unit of a meter; hand it to `refundUsage` if the work it paid for failed. */
export interface UsageReservation {
  userId: string;
  meter: Meter;
  /** Start of the usage period charged (a refund after the next monthly reset is dropped). */
  chargedAt: Date;
}

export interface PlanServiceOptions {
  db: Database;
  cache: Pick<PrincipalCache, 'forgetUser' | 'setPlan'>;
}

function infoOf(row: PlanRow, projectCount: number): PlanInfo {
  const limits = PLAN_LIMITS[row.plan];
  return {
    plan: row.plan,
    limits,
    usage: {
      generationsUsed: row.generationsUsed,
      editsUsed: row.editsUsed,
      lastResetDate: row.lastResetDate.toISOString(),
    },
    remaining: {
      generations: remainingOf(limits.generationsPerMonth, row.generationsUsed),
      edits: remainingOf(limits.editsPerMonth, row.editsUsed),
      projects: remainingOf(limits.maxProjects, projectCount),
    },
  };
}

/**
 * Locks the plan row of a workspace's owner until `tx` ends and returns its project cap (-1: none).
 * A project create counts the workspace's projects after this, so concurrent creates count exactly.
 */
export function lockProjectCap(tx: Executor, ownerId: string): Promise<number> {
  return planRepository.lockProjectCap(tx, ownerId);
}

/**
 * Plans, usage meters and the monthly reset (DESIGN §3.1–3.4, SPEC §4.3).
 * The AI route calls `reserveUsage` before asking the model and `refundUsage`
 * when the call failed; a successful call needs nothing more (the charge stands).
 */
export function createPlanService({ db, cache }: PlanServiceOptions) {
  // Concurrent reservations are group-committed (reservation-queue.ts). A charge hands its row
  // to the user's cached principals, so /me shows the new counters without a reload (dropping
  // them made every metered request reload its principal first: one query each, in series).
  const reserve = createReservationQueue(
    {
      async reserveOne(userId, meter) {
        const row = await planRepository.reserve(db, userId, meter);
        if (row) return row;
        // No row yet (an account older than plans): create the Free row and try once more.
        await planRepository.ensureRow(db, userId);
        return planRepository.reserve(db, userId, meter);
      },
      reserveMany: (meter, wants) => planRepository.reserveMany(db, meter, wants),
    },
    (userId, row) => cache.setPlan(userId, { userId, ...row }),
  );

  async function readInfo(
    tx: Executor,
    userId: string,
  ): Promise<{ info: PlanInfo; reset: boolean }> {
    let read = await planRepository.readWithReset(tx, userId);
    if (!read) {
      // An account older than plans has no row yet: it starts on Free.
      await planRepository.ensureRow(tx, userId);
      read = await planRepository.readWithReset(tx, userId);
    }
    if (!read) throw new AppError('UNAUTHORIZED');
    return {
      info: infoOf(read.row, await planRepository.countProjects(tx, userId)),
      reset: read.reset,
    };
  }

  const planListeners = new Set<(userId: string) => void>();

  return {
    /**
     * Called with a user id after that user's plan changed (what their own folder and the
     * workspaces they own make private follows it, DESIGN §3.15).
     */
    onPlanChanged(listener: (userId: string) => void): () => void {
      planListeners.add(listener);
      return () => planListeners.delete(listener);
    },

    /** The caller's plan, limits, usage and remaining quota; applies the monthly reset first. */
    async getPlanInfo(userId: string): Promise<PlanInfo> {
      const { info, reset } = await db.transaction((tx) => readInfo(tx, userId));
      if (reset) cache.forgetUser(userId);
      return info;
    },

    /** Self-serve plan change (SPEC §4.3: it sets the plan directly; no payment flow). */
    async upgrade(userId: string, plan: PlanName): Promise<PlanInfo> {
      const { info } = await db.transaction(async (tx) => {
        await planRepository.setPlan(tx, userId, plan);
        return readInfo(tx, userId);
      });
      cache.forgetUser(userId);
      for (const listener of planListeners) listener(userId);
      return info;
    },

    /**
     * Charges one generation or edit, atomically (one conditional UPDATE, with
     * the monthly reset in the same statement; concurrent calls share one statement,
     * see reservation-queue.ts). Throws 402 GENERATION_LIMIT_REACHED /
     * EDIT_LIMIT_REACHED when none remains.
     */
    async reserveUsage(
      userId: string,
      meter: Meter,
    ): Promise<{ ok: true; reservation: UsageReservation }> {
      const row = await reserve(userId, meter);
      if (!row) {
        throw new AppError(
          meter === 'generation' ? 'GENERATION_LIMIT_REACHED' : 'EDIT_LIMIT_REACHED',
        );
      }
      return { ok: true, reservation: { userId, meter, chargedAt: row.lastResetDate } };
    },

    /** Gives a reserved unit back (never below 0; not across a monthly reset). */
    async refundUsage(reservation: UsageReservation): Promise<void> {
      const { userId, meter, chargedAt } = reservation;
      const row = await planRepository.refund(db, userId, meter, chargedAt);
      if (row) cache.setPlan(userId, { userId, ...row });
      else cache.forgetUser(userId);
    },
  };
}

export type PlanService = ReturnType<typeof createPlanService>;
