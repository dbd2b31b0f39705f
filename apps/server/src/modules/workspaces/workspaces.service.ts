/**
 * (Over 300 lines: every workspace action goes through the same role check and seat count at the
 * top of createWorkspaceService and tells the same membership listeners; the SQL is
 * workspaces.repository.ts and account-workspaces.repository.ts.)
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  type AccountTakeoverRemoved,
  type Action,
  type AssignableRole,
  EmailSchema,
  INVITATION_TTL_HOURS,
  INVITATION_PAGE_PATH,
  type InvitationPreview,
  PLAN_LIMITS,
  type Resource,
  roleCan,
  UNLIMITED,
  type WorkspaceMembers,
  type WorkspaceSummary,
} from '@codewright/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import type { PublicUrls } from '../auth/public-urls.ts';
import type { Mailer } from '../notifications/mailer.ts';
import { invitationMail } from './invitation-mail.ts';
import { type MemberWorkspace, workspacesRepository as repo } from './workspaces.repository.ts';
import {
  clearRegistrantSetup,
  handOverOrCloseWorkspaces,
  type HandoverResult,
} from './account-workspaces.repository.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function summaryOf(ws: MemberWorkspace): WorkspaceSummary {
  return { ...ws, memberLimit: PLAN_LIMITS[ws.plan].maxTeamMembers };
}

/** 404 for a workspace the caller is not in: invisible, not forbidden (DESIGN §3.10). */
function notFound(id: string): AppError {
  return new AppError('NOT_FOUND', 404, `Workspace ${id} not found.`);
}

/**
 * Workspaces, members and invitations (SPEC §6; DESIGN §3.15; docs/decisions/025–027).
 * Every action is checked against the permission table with the caller's team role.
 */
