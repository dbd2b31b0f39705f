/**
 * App paths and message types of the account flows (docs/decisions/006) that the SDK needs
 * before any answer is checked.
 */
// Kept apart from the schemas: the SDK reads these on every page (docs/decisions/007), and a
// module that builds zod schemas would bring zod with it (apps/web/vite.config.ts).

/** `type` of the message the OAuth callback page posts to `window.opener`. */
export const OAUTH_MESSAGE_TYPE = 'codewright:oauth';

/** Paths of the app pages that take a mailed `token=` (the SDK leaves `token` alone there). */
export const RESET_PASSWORD_PATH = '/reset-password';
export const VERIFY_EMAIL_PATH = '/verify-email';
/** The page an emailed workspace invitation opens: `/invitation?token=…` (docs/decisions/026). */
export const INVITATION_PAGE_PATH = '/invitation';
export const MAIL_TOKEN_PATHS = [
  RESET_PASSWORD_PATH,
  VERIFY_EMAIL_PATH,
  INVITATION_PAGE_PATH,
] as const;
