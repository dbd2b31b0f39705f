import { type SQL, sql } from 'drizzle-orm';
import {
  featureNotInPlanMessage,
  PLAN_LIMITS,
  PLAN_NAMES,
  type PlanName,
  type ProjectVisibility,
} from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';
import { type Executor, rowsOf } from '../../db/query.ts';
import { workspacesNotOnSql } from '../workspaces/access.ts';
import type { Filter } from './query-parser.ts';
import { whereSql } from './sql-builder.ts';

/** Plans that include private projects (SPEC §6), from the plan table. */
const PRIVATE_PLANS = PLAN_NAMES.filter((p) => PLAN_LIMITS[p].privateProjects);

/** The workspaces whose plan (their owner's, DESIGN §3.15) has no private projects. */
const PUBLIC_ONLY_WORKSPACES = workspacesNotOnSql(PRIVATE_PLANS);

/** 403 FEATURE_NOT_IN_PLAN naming private projects. */
export function privateNotInPlan(): AppError {
  return new AppError(
    'FEATURE_NOT_IN_PLAN',
    403,
    featureNotInPlanMessage('Private projects', true),
  );
}

/** The visibility a new project takes: private where the plan allows it, else public (SPEC §2.7). */
export function defaultVisibility(plan: PlanName): ProjectVisibility {
  return PLAN_LIMITS[plan].privateProjects ? 'private' : 'public';
}

/**
 * A PATCH making projects private: refused with 403 when any of the rows it would change lies in
 * a workspace whose plan keeps every project public (Free). Making them public is always allowed.
 */
export async function assertVisibilityAllowed(
  db: Executor,
  scope: SQL | null,
  filters: Filter[],
  visibility: unknown,
): Promise<void> {
  if (visibility !== 'private') return;
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(
      sql`select count(*)::int as n from projects${whereSql(scope, filters)} and workspace_id in (${PUBLIC_ONLY_WORKSPACES})`,
    ),
  );
  if (Number(row?.n ?? 0) > 0) throw privateNotInPlan();
}
