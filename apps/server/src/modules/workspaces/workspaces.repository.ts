/**
 * (Over 300 lines: one module's SQL — workspaces, members and invitations share WORKSPACE_SELECT
 * and toWorkspace, and the service combines these statements inside its transactions.)
 */
import { sql } from 'drizzle-orm';
import { type AssignableRole, type WorkspaceRole, WORKSPACE_ROLES } from '@codewright/contract';
import { type Executor, rowsOf } from '../../db/query.ts';
import { keyWorkspaceSql, planOf, WORKSPACE_PLAN_JOIN } from './access.ts';

/** A workspace as one member sees it. */
export interface MemberWorkspace {
  id: string;
  name: string;
  personal: boolean;
  ownerId: string;
  role: WorkspaceRole;
  plan: 'free' | 'pro' | 'enterprise';
  memberCount: number;
}

interface RawWorkspace {
  id: string;
  name: string;
  personal: boolean;
  owner_id: string;
  role: string;
  plan: string | null;
  member_count: number | string;
}

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

function toWorkspace(raw: RawWorkspace): MemberWorkspace {
  return {
    id: raw.id,
    name: raw.name,
    personal: raw.personal,
    ownerId: raw.owner_id,
    role: (WORKSPACE_ROLES as readonly string[]).includes(raw.role)
      ? (raw.role as WorkspaceRole)
      : 'viewer',
    plan: planOf(raw.plan),
    memberCount: Number(raw.member_count),
  };
}

const WORKSPACE_SELECT = sql`select w.id, w.name, w.personal, w.owner_id, wm.role, up.plan,
  (select count(*) from workspace_members c where c.workspace_id = w.id)::int as member_count
  from workspace_members wm join workspaces w on w.id = wm.workspace_id
  ${WORKSPACE_PLAN_JOIN}`;

