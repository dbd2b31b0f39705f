import { sql } from 'drizzle-orm';
import { PROJECT_FILE_LIMITS, type PlanName } from '@codewright/contract';
import { type Executor, rowsOf } from '../../db/query.ts';
import { AppError } from '../../lib/app-error.ts';

const MB = 1024 * 1024;

/**
 * Refuses (and so rolls back) a write that left a project past its plan's file count or size
 * (PROJECT_FILE_LIMITS; `plans`: each project's workspace plan), whoever wrote: db REST, a .zip
 * upload, a restore of a version.
 */
export async function assertFilesWithinPlan(
  tx: Executor,
  plans: ReadonlyMap<string, PlanName>,
): Promise<void> {
  const totals = rowsOf<{ project_id: string; files: number | string; bytes: number | string }>(
    await tx.execute(
      sql`select project_id, count(*)::int as files, coalesce(sum(octet_length(content)), 0)::bigint as bytes
          from project_files where project_id in (${sql.join(
            [...plans.keys()].map((id) => sql`${id}`),
            sql`, `,
          )}) group by project_id`,
    ),
  );
  for (const total of totals) {
    const plan = plans.get(total.project_id)!;
    const limits = PROJECT_FILE_LIMITS[plan];
    if (Number(total.files) > limits.maxFiles)
      throw new AppError(
        'FILE_LIMIT_REACHED',
        402,
        `A project holds at most ${limits.maxFiles} files on the ${plan} plan; delete a file first, or upgrade.`,
      );
    if (Number(total.bytes) > limits.maxBytes)
      throw new AppError(
        'PROJECT_TOO_LARGE',
        413,
        `A project's files may total at most ${limits.maxBytes / MB} MB on the ${plan} plan; this write would make ${(Number(total.bytes) / MB).toFixed(1)} MB.`,
      );
  }
}
