/**
 * The answers the SDK checks (packages/sdk/src/response-schemas.ts) and their parts, kept apart
 * from the constants a page starts with: a browser loads this module, and zod with it, only when
 * it first checks an answer (the landing page's JavaScript budget, docs/decisions/007). The server
 * uses them as route schemas. Import through the package index like everything else.
 */
import { z } from 'zod';
import { PLAN_NAMES } from './constants.ts';
import { OAUTH_MESSAGE_TYPE } from './account-paths.ts';

/** User as the auth host returns it (SPEC §3, DESIGN §2b). `metadata` is a JSON string. */
export const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  role: z.string(),
  metadata: z.string(),
});
export type User = z.infer<typeof UserSchema>;

/** Token set (SPEC §3) — snake_case on the wire as the spec names it. */
export const TokenSetSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_expires_in: z.number().int(),
  issued_at: z.number().int(),
});
export type TokenSet = z.infer<typeof TokenSetSchema>;

export const SessionResponseSchema = TokenSetSchema.extend({ user: UserSchema });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

export const ProviderSchema = z.object({ id: z.string(), name: z.string() });
export const ProvidersResponseSchema = z.object({ providers: z.array(ProviderSchema) });
export type ProvidersResponse = z.infer<typeof ProvidersResponseSchema>;

/** Plan names (SPEC §3, §6). */
export const PlanNameSchema = z.enum(PLAN_NAMES);
export type PlanName = z.infer<typeof PlanNameSchema>;

/** Plan limits record (SPEC §3); -1 means unlimited. */
export const PlanLimitsSchema = z.object({
  name: z.string(),
  generationsPerMonth: z.number().int(),
  editsPerMonth: z.number().int(),
  maxProjects: z.number().int(),
  maxTeamMembers: z.number().int(),
  privateProjects: z.boolean(),
  advancedAI: z.boolean(),
  prioritySupport: z.boolean(),
  versionControl: z.boolean(),
  customIntegrations: z.boolean(),
});
export type PlanLimits = z.infer<typeof PlanLimitsSchema>;

/** `GET /api/plan` and `POST /api/plan/upgrade` answer (DESIGN §2b). -1 means unlimited. */
export const PlanInfoSchema = z.object({
  plan: PlanNameSchema,
  limits: PlanLimitsSchema,
  usage: z.object({
    generationsUsed: z.number().int(),
    editsUsed: z.number().int(),
    lastResetDate: z.string(),
  }),
  remaining: z.object({
    generations: z.number().int(),
    edits: z.number().int(),
    projects: z.number().int(),
  }),
});
export type PlanInfo = z.infer<typeof PlanInfoSchema>;

/** 201 answer of `POST /api/storage/{project}/upload`. */
export const UploadResultSchema = z.object({
  path: z.string(),
  publicUrl: z.string(),
  size: z.number().int().nonnegative(),
  mimeType: z.string(),
});
export type UploadResult = z.infer<typeof UploadResultSchema>;

/**
 * Answer of `GET /api/storage/{project}/url?path=`: the URL to use now — plain for a file of a
 * public folder, signed for an hour for one of a private folder (docs/decisions/037).
 */
export const FileUrlResultSchema = z.object({ path: z.string(), publicUrl: z.string() });
export type FileUrlResult = z.infer<typeof FileUrlResultSchema>;

/** Answer of `DELETE /api/storage/{project}/remove`: the paths actually removed. */
export const RemoveResultSchema = z.object({ removed: z.array(z.string()) });
export type RemoveResult = z.infer<typeof RemoveResultSchema>;

/** What the popup posts to the app: a one-time code (or an error), with the app's state and project id. */
export const OAuthMessageSchema = z.object({
  type: z.literal(OAUTH_MESSAGE_TYPE),
  state: z.string(),
  projectId: z.string(),
  code: z.string().optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});
export type OAuthMessage = z.infer<typeof OAuthMessageSchema>;

export const AccountMessageResponseSchema = z.object({ message: z.string() });
export type AccountMessageResponse = z.infer<typeof AccountMessageResponseSchema>;