/** SQL of the workspaces module: workspaces, members and invitations (docs/decisions/025, 026). */
export const workspacesRepository = {
  async listForUser(db: Executor, userId: string): Promise<MemberWorkspace[]> {
    return rowsOf<RawWorkspace>(
      await db.execute(
        sql`${WORKSPACE_SELECT} where wm.user_id = ${userId}${keyWorkspaceSql(sql`wm.workspace_id`)} order by w.personal and w.owner_id = ${userId} desc, w.name, w.id`,
      ),
    ).map(toWorkspace);
  },

  /** The workspace when `userId` is a member of it; `lock` takes the owner's plan row first. */
  async findForMember(
    db: Executor,
    workspaceId: string,
    userId: string,
  ): Promise<MemberWorkspace | null> {
    const [row] = rowsOf<RawWorkspace>(
      await db.execute(
        sql`${WORKSPACE_SELECT} where wm.user_id = ${userId} and w.id = ${workspaceId}${keyWorkspaceSql(sql`wm.workspace_id`)}`,
      ),
    );
    return row ? toWorkspace(row) : null;
  },

  /** Serialises seat changes of one workspace (invite, accept) for the rest of the transaction. */
  async lockWorkspace(db: Executor, workspaceId: string): Promise<void> {
    await db.execute(sql`select id from workspaces where id = ${workspaceId} for update`);
  },

  /** The caller's role in the workspace of a project, with that workspace's plan; null if none. */
  async projectAccess(db: Executor, userId: string, projectId: string) {
    const [row] = rowsOf<{
      workspace_id: string;
      owner_id: string;
      role: string;
      plan: string | null;
    }>(
      await db.execute(
        sql`select p.workspace_id, w.owner_id, wm.role, up.plan from projects p
            join workspaces w on w.id = p.workspace_id
            join workspace_members wm on wm.workspace_id = p.workspace_id and wm.user_id = ${userId}${keyWorkspaceSql(sql`wm.workspace_id`)}
            ${WORKSPACE_PLAN_JOIN}
            where p.id = ${projectId}`,
      ),
    );
    if (!row) return null;
    return {
      workspaceId: row.workspace_id,
      ownerId: row.owner_id,
      role: row.role,
      plan: planOf(row.plan),
    };
  },

  async roleIn(db: Executor, workspaceId: string, userId: string): Promise<string | null> {
    const [row] = rowsOf<{ role: string }>(
      await db.execute(
        sql`select role from workspace_members wm where wm.workspace_id = ${workspaceId} and wm.user_id = ${userId}${keyWorkspaceSql(sql`wm.workspace_id`)}`,
      ),
    );
    return row?.role ?? null;
  },

  async members(db: Executor, workspaceId: string) {
    return rowsOf<{
      userId: string;
      email: string;
      displayName: string | null;
      role: WorkspaceRole;
      joinedAt: string;
    }>(
      await db.execute(
        sql`select u.id as "userId", u.email, u.display_name as "displayName", wm.role, ${iso('wm.created_at')} as "joinedAt"
            from workspace_members wm join users u on u.id = wm.user_id
            where wm.workspace_id = ${workspaceId}
            order by (wm.role = 'owner') desc, wm.created_at, u.email`,
      ),
    );
  },

  /** Open invitations: neither accepted, revoked nor expired. */
  async openInvitations(db: Executor, workspaceId: string) {
    return rowsOf<{
      id: string;
      email: string;
      role: AssignableRole;
      createdAt: string;
      expiresAt: string;
    }>(
      await db.execute(
        sql`select id, email, role, ${iso('created_at')} as "createdAt", ${iso('expires_at')} as "expiresAt"
            from workspace_invitations
            where workspace_id = ${workspaceId} and accepted_at is null and revoked_at is null and expires_at > now()
            order by created_at`,
      ),
    );
  },

  /** Members plus open invitations: the seats the plan's member count is checked against. */
  async seatsTaken(db: Executor, workspaceId: string): Promise<{ members: number; open: number }> {
    const [row] = rowsOf<{ members: number | string; open: number | string }>(
      await db.execute(
        sql`select (select count(*) from workspace_members where workspace_id = ${workspaceId})::int as members,
                   (select count(*) from workspace_invitations where workspace_id = ${workspaceId}
                      and accepted_at is null and revoked_at is null and expires_at > now())::int as open`,
      ),
    );
    return { members: Number(row?.members ?? 0), open: Number(row?.open ?? 0) };
  },

  async isMemberEmail(db: Executor, workspaceId: string, email: string): Promise<boolean> {
    const rows = rowsOf<{ one: number }>(
      await db.execute(
        sql`select 1 as one from workspace_members wm join users u on u.id = wm.user_id
            where wm.workspace_id = ${workspaceId} and lower(u.email) = lower(${email})`,
      ),
    );
    return rows.length > 0;
  },

  async hasOpenInvitation(db: Executor, workspaceId: string, email: string): Promise<boolean> {
    const rows = rowsOf<{ one: number }>(
      await db.execute(
        sql`select 1 as one from workspace_invitations where workspace_id = ${workspaceId} and lower(email) = lower(${email})
            and accepted_at is null and revoked_at is null and expires_at > now()`,
      ),
    );
    return rows.length > 0;
  },

  async insertInvitation(
    db: Executor,
    input: {
      id: string;
      workspaceId: string;
      email: string;
      role: AssignableRole;
      tokenHash: string;
      invitedBy: string;
      expiresAt: Date;
    },
  ): Promise<void> {
    await db.execute(
      sql`insert into workspace_invitations (id, workspace_id, email, role, token_hash, invited_by, expires_at)
          values (${input.id}, ${input.workspaceId}, ${input.email}, ${input.role}, ${input.tokenHash}, ${input.invitedBy}, ${input.expiresAt.toISOString()}::timestamptz)`,
    );
  },

  /**
   * A new token and expiry for an open invitation (the old link stops working); null if none.
   * An expired one is not open: renewing it would reopen a seat without the checks of a new
   * invitation (the plan's member count, one open invitation per address).
   */
  async renewInvitation(
    db: Executor,
    workspaceId: string,
    invitationId: string,
    tokenHash: string,
    expiresAt: Date,
  ): Promise<{ email: string; role: AssignableRole } | null> {
    const [row] = rowsOf<{ email: string; role: AssignableRole }>(
      await db.execute(
        sql`update workspace_invitations set token_hash = ${tokenHash}, expires_at = ${expiresAt.toISOString()}::timestamptz
            where id = ${invitationId} and workspace_id = ${workspaceId} and accepted_at is null and revoked_at is null and expires_at > now()
            returning email, role`,
      ),
    );
    return row ?? null;
  },

  async revokeInvitation(
    db: Executor,
    workspaceId: string,
    invitationId: string,
  ): Promise<boolean> {
    const rows = rowsOf<{ id: string }>(
      await db.execute(
        sql`update workspace_invitations set revoked_at = now()
            where id = ${invitationId} and workspace_id = ${workspaceId} and accepted_at is null and revoked_at is null
            returning id`,
      ),
    );
    return rows.length > 0;
  },

  /** The open invitation behind a token, locked for the accepting transaction. */
  async findOpenByToken(db: Executor, tokenHash: string) {
    const [row] = rowsOf<{ id: string; workspace_id: string; email: string; role: AssignableRole }>(
      await db.execute(
        sql`select id, workspace_id, email, role from workspace_invitations
            where token_hash = ${tokenHash} and accepted_at is null and revoked_at is null and expires_at > now()
            for update`,
      ),
    );
    return row ?? null;
  },

  /**
   * What the link of an open invitation shows before sign-in: the workspace's name, the role,
   * and the inviter's display name (null without one, or once the inviter's account is gone).
   */
  async previewByToken(db: Executor, tokenHash: string) {
    const [row] = rowsOf<{
      workspace_name: string;
      role: AssignableRole;
      inviter_name: string | null;
    }>(
      await db.execute(
        sql`select w.name as workspace_name, i.role, nullif(btrim(u.display_name), '') as inviter_name
            from workspace_invitations i join workspaces w on w.id = i.workspace_id
            left join users u on u.id = i.invited_by
            where i.token_hash = ${tokenHash} and i.accepted_at is null and i.revoked_at is null and i.expires_at > now()`,
      ),
    );
    return row ?? null;
  },

  async markAccepted(db: Executor, invitationId: string): Promise<void> {
    await db.execute(
      sql`update workspace_invitations set accepted_at = now() where id = ${invitationId}`,
    );
  },

  async addMember(db: Executor, workspaceId: string, userId: string, role: WorkspaceRole) {
    await db.execute(
      sql`insert into workspace_members (workspace_id, user_id, role) values (${workspaceId}, ${userId}, ${role})
          on conflict (workspace_id, user_id) do nothing`,
    );
  },

  /** Changes a non-owner member's role; false when there is no such member. */
  async setRole(db: Executor, workspaceId: string, userId: string, role: AssignableRole) {
    const rows = rowsOf<{ user_id: string }>(
      await db.execute(
        sql`update workspace_members set role = ${role}
            where workspace_id = ${workspaceId} and user_id = ${userId} and role <> 'owner' returning user_id`,
      ),
    );
    return rows.length > 0;
  },

  /** Removes a non-owner member; false when there is no such member. */
  async removeMember(db: Executor, workspaceId: string, userId: string) {
    const rows = rowsOf<{ user_id: string }>(
      await db.execute(
        sql`delete from workspace_members
            where workspace_id = ${workspaceId} and user_id = ${userId} and role <> 'owner' returning user_id`,
      ),
    );
    return rows.length > 0;
  },

  /** The workspace's plan: its owner's (DESIGN §3.15). */
  async planOf(db: Executor, workspaceId: string): Promise<MemberWorkspace['plan']> {
    const [row] = rowsOf<{ plan: string | null }>(
      await db.execute(
        sql`select up.plan from workspaces w ${WORKSPACE_PLAN_JOIN} where w.id = ${workspaceId}`,
      ),
    );
    return planOf(row?.plan);
  },

  async userEmail(db: Executor, userId: string) {
    const [row] = rowsOf<{ email: string; display_name: string | null }>(
      await db.execute(sql`select email, display_name from users where id = ${userId}`),
    );
    return row ?? null;
  },
};
