import { sql } from 'drizzle-orm';
import type { AccountTakeoverRemoved } from '@codewright/contract';
import { type Executor, rowsOf } from '../../db/query.ts';

/**
 * THE rule for what an earlier registrant set up in an account's workspaces before its owner
 * proved the address without claiming it (DESIGN §3.16, docs/decisions/027): run in the proving
 * transaction, beside the revocation of sessions and the dropped password.
 * - every member of a workspace the account owns is removed, but the owner;
 * - every open invitation of those workspaces is revoked;
 * - every share link of their projects is replaced (the old links answer 404).
 * Until the proof, everything done in the account was the registrant's, so all of it goes.
 * Answers what was removed, for the owner's one-time notice.
 */
export async function clearRegistrantSetup(
  db: Executor,
  userId: string,
  now: Date,
): Promise<AccountTakeoverRemoved> {
  const owned = sql`select id from workspaces where owner_id = ${userId}`;
  const members = rowsOf<{ email: string }>(
    await db.execute(
      sql`with gone as (
            delete from workspace_members
            where workspace_id in (${owned}) and user_id <> ${userId}
            returning user_id
          )
          select u.email from gone join users u on u.id = gone.user_id order by u.email`,
    ),
  );
  const invitations = rowsOf<{ email: string }>(
    await db.execute(
      sql`update workspace_invitations set revoked_at = ${now.toISOString()}::timestamptz
          where workspace_id in (${owned}) and accepted_at is null and revoked_at is null
          returning email`,
    ),
  );
  const links = rowsOf<{ id: string }>(
    await db.execute(
      sql`update projects set share_token = default where workspace_id in (${owned}) returning id`,
    ),
  );
  return {
    members: members.map((m) => m.email),
    invitations: [...new Set(invitations.map((i) => i.email))].sort(),
    shareLinks: links.length,
  };
}
