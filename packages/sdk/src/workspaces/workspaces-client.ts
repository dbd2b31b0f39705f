/**
 * `client.workspaces`: workspaces, members, invitations and share links (SPEC §6; DESIGN §2c
 * "share", §3.15; docs/api.md § Workspaces, § Sharing), and the permission checks the UI uses
 * to hide what a user may not do (`hasRole`, `can`). The server refuses it all the same.
 */
import {
  type Action,
  type AssignableRole,
  type Invitation,
  type InvitationPreview,
  type PlanInfo,
  type Resource,
  roleCan,
  roleMatches,
  type SharedProject,
  type WorkspaceMembers,
  type WorkspaceSummary,
} from '@codewright/contract';
import { parseResponse } from '../response.ts';
import type { HttpClient } from '../http.ts';
import type { RequestOptions, User } from '../types.ts';

export type { Invitation, InvitationPreview, SharedProject, WorkspaceMembers, WorkspaceSummary };

/**
 * Whose role a check reads: a workspace's team role, or (the argument left out) the signed-in
 * user's instance role. A holder passed as null or undefined has no role, so a workspace not
 * yet loaded never falls back to the instance admin's `'*'`.
 */
export type RoleHolder = Pick<WorkspaceSummary, 'role'> | null | undefined;

/** Rejects with CodewrightError codes: NOT_FOUND (404) for a workspace you are not in, FORBIDDEN (403), MEMBER_LIMIT_REACHED (402). */
export interface WorkspacesClient {
  /**
   * The workspaces you belong to, your personal one first.
   * @example const [personal] = await client.workspaces.list();
   */
  list(options?: RequestOptions): Promise<WorkspaceSummary[]>;
  /** Members (and, for the owner, open invitations) of a workspace. */
  members(workspaceId: string, options?: RequestOptions): Promise<WorkspaceMembers>;
  /**
   * The workspace's plan and this month's usage: its owner's, which members' work counts against
   * (docs/decisions/026). NOT_FOUND for a workspace you are not in.
   * @example const { plan, usage } = await client.workspaces.plan(workspace.id);
   */
  plan(workspaceId: string, options?: RequestOptions): Promise<PlanInfo>;
  /** Emails a single-use invitation link; MEMBER_LIMIT_REACHED (402) past the plan's member count. */
  invite(
    workspaceId: string,
    invite: { email: string; role?: AssignableRole },
    options?: RequestOptions,
  ): Promise<Invitation>;
  /** Mails a new link (the old one stops working). */
  resendInvitation(
    workspaceId: string,
    invitationId: string,
    options?: RequestOptions,
  ): Promise<Invitation>;
  revokeInvitation(
    workspaceId: string,
    invitationId: string,
    options?: RequestOptions,
  ): Promise<void>;
  /**
   * Who invites you to which workspace as which role, by the link's token, without signing in;
   * INVITATION_INVALID (404) when the link is unknown, expired, revoked or used.
   * @example const { inviterName, workspaceName, role } = await client.workspaces.previewInvitation(token);
   */
  previewInvitation(token: string, options?: RequestOptions): Promise<InvitationPreview>;
  /** Accepts an invitation sent to the signed-in address (INVITATION_WRONG_ACCOUNT otherwise). */
  acceptInvitation(token: string, options?: RequestOptions): Promise<WorkspaceSummary>;
  changeRole(
    workspaceId: string,
    userId: string,
    role: AssignableRole,
    options?: RequestOptions,
  ): Promise<void>;
  /** The owner removes a member; with your own id, you leave. */
  removeMember(workspaceId: string, userId: string, options?: RequestOptions): Promise<void>;
  /** A public project by its share token, without signing in; NOT_FOUND when private or unknown. */
  getShared(shareToken: string, options?: RequestOptions): Promise<SharedProject>;
  /** A new share token for a project: the old link stops working at once. */
  regenerateShareToken(projectId: string, options?: RequestOptions): Promise<string>;
  /**
   * The role check of SPEC §6: one role or a list; an owner also counts as editor and viewer.
   * Without a holder it reads the signed-in user's instance role (false when signed out).
   * @example if (client.workspaces.hasRole(['owner', 'editor'], workspace)) showSave();
   * @example if (client.workspaces.hasRole(ADMIN_ROLE)) showAdminTools();
   */
  hasRole(wanted: string | readonly string[], ...holder: [] | [RoleHolder | string]): boolean;
  /**
   * The permission check of SPEC §6 against the one table (packages/contract/src/permissions.ts).
   * Without a holder it reads the signed-in user's instance role.
   * @example client.workspaces.can('generate', 'ai', workspace)
   * @example client.workspaces.can('read', 'instance')
   */
  can(action: Action, resource: Resource, ...holder: [] | [RoleHolder | string]): boolean;
}