export function createWorkspaceService(deps: { db: Database; mailer: Mailer; urls: PublicUrls }) {
  const { db } = deps;
  const listeners = new Set<(userId: string) => void>();
  const membershipChanged = (userId: string) => {
    for (const listener of listeners) listener(userId);
  };

  /** The workspace, when the caller's role there may `action` the `resource`; 403 if only a member. */
  async function authorised(
    executor: Pick<Database, 'execute'>,
    callerId: string,
    workspaceId: string,
    action: Action,
    resource: Resource,
  ): Promise<MemberWorkspace> {
    const ws = await repo.findForMember(executor, workspaceId, callerId);
    if (!ws) throw notFound(workspaceId);
    if (!roleCan(ws.role, action, resource))
      throw new AppError(
        'FORBIDDEN',
        403,
        `Your role in this workspace (${ws.role}) cannot ${action} ${resource}s.`,
      );
    return ws;
  }

  /** Refuses a new seat when members plus open invitations already fill the plan (402). */
  async function assertSeat(executor: Pick<Database, 'execute'>, ws: MemberWorkspace) {
    const limit = PLAN_LIMITS[ws.plan].maxTeamMembers;
    if (limit === UNLIMITED) return;
    const seats = await repo.seatsTaken(executor, ws.id);
    if (seats.members + seats.open >= limit) throw new AppError('MEMBER_LIMIT_REACHED', 402);
  }

  async function sendInvitation(
    ws: MemberWorkspace,
    inviterId: string,
    email: string,
    role: string,
    token: string,
  ) {
    const inviter = await repo.userEmail(db, inviterId);
    const mail = invitationMail({
      url: deps.urls.app(INVITATION_PAGE_PATH, { token }),
      workspaceName: ws.name,
      inviterName: inviter?.display_name || inviter?.email || 'A Codewright user',
      role,
      expiresInDays: INVITATION_TTL_HOURS / 24,
    });
    await deps.mailer.send({ to: [email], kind: 'workspace_invitation', ...mail });
  }

  const newToken = () => randomBytes(32).toString('base64url');
  const expiry = () => new Date(Date.now() + INVITATION_TTL_HOURS * 3_600_000);

  return {
    /** Called with a user id whenever that user's memberships change. */
    onMembershipChanged(listener: (userId: string) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async list(callerId: string): Promise<WorkspaceSummary[]> {
      return (await repo.listForUser(db, callerId)).map(summaryOf);
    },

    /** Members of a workspace; open invitations only for those who may manage them. */
    async members(callerId: string, workspaceId: string): Promise<WorkspaceMembers> {
      const ws = await authorised(db, callerId, workspaceId, 'read', 'member');
      const [members, invitations] = await Promise.all([
        repo.members(db, workspaceId),
        roleCan(ws.role, 'read', 'invitation') ? repo.openInvitations(db, workspaceId) : [],
      ]);
      return { workspace: summaryOf(ws), members, invitations };
    },

    /** Mails a single-use link; 402 when the plan's member count is reached (docs/decisions/026). */
    async invite(
      callerId: string,
      workspaceId: string,
      body: { email: string; role: AssignableRole },
    ) {
      const email = EmailSchema.safeParse(body.email);
      if (!email.success) throw new AppError('INVALID_EMAIL', 400);
      const address = email.data.toLowerCase();
      const token = newToken();
      const { ws, id } = await db.transaction(async (tx) => {
        const ws = await authorised(tx, callerId, workspaceId, 'create', 'invitation');
        await repo.lockWorkspace(tx, workspaceId);
        if (await repo.isMemberEmail(tx, workspaceId, address))
          throw new AppError('CONFLICT', 409, `${address} is already a member of this workspace.`);
        if (await repo.hasOpenInvitation(tx, workspaceId, address))
          throw new AppError(
            'CONFLICT',
            409,
            `${address} already has an open invitation; resend it instead.`,
          );
        await assertSeat(tx, ws);
        const id = newId('inv');
        await repo.insertInvitation(tx, {
          id,
          workspaceId,
          email: address,
          role: body.role,
          tokenHash: hashToken(token),
          invitedBy: callerId,
          expiresAt: expiry(),
        });
        return { ws, id };
      });
      await sendInvitation(ws, callerId, address, body.role, token);
      const open = await repo.openInvitations(db, workspaceId);
      return open.find((i) => i.id === id)!;
    },

    /** A new link (the old one stops working) with a fresh expiry, mailed again. */
    async resend(callerId: string, workspaceId: string, invitationId: string) {
      const ws = await authorised(db, callerId, workspaceId, 'update', 'invitation');
      const token = newToken();
      const renewed = await repo.renewInvitation(
        db,
        workspaceId,
        invitationId,
        hashToken(token),
        expiry(),
      );
      if (!renewed) throw new AppError('NOT_FOUND', 404, `Invitation ${invitationId} not found.`);
      await sendInvitation(ws, callerId, renewed.email, renewed.role, token);
      const open = await repo.openInvitations(db, workspaceId);
      return open.find((i) => i.id === invitationId)!;
    },

    async revoke(callerId: string, workspaceId: string, invitationId: string): Promise<void> {
      await authorised(db, callerId, workspaceId, 'delete', 'invitation');
      if (!(await repo.revokeInvitation(db, workspaceId, invitationId)))
        throw new AppError('NOT_FOUND', 404, `Invitation ${invitationId} not found.`);
    },

    /**
     * Who invites to which workspace as which role, for the link's page before sign-in. Unknown,
     * expired, revoked and used links are one 404, so the answer tells them apart for nobody.
     */
    async preview(token: string): Promise<InvitationPreview> {
      const row = await repo.previewByToken(db, hashToken(token));
      if (!row) throw new AppError('INVITATION_INVALID', 404);
      return { inviterName: row.inviter_name, workspaceName: row.workspace_name, role: row.role };
    },

    /** Joins the workspace of an open invitation sent to the caller's own address. */
    async accept(caller: { id: string; email: string }, token: string): Promise<WorkspaceSummary> {
      const ws = await db.transaction(async (tx) => {
        const invitation = await repo.findOpenByToken(tx, hashToken(token));
        if (!invitation) throw new AppError('INVITATION_INVALID', 404);
        if (invitation.email.toLowerCase() !== caller.email.trim().toLowerCase())
          throw new AppError('INVITATION_WRONG_ACCOUNT', 403);
        await repo.lockWorkspace(tx, invitation.workspace_id);
        const existing = await repo.roleIn(tx, invitation.workspace_id, caller.id);
        if (!existing) {
          const plan = await repo.planOf(tx, invitation.workspace_id);
          const limit = PLAN_LIMITS[plan].maxTeamMembers;
          const seats = await repo.seatsTaken(tx, invitation.workspace_id);
          // This invitation's own seat was counted among the open ones.
          if (limit !== UNLIMITED && seats.members >= limit)
            throw new AppError('MEMBER_LIMIT_REACHED', 402);
          await repo.addMember(tx, invitation.workspace_id, caller.id, invitation.role);
        }
        await repo.markAccepted(tx, invitation.id);
        return (await repo.findForMember(tx, invitation.workspace_id, caller.id))!;
      });
      membershipChanged(caller.id);
      return summaryOf(ws);
    },

    /** The owner changes a member's role (never the owner's own). */
    async changeRole(callerId: string, workspaceId: string, userId: string, role: AssignableRole) {
      await authorised(db, callerId, workspaceId, 'update', 'member');
      if (!(await repo.setRole(db, workspaceId, userId, role)))
        throw new AppError(
          'NOT_FOUND',
          404,
          `Member ${userId} not found (the owner's role cannot change).`,
        );
      membershipChanged(userId);
    },

    /** The owner removes a member, or a member leaves (userId = the caller). */
    async removeMember(callerId: string, workspaceId: string, userId: string): Promise<void> {
      if (userId === callerId) {
        const ws = await repo.findForMember(db, workspaceId, callerId);
        if (!ws) throw notFound(workspaceId);
        if (ws.ownerId === callerId)
          throw new AppError(
            'CONFLICT',
            409,
            'The owner cannot leave their own workspace. Remove the other members instead, or delete your account to hand it over.',
          );
      } else {
        await authorised(db, callerId, workspaceId, 'delete', 'member');
      }
      if (!(await repo.removeMember(db, workspaceId, userId)))
        throw new AppError(
          'NOT_FOUND',
          404,
          `Member ${userId} not found (the owner cannot be removed).`,
        );
      membershipChanged(userId);
    },

    /**
     * The caller's role in a project's workspace, checked against the permission table: null
     * when they are not a member (the routes answer 404), 403 when their role may not `action`.
     */
    async projectAccess(callerId: string, projectId: string, action: Action, resource: Resource) {
      const access = await repo.projectAccess(db, callerId, projectId);
      if (!access) return null;
      if (!roleCan(access.role, action, resource))
        throw new AppError(
          'FORBIDDEN',
          403,
          `Your role in this workspace (${access.role}) cannot ${action} here.`,
        );
      return access;
    },

    /**
     * The workspace, for a member who may read it (404 otherwise): its plan is its owner's, whose
     * usage the members' work counts against (docs/decisions/026).
     */
    async forMember(callerId: string, workspaceId: string): Promise<WorkspaceSummary> {
      return summaryOf(await authorised(db, callerId, workspaceId, 'read', 'workspace'));
    },

    /** The caller's role in a workspace (null: not a member). */
    roleIn(callerId: string, workspaceId: string): Promise<string | null> {
      return repo.roleIn(db, workspaceId, callerId);
    },

    /**
     * Hands over or closes the workspaces of an account being deleted (docs/decisions/027);
     * run inside the deleting transaction `tx`, before the user row is deleted.
     */
    async handOverOrCloseWorkspaces(
      tx: Pick<Database, 'execute'>,
      userId: string,
    ): Promise<HandoverResult> {
      const result = await handOverOrCloseWorkspaces(tx, userId);
      for (const h of result.handedOver) membershipChanged(h.newOwnerId);
      return result;
    },

    /**
     * Removes what an earlier registrant set up in the workspaces of an account whose address
     * was just proved by someone else (DESIGN §3.16); run inside the proving transaction `tx`.
     */
    clearRegistrantSetup(
      tx: Pick<Database, 'execute'>,
      userId: string,
      now: Date,
    ): Promise<AccountTakeoverRemoved> {
      return clearRegistrantSetup(tx, userId, now);
    },
  };
}

export type WorkspaceService = ReturnType<typeof createWorkspaceService>;
