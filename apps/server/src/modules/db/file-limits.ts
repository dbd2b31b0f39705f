import { sql } from 'drizzle-orm';
import { PROJECT_FILE_LIMITS, type PlanName } from '@codewright/contract';
import { type Executor, rowsOf } from '../../db/query.ts';
import { AppError } from '../../lib/app-error.ts';

const MB = 1024 * 1024;

/**
 * Refuses (and so rolls back) a write that left a project past its plan's file count or size
 * (PROJECT_FILE_LIMITS; `plans`: each project's workspace plan), or with a file where another
 * file's folder is (`lib` beside `lib/a.js`: no disk, zip or tree can hold both), whoever
 * wrote: db REST, a .zip upload, an AI answer, a restore of a version.
 */
export async function assertFilesWithinPlan(
  tx: Executor,
  plans: ReadonlyMap<string, PlanName>,
): Promise<void> {
  const ids = sql.join(
    [...plans.keys()].map((id) => sql`${id}`),
    sql`, `,
  );
  const [clash] = rowsOf<{ file: string; inside: string }>(
    await tx.execute(
      sql`select a.path as file, b.path as inside from project_files a
          join project_files b on b.project_id = a.project_id
            and left(b.path, length(a.path) + 1) = a.path || '/'
          where a.project_id in (${ids}) limit 1`,
    ),
  );
  if (clash)
    throw new AppError(
      'CONFLICT',
      409,
      `${clash.file} is a file, and ${clash.inside} needs a folder of that name; rename one of them.`,
    );
  const totals = rowsOf<{ project_id: string; files: number | string; bytes: number | string }>(
    await tx.execute(
      sql`select project_id, count(*)::int as files, coalesce(sum(octet_length(content)), 0)::bigint as bytes
          from project_files where project_id in (${ids}) group by project_id`,
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