/** The role a check reads; an empty `holder` list means the argument was left out. */
function roleOf(holder: [] | [RoleHolder | string], signedIn: () => User | null) {
  if (holder.length === 0) return signedIn()?.role ?? null;
  const [held] = holder;
  return typeof held === 'string' ? held : (held?.role ?? null);
}

/** Builds `client.workspaces`. */
export function createWorkspacesClient(options: {
  http: HttpClient;
  projectId: string;
  /** The signed-in user now (the auth state's), whose instance role a check without holder reads. */
  currentUser: () => User | null;
}): WorkspacesClient {
  const { http, currentUser } = options;
  const ws = (id: string) => `/api/workspaces/${encodeURIComponent(id)}`;
  const share = `/api/share/${encodeURIComponent(options.projectId)}`;
  const invitation = (workspaceId: string, id: string) =>
    `${ws(workspaceId)}/invitations/${encodeURIComponent(id)}`;
  const member = (workspaceId: string, userId: string) =>
    `${ws(workspaceId)}/members/${encodeURIComponent(userId)}`;
  /** A GET that anyone may make, signed in or not: no Bearer token is sent. */
  const getPublic = (path: string, query: Record<string, string>, request: RequestOptions) =>
    http({ path, query, auth: false, signal: request.signal });
  const remove = async (path: string, request: RequestOptions) => {
    await http({ method: 'DELETE', path, signal: request.signal });
  };
  return {
    async list(request = {}) {
      const body = await http({ path: '/api/workspaces', signal: request.signal });
      return (await parseResponse('WorkspaceListSchema', body)).workspaces;
    },
    async members(workspaceId, request = {}) {
      const body = await http({ path: `${ws(workspaceId)}/members`, signal: request.signal });
      return parseResponse('WorkspaceMembersSchema', body);
    },
    async plan(workspaceId, request = {}) {
      const body = await http({ path: `${ws(workspaceId)}/plan`, signal: request.signal });
      return parseResponse('PlanInfoSchema', body);
    },
    async invite(workspaceId, invite, request = {}) {
      const body = await http({
        method: 'POST',
        path: `${ws(workspaceId)}/invitations`,
        body: invite,
        signal: request.signal,
      });
      return parseResponse('InvitationSchema', body);
    },
    async resendInvitation(workspaceId, invitationId, request = {}) {
      const body = await http({
        method: 'POST',
        path: `${invitation(workspaceId, invitationId)}/resend`,
        signal: request.signal,
      });
      return parseResponse('InvitationSchema', body);
    },
    revokeInvitation: (workspaceId, invitationId, request = {}) =>
      remove(invitation(workspaceId, invitationId), request),
    async previewInvitation(token, request = {}) {
      const body = await getPublic('/api/invitations/preview', { token }, request);
      return parseResponse('InvitationPreviewSchema', body);
    },
    async acceptInvitation(token, request = {}) {
      const body = await http({
        method: 'POST',
        path: '/api/invitations/accept',
        body: { token },
        signal: request.signal,
      });
      return (await parseResponse('AcceptInvitationResultSchema', body)).workspace;
    },
    async changeRole(workspaceId, userId, role, request = {}) {
      await http({
        method: 'PATCH',
        path: member(workspaceId, userId),
        body: { role },
        signal: request.signal,
      });
    },
    removeMember: (workspaceId, userId, request = {}) =>
      remove(member(workspaceId, userId), request),
    async getShared(shareToken, request = {}) {
      const body = await getPublic(share, { t: shareToken }, request);
      return parseResponse('SharedProjectSchema', body);
    },
    async regenerateShareToken(projectId, request = {}) {
      const body = await http({
        method: 'POST',
        path: `${share}/${encodeURIComponent(projectId)}/regenerate`,
        signal: request.signal,
      });
      return (await parseResponse('ShareTokenResultSchema', body)).shareToken;
    },
    hasRole: (wanted, ...holder) => roleMatches(roleOf(holder, currentUser), wanted),
    can: (action, resource, ...holder) => roleCan(roleOf(holder, currentUser), action, resource),
  };
}
