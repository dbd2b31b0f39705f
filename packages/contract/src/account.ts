/**
 * Account flows (docs/decisions/006): email verification, password reset and change,
 * magic links, Google/GitHub sign-in and the notifications email endpoint.
 * Shapes are shared by the server routes, the SDK and the web forms.
 */
import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from './constants.ts';

/** Lifetimes of the one-time tokens that travel by mail (seconds). */
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
export const MAGIC_TOKEN_TTL_SECONDS = 15 * 60;
export const VERIFY_TOKEN_TTL_SECONDS = 24 * 60 * 60;
/** The one-time code an OAuth callback hands to the app (exchanged at once through /magic/verify). */
export const OAUTH_CODE_TTL_SECONDS = 120;
/** How long the server keeps an OAuth flow's state + PKCE verifier (signed cookie). */
export const OAUTH_STATE_TTL_SECONDS = 10 * 60;

/** Mails to one recipient address per hour, at most (docs/decisions/006). */
export const MAIL_PER_RECIPIENT_PER_HOUR_DEFAULT = 5;
/** Per-IP and per-email limits on sign-up, sign-in, reset and magic-link sends (defaults). */
export const AUTH_RATE_LIMIT_WINDOW_SECONDS_DEFAULT = 15 * 60;
export const AUTH_RATE_LIMIT_IP_MAX_DEFAULT = 100;
export const AUTH_RATE_LIMIT_EMAIL_MAX_DEFAULT = 5;

/** Purposes a mailed token is bound to; a token of one purpose is refused for any other. */
export const AUTH_TOKEN_PURPOSES = ['verify_email', 'reset_password', 'magic_link'] as const;
export type AuthTokenPurpose = (typeof AUTH_TOKEN_PURPOSES)[number];

export const OAuthProviderIdSchema = z.enum(['google', 'github']);
export type OAuthProviderId = z.infer<typeof OAuthProviderIdSchema>;
export const OAuthModeSchema = z.enum(['popup', 'redirect']);
export type OAuthMode = z.infer<typeof OAuthModeSchema>;

const Token = z.string().trim().min(1, 'token is required').max(512);

export const EmailBodySchema = z.object({ email: z.string().max(EMAIL_MAX_LENGTH * 2) });
export const TokenBodySchema = z.object({ token: Token });
/**
 * `/email/verify` (DESIGN §3.16): the registrant proves it is theirs with a Bearer token of the
 * account or its `password` (both keep the password and sessions); `notMine: true` takes the
 * account over from whoever registered it.
 */
export const VerifyEmailBodySchema = z.object({
  token: Token,
  password: z.string().max(1024).optional(),
  notMine: z.boolean().optional(),
});
export type VerifyEmailBody = z.infer<typeof VerifyEmailBodySchema>;
/** What a takeover removed that the earlier registrant had set up. */
export const AccountTakeoverRemovedSchema = z.object({
  /** Emails of the members removed from the account's workspaces. */
  members: z.array(z.string()),
  /** Emails whose open invitations were revoked. */
  invitations: z.array(z.string()),
  /** Share links replaced (the old ones answer 404). */
  shareLinks: z.number().int(),
});
export type AccountTakeoverRemoved = z.infer<typeof AccountTakeoverRemovedSchema>;
export const VerifyEmailResponseSchema = z.object({
  message: z.string(),
  /** `kept`: the password and sessions stay; `taken_over`: they were dropped (DESIGN §3.16). */
  outcome: z.enum(['kept', 'taken_over']),
  /** With `taken_over`: what was removed (the one-time notice). */
  removed: AccountTakeoverRemovedSchema.optional(),
});
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponseSchema>;
export const ResetConfirmBodySchema = z.object({ token: Token, password: z.string() });
export const ChangePasswordBodySchema = z.object({
  oldPassword: z.string(),
  newPassword: z.string(),
});
/** `/verify/send`: a Bearer token, or an email in the body. */
export const VerifySendBodySchema = z
  .object({
    email: z
      .string()
      .max(EMAIL_MAX_LENGTH * 2)
      .optional(),
  })
  .optional();

/** Answer of the admin-only `/…/generate` calls: the link to deliver by some other channel. */
export const GeneratedLinkResponseSchema = z.object({
  token: z.string(),
  url: z.string(),
  expires_at: z.string(),
});
export type GeneratedLinkResponse = z.infer<typeof GeneratedLinkResponseSchema>;

/** POST /api/notifications/{project}/email (SPEC §5: to, subject, and html or text). */
export const SendEmailBodySchema = z.object({
  to: z.union([z.string().min(1), z.array(z.string().min(1)).min(1).max(10)]),
  subject: z.string().trim().min(1, 'subject is required').max(200),
  html: z.string().max(200_000).optional(),
  text: z.string().max(200_000).optional(),
});
export type SendEmailBody = z.infer<typeof SendEmailBodySchema>;
export const SendEmailResponseSchema = z.object({
  id: z.string(),
  accepted: z.array(z.string()),
});

/** Texts of the account screens and answers (the same whether or not an account exists). */
export const ACCOUNT_MESSAGES = {
  resetSent: 'If an account exists for that email, we sent a reset link.',
  magicSent: 'If an account exists for that email, we sent a sign-in link.',
  verificationSent: 'If that account still needs verifying, we sent a verification link.',
  emailVerified: 'Your email is verified. You can sign in now.',
  // The registrant proved it (signed in, or with the password): everything stays.
  emailVerifiedKept: 'Your email is verified. Your password and sessions are unchanged.',
  wrongVerifyPassword:
    'That is not this account’s password. Enter the password it was registered with, or choose “I did not create this account”.',
  // The first proof of an address drops a password set before it (DESIGN §3.16).
  emailVerifiedSetPassword:
    'Your email is verified and the account is yours. To keep your account safe, the password it was registered with no longer works: choose one with “Forgot password?”, then sign in.',
  passwordReset: 'Your password has been reset. Please sign in with your new password.',
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
  passwordsDontMatch: 'The passwords do not match.',
  resetExpired: 'This password reset link has expired. Please request a new one.',
  verifyExpired: 'This verification link has expired. Please request a new one.',
  missingToken: 'This link is missing its token. Please use the link from the email.',
} as const;
