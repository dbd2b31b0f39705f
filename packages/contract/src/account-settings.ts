/**
 * The Settings screen's Account group (SPEC §6 account settings; docs/api.md § Account settings;
 * docs/decisions/028, 029): sessions, account status, data export and account deletion. Shapes are
 * shared by the server routes, the SDK and the web page.
 */
import { z } from 'zod';

/** Most uncompressed bytes one data export holds; past it the rest is listed as omitted. */
export const ACCOUNT_EXPORT_MAX_BYTES = 100 * 1024 * 1024;
/** Longest password or email a deletion confirmation may carry. */
const CONFIRMATION_MAX_LENGTH = 1024;

/** One signed-in session (a refresh-token family, docs/decisions/002) of the caller. */
export const SessionInfoSchema = z.object({
  id: z.string(),
  /** True for the session that made this request. */
  current: z.boolean(),
  /** A short summary such as "Chrome on Linux"; null when the device was not recorded. */
  device: z.string().nullable(),
  /** When the user signed in (ISO 8601). */
  createdAt: z.string(),
  /** The last sign-in or token refresh of the session (ISO 8601). */
  lastActiveAt: z.string(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;
export const SessionListSchema = z.object({ sessions: z.array(SessionInfoSchema) });
/** `POST /api/auth/sessions/revoke-others`: how many sessions were signed out. */
export const RevokedSessionsSchema = z.object({ revoked: z.number().int() });

/** `GET /api/auth/account`: what the Settings screen shows beside the user record. */
export const AccountStatusSchema = z.object({
  email: z.string(),
  emailVerified: z.boolean(),
  /** False for accounts made through a magic link or Google/GitHub: they confirm with their email. */
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type AccountStatus = z.infer<typeof AccountStatusSchema>;

/** `DELETE /api/auth/me`: the password, or the account's email when it has no password. */
export const DeleteAccountBodySchema = z.strictObject({
  password: z.string().max(CONFIRMATION_MAX_LENGTH).optional(),
  email: z.string().max(CONFIRMATION_MAX_LENGTH).optional(),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;

/** Texts of the Account group's answers. */
export const ACCOUNT_SETTINGS_MESSAGES = {
  wrongPassword: 'Your password is not correct. Your account was not deleted.',
  passwordRequired: 'Enter your password to confirm that you want to delete your account.',
  emailRequired: 'Type your email address to confirm that you want to delete your account.',
  emailMismatch: 'That is not the email address of this account. Your account was not deleted.',
  exportRunning:
    'An export of your data is already being prepared. Wait for it to finish, then try again.',
  sessionNotFound: 'That session does not exist or is not yours.',
} as const;
