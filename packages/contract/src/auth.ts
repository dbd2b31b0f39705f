import { z } from 'zod';
import {
  DISPLAY_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './constants.ts';
import { storableText } from './input-limits.ts';

/** A loose email check; the server lower-cases and trims before comparing. */
export const EmailSchema = z.string().trim().max(EMAIL_MAX_LENGTH).email();
export const PasswordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

export const SignUpBodySchema = z.object({
  email: z.string(),
  password: z.string(),
  displayName: storableText(z.string().trim().max(DISPLAY_NAME_MAX_LENGTH)).optional(),
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
    displayName: storableText(z.string().trim().max(DISPLAY_NAME_MAX_LENGTH)).nullable().optional(),
    metadata: storableText(z.string()).optional(),
  })
  .strict();
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;
