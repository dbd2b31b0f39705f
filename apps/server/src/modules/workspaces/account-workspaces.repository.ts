/**
 * The two rules for an account's workspaces when the account goes or changes hands, each run in
 * its caller's transaction: deletion hands them over or closes them, and a proved address clears
 * what an earlier registrant set up. The workspaces service is their door.
 */
import { sql } from 'drizzle-orm';
import type { AccountTakeoverRemoved } from '@codewright/contract';
import { type Executor, rowsOf } from '../../db/query.ts';

/** What happened to the workspaces of a deleted account. */
export interface HandoverResult {
  /** Workspaces that had other members: each now belongs to `newOwnerId`. */
  handedOver: { workspaceId: string; newOwnerId: string }[];
  /** Workspaces without other members: deleted with their projects, chats and versions. */
  closed: string[];
}

/**
 * THE rule for the teams of an account that is being deleted (docs/decisions/027), run in the
 * deleting transaction before the user row goes:
 * - a workspace the user owns that has other members is handed over to the member who joined
 *   earliest among the editors (or, with no editor, among the viewers); that member becomes its
 *   owner, its plan becomes theirs, it stops being anyone's personal workspace, and every
 *   project the leaving user created in it is re-attributed to the new owner (nothing is lost);
 * - a workspace the user owns alone is closed: deleted with its projects, chats and versions;
 * - projects the user created in other people's workspaces stay there, re-attributed to that
 *   workspace's owner; the user's memberships and invitations they sent go with the account.
 * The caller removes the storage folders of the closed workspaces (`workspaces/{id}/`).
 */
export async function handOverOrCloseWorkspaces(
  db: Executor,
  userId: string,
): Promise<HandoverResult> {
  const owned = rowsOf<{ id: string }>(
    await db.execute(
      sql`select id from workspaces where owner_id = ${userId} order by id for update`,
    ),
  );
  const result: HandoverResult = { handedOver: [], closed: [] };
  for (const { id } of owned) {
    const [heir] = rowsOf<{ user_id: string }>(
      await db.execute(
        sql`select user_id from workspace_members where workspace_id = ${id} and user_id <> ${userId}
            order by (role = 'editor') desc, created_at, user_id limit 1`,
      ),
    );
    if (!heir) {
      await db.execute(sql`delete from projects where workspace_id = ${id}`);
      await db.execute(sql`delete from workspaces where id = ${id}`);
      result.closed.push(id);
      continue;
    }
    await db.execute(
      sql`update workspaces set owner_id = ${heir.user_id}, personal = false where id = ${id}`,
    );
    await db.execute(
      sql`update workspace_members set role = 'owner' where workspace_id = ${id} and user_id = ${heir.user_id}`,
    );
    await db.execute(
      sql`delete from workspace_members where workspace_id = ${id} and user_id = ${userId}`,
    );
    result.handedOver.push({ workspaceId: id, newOwnerId: heir.user_id });
  }
  // Every project the user created outside the closed workspaces stays, owned by its workspace's owner.
  await db.execute(
    sql`update projects p set user_id = w.owner_id from workspaces w
        where p.workspace_id = w.id and p.user_id = ${userId} and w.owner_id <> ${userId}`,
  );
  return result;
}

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
  // The earlier registrant's API keys, and any key made in their workspaces (DESIGN §3.16).
  await db.execute(
    sql`update api_keys set revoked_at = ${now.toISOString()}::timestamptz
        where (user_id = ${userId} or workspace_id in (${owned})) and revoked_at is null`,
  );
  return {
    members: members.map((m) => m.email),
    invitations: [...new Set(invitations.map((i) => i.email))].sort(),
    shareLinks: links.length,
  };
}
