import { z } from 'zod';
import {
  DISPLAY_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './constants.ts';

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

/** A loose email check; the server lower-cases and trims before comparing. */
export const EmailSchema = z.string().trim().max(EMAIL_MAX_LENGTH).email();
export const PasswordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

export const SignUpBodySchema = z.object({
  email: z.string(),
  password: z.string(),
  displayName: z.string().trim().max(DISPLAY_NAME_MAX_LENGTH).optional(),
});
export type SignUpBody = z.infer<typeof SignUpBodySchema>;

export const SignInBodySchema = z.object({
  email: z.string(),
  password: z.string(),
  projectId: z.string().optional(),
});
export type SignInBody = z.infer<typeof SignInBodySchema>;

export const RefreshBodySchema = z.object({ refresh_token: z.string().min(1) });
export const SignOutBodySchema = z.object({ refresh_token: z.string().optional() }).optional();

export const UpdateUserBodySchema = z
  .object({
    displayName: z.string().trim().max(DISPLAY_NAME_MAX_LENGTH).nullable().optional(),
    metadata: z.string().optional(),
  })
  .strict();
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;

export const ProviderSchema = z.object({ id: z.string(), name: z.string() });
export const ProvidersResponseSchema = z.object({ providers: z.array(ProviderSchema) });
export type ProvidersResponse = z.infer<typeof ProvidersResponseSchema>;
