/**
 * Workspaces, members, invitations and sharing (SPEC §2.7, §6; DESIGN §2c "share", §3.15;
 * docs/decisions/025–027): the wire shapes of /api/workspaces, /api/invitations and
 * /api/share, shared by the server, the SDK and the web app.
 */
import { z } from 'zod';
import { ASSIGNABLE_ROLES, WORKSPACE_ROLES } from './permissions.ts';
import { PlanNameSchema } from './responses.ts';

/** `projects.visibility` (DESIGN §2c). */
export const PROJECT_VISIBILITIES = ['public', 'private'] as const;
export type ProjectVisibility = (typeof PROJECT_VISIBILITIES)[number];
/** What the save dialog and the dashboard card say of a project on Free (SPEC §2.7). */
export const FREE_PUBLIC_NOTICE =
  'Public: anyone with the link can view it. Upgrade to Pro for private projects.';
/** What they say of a public project on a plan with private projects. */
export const PUBLIC_NOTICE = 'Public: anyone with the link can view it.';
/** What they say of a private project. */
export const PRIVATE_NOTICE = 'Private: only members of this workspace can open it.';
/** Random bytes of a share token: 192 bits, base64url (DESIGN §2c asks for at least 128). */
export const SHARE_TOKEN_BYTES = 24;
/** The web page a share link opens: `/share?t=<token>`. */
export const SHARE_PAGE_PATH = '/share';
/** How long an invitation link stays valid. */
export const INVITATION_TTL_HOURS = 7 * 24;

export const WorkspaceRoleSchema = z.enum(WORKSPACE_ROLES);
export const AssignableRoleSchema = z.enum(ASSIGNABLE_ROLES, {
  message: `must be one of ${ASSIGNABLE_ROLES.join(', ')}`,
});

/** One workspace the caller belongs to (`GET /api/workspaces`). */
export const WorkspaceSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  personal: z.boolean(),
  role: WorkspaceRoleSchema,
  ownerId: z.string(),
  /** The owner's plan, which is the workspace's (DESIGN §3.15). */
  plan: PlanNameSchema,
  memberCount: z.number().int(),
  /** Most members the plan allows, -1 unlimited. */
  memberLimit: z.number().int(),
});
export type WorkspaceSummary = z.infer<typeof WorkspaceSummarySchema>;
export const WorkspaceListSchema = z.object({ workspaces: z.array(WorkspaceSummarySchema) });

export const WorkspaceMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  role: WorkspaceRoleSchema,
  joinedAt: z.string(),
});
export type WorkspaceMember = z.infer<typeof WorkspaceMemberSchema>;

export const InvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: AssignableRoleSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

/** `GET /api/workspaces/{id}/members`: members, open invitations (owners only) and the limit. */
export const WorkspaceMembersSchema = z.object({
  workspace: WorkspaceSummarySchema,
  members: z.array(WorkspaceMemberSchema),
  invitations: z.array(InvitationSchema),
});
export type WorkspaceMembers = z.infer<typeof WorkspaceMembersSchema>;

export const InviteBodySchema = z.strictObject({
  email: z.string().trim().min(1, 'is required').max(254),
  role: AssignableRoleSchema.default('editor'),
});
export type InviteBody = z.input<typeof InviteBodySchema>;
export const RoleChangeBodySchema = z.strictObject({ role: AssignableRoleSchema });
export const AcceptInvitationBodySchema = z.strictObject({
  token: z.string().min(1, 'is required').max(200),
});
export const AcceptInvitationResultSchema = z.object({ workspace: WorkspaceSummarySchema });
/** What a token from an invitation link looks like: base64url, as the server makes them. */
export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,200}$/;
/** `GET /api/invitations/preview?token=` (no sign-in): the query. */
export const InvitationPreviewQuerySchema = z.object({
  token: z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? 'is required: the token from the invitation link'
          : 'must be one token from the invitation link, given once',
    })
    .trim()
    .min(1, { message: 'is required: the token from the invitation link', abort: true })
    .regex(
      INVITATION_TOKEN_PATTERN,
      'must be the token from the invitation link (16 to 200 letters, digits, - or _); open the link from the email again',
    ),
});
/**
 * What an open invitation's link shows before signing in: who invites, to which workspace, as
 * which role. Nothing else (no address, no ids): whoever holds the link may read it.
 */
export const InvitationPreviewSchema = z.object({
  /** The inviter's display name; null when they have none or their account is gone. */
  inviterName: z.string().nullable(),
  workspaceName: z.string(),
  role: AssignableRoleSchema,
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

/** `GET /api/share/{project}?t=` (DESIGN §2c). */
export const SharedProjectSchema = z.object({
  name: z.string(),
  language: z.string(),
  description: z.string().nullable(),
  code: z.string(),
  updatedAt: z.string(),
  /** Its files by path, the main file (whose content is `code`) first (issue 45). */
  files: z.array(z.object({ path: z.string(), content: z.string(), isMain: z.boolean() })),
});
export type SharedProject = z.infer<typeof SharedProjectSchema>;
export const ShareQuerySchema = z.object({ t: z.string().min(1, 'is required').max(200) });
export const ShareTokenResultSchema = z.object({ shareToken: z.string() });
