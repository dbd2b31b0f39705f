import { type SQL, sql } from 'drizzle-orm';
import { PLAN_LIMITS, PLAN_NAMES, type PlanName, PlanNameSchema } from '@codewright/contract';
import { type Executor, rowsOf } from '../../db/query.ts';

export type Meter = 'generation' | 'edit';

export interface PlanRow {
  plan: PlanName;
  generationsUsed: number;
  editsUsed: number;
  lastResetDate: Date;
}

interface RawPlanRow {
  plan: string;
  generations_used: number;
  edits_used: number;
  last_reset_date: Date | string;
}

function toPlanRow(raw: RawPlanRow): PlanRow {
  const plan = PlanNameSchema.safeParse(raw.plan);
  return {
    plan: plan.success ? plan.data : 'free',
    generationsUsed: Number(raw.generations_used),
    editsUsed: Number(raw.edits_used),
    lastResetDate: new Date(raw.last_reset_date),
  };
}

const METER_COLUMN: Record<Meter, ReturnType<typeof sql.identifier>> = {
  generation: sql.identifier('generations_used'),
  edit: sql.identifier('edits_used'),
};

/** The plan table of the contract as a SQL CASE on user_plans.plan (unknown plans count as Free). */
function limitSql(field: 'generationsPerMonth' | 'editsPerMonth' | 'maxProjects'): SQL {
  const whens = PLAN_NAMES.map((p) => sql` when ${p} then ${PLAN_LIMITS[p][field]}::int`);
  return sql`(case plan${sql.join(whens, sql``)} else ${PLAN_LIMITS.free[field]}::int end)`;
}

/** True when last_reset_date lies in another UTC month than now (SPEC §4.3). */
const STALE = sql`date_trunc('month', last_reset_date at time zone 'UTC') <> date_trunc('month', now() at time zone 'UTC')`;

const RETURNING = sql`returning plan, generations_used, edits_used, last_reset_date`;

/** SQL of the plan module: the server-owned user_plans rows (DESIGN §3.1–3.4). */
export const planRepository = {
  /** Creates the Free row of a user who has none (accounts made before plans existed). */
  async ensureRow(db: Executor, userId: string): Promise<void> {
    await db.execute(
      sql`insert into user_plans (user_id) values (${userId}) on conflict do nothing`,
    );
  },

  /** Zeroes both counters when the month changed; returns the row, and whether it was reset. */
  async readWithReset(
    db: Executor,
    userId: string,
  ): Promise<{ row: PlanRow; reset: boolean } | null> {
    const reset = rowsOf<RawPlanRow>(
      await db.execute(
        sql`update user_plans set generations_used = 0, edits_used = 0, last_reset_date = now() where user_id = ${userId} and ${STALE} ${RETURNING}`,
      ),
    );
    if (reset[0]) return { row: toPlanRow(reset[0]), reset: true };
    const rows = rowsOf<RawPlanRow>(
      await db.execute(
        sql`select plan, generations_used, edits_used, last_reset_date from user_plans where user_id = ${userId}`,
      ),
    );
    return rows[0] ? { row: toPlanRow(rows[0]), reset: false } : null;
  },

  /**
   * One conditional UPDATE: a stale month is reset and charged in the same
   * statement; otherwise the meter rises only while below the plan's limit.
   * Null when the limit is reached (or the row is missing).
   */
  async reserve(db: Executor, userId: string, meter: Meter): Promise<PlanRow | null> {
    const used = METER_COLUMN[meter];
    const other = METER_COLUMN[meter === 'generation' ? 'edit' : 'generation'];
    const limit = limitSql(meter === 'generation' ? 'generationsPerMonth' : 'editsPerMonth');
    const rows = rowsOf<RawPlanRow>(
      await db.execute(sql`update user_plans set
          ${used} = case when ${STALE} then 1 else ${used} + 1 end,
          ${other} = case when ${STALE} then 0 else ${other} end,
          last_reset_date = case when ${STALE} then now() else last_reset_date end
        where user_id = ${userId}
          and (${limit} = -1 or (case when ${STALE} then 0 else ${used} end) < ${limit})
        ${RETURNING}`),
    );
    return rows[0] ? toPlanRow(rows[0]) : null;
  },

  /**
   * Several users' reservations of one meter in one conditional UPDATE (group commit, see
   * reservation-queue.ts): user u is charged `n` units only when all `n` fit under the plan's
   * limit (a stale month is reset and charged in the same statement). Returns the rows of the
   * users charged; a user missing from the answer was charged nothing.
   */
  async reserveMany(
    db: Executor,
    meter: Meter,
    wants: readonly { userId: string; n: number }[],
  ): Promise<Map<string, PlanRow>> {
    const used = METER_COLUMN[meter];
    const other = METER_COLUMN[meter === 'generation' ? 'edit' : 'generation'];
    const limit = limitSql(meter === 'generation' ? 'generationsPerMonth' : 'editsPerMonth');
    // Sorted, so that concurrent batches of several server instances lock rows in one order.
    const values = [...wants]
      .sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0))
      .map((w) => sql`(${w.userId}::text, ${w.n}::int)`);
    const rows = rowsOf<RawPlanRow & { user_id: string }>(
      await db.execute(sql`update user_plans set
          ${used} = case when ${STALE} then b.n else ${used} + b.n end,
          ${other} = case when ${STALE} then 0 else ${other} end,
          last_reset_date = case when ${STALE} then now() else last_reset_date end
        from (values ${sql.join(values, sql`, `)}) as b(user_id, n)
        where user_plans.user_id = b.user_id
          and (${limit} = -1 or (case when ${STALE} then 0 else ${used} end) + b.n <= ${limit})
        returning user_plans.user_id, plan, generations_used, edits_used, last_reset_date`),
    );
    return new Map(rows.map((r) => [r.user_id, toPlanRow(r)]));
  },

  /** Gives one unit back, never below 0, and only within the month it was charged in. */
  async refund(
    db: Executor,
    userId: string,
    meter: Meter,
    chargedAt: Date,
  ): Promise<PlanRow | null> {
    const used = METER_COLUMN[meter];
    const rows = rowsOf<RawPlanRow>(
      await db.execute(sql`update user_plans set ${used} = greatest(${used} - 1, 0)
        where user_id = ${userId}
          and date_trunc('month', last_reset_date at time zone 'UTC') = date_trunc('month', ${chargedAt.toISOString()}::timestamptz at time zone 'UTC')
        ${RETURNING}`),
    );
    return rows[0] ? toPlanRow(rows[0]) : null;
  },

  async setPlan(db: Executor, userId: string, plan: PlanName): Promise<void> {
    await db.execute(
      sql`insert into user_plans (user_id, plan) values (${userId}, ${plan}) on conflict (user_id) do update set plan = excluded.plan`,
    );
  },

  /** Locks the user's plan row for the rest of the transaction and returns the plan's project cap. */
  async lockProjectCap(tx: Executor, userId: string): Promise<number> {
    await planRepository.ensureRow(tx, userId);
    const rows = rowsOf<{ cap: number }>(
      await tx.execute(
        sql`select ${limitSql('maxProjects')} as cap from user_plans where user_id = ${userId} for update`,
      ),
    );
    return Number(rows[0]?.cap ?? PLAN_LIMITS.free.maxProjects);
  },

  async countProjects(db: Executor, userId: string): Promise<number> {
    const rows = rowsOf<{ n: number | string }>(
      await db.execute(sql`select count(*)::int as n from projects where user_id = ${userId}`),
    );
    return Number(rows[0]?.n ?? 0);
  },
};
