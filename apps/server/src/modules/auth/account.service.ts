/**
 * (Over 300 lines: every mailed-link flow — verification, reset, magic link, takeover — spends its
 * token through the same repositories, mailer, principal cache and session revocation set up once
 * in createAccountService; the SQL is account.repository.ts.)
 */
import {
  ACCOUNT_MESSAGES,
  type AuthTokenPurpose,
  EmailSchema,
  type GeneratedLinkResponse,
  MAGIC_TOKEN_TTL_SECONDS,
  OAUTH_CODE_TTL_SECONDS,
  RESET_PASSWORD_PATH,
  RESET_TOKEN_TTL_SECONDS,
  type AccountTakeoverRemoved,
  type SessionResponse,
  type VerifyEmailResponse,
  VERIFY_EMAIL_PATH,
  VERIFY_TOKEN_TTL_SECONDS,
} from '@codewright/contract';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PrincipalCache } from './principal.ts';
import type { Mailer, MailMessage } from '../notifications/mailer.ts';
import {
  accountTakenOverMail,
  magicLinkMail,
  passwordChangedMail,
  resetPasswordMail,
  verifyEmailMail,
  type RenderedMail,
} from '../notifications/templates.ts';
import type { AccountRepository } from './account.repository.ts';
import type { AuthRepository, Principal } from './auth.repository.ts';
import type { AuthService } from './auth.service.ts';
import { assertAcceptablePassword, hashPassword, verifyPassword } from './password.ts';
import type { PublicUrls } from './public-urls.ts';

export interface AccountServiceOptions {
  repo: AccountRepository;
  authRepo: AuthRepository;
  auth: AuthService;
  cache: PrincipalCache;
  mailer: Mailer;
  urls: PublicUrls;
  now?: () => Date;
}

/** Where a mailed link of each purpose lands in the app, and how long it lives. */
const LINKS: Record<AuthTokenPurpose, { path: string; param: string; ttl: number }> = {
  verify_email: { path: VERIFY_EMAIL_PATH, param: 'token', ttl: VERIFY_TOKEN_TTL_SECONDS },
  reset_password: { path: RESET_PASSWORD_PATH, param: 'token', ttl: RESET_TOKEN_TTL_SECONDS },
  // The SDK exchanges `magic_token` at start-up (SPEC §4.1) and cleans the URL.
  magic_link: { path: '/generator', param: 'magic_token', ttl: MAGIC_TOKEN_TTL_SECONDS },
};

const TEMPLATES: Record<
  AuthTokenPurpose,
  (input: { url: string; ttlSeconds: number; name?: string | null }) => RenderedMail
> = {
  verify_email: verifyEmailMail,
  reset_password: resetPasswordMail,
  magic_link: magicLinkMail,
};

const EXPIRED_MESSAGES: Record<AuthTokenPurpose, string | undefined> = {
  verify_email: ACCOUNT_MESSAGES.verifyExpired,
  reset_password: ACCOUNT_MESSAGES.resetExpired,
  magic_link: undefined, // the catalogue text is about sign-in links already
};

function parseEmail(email: string): string {
  const parsed = EmailSchema.safeParse(email);
  if (!parsed.success) throw new AppError('INVALID_EMAIL');
  return parsed.data;
}

/** Email verification, password reset and change, magic links, social sign-in accounts. No HTTP here. */
export function createAccountService(options: AccountServiceOptions) {
  const { repo, authRepo, auth, cache, mailer, urls } = options;
  const now = options.now ?? (() => new Date());

  async function issueLink(user: UserRow, purpose: AuthTokenPurpose, ttl = LINKS[purpose].ttl) {
    const { token, expiresAt } = await repo.issueToken({
      userId: user.id,
      purpose,
      email: user.email,
      ttlSeconds: ttl,
      now: now(),
    });
    const link = LINKS[purpose];
    return { token, expiresAt, url: urls.app(link.path, { [link.param]: token }) };
  }

  async function linkMail(user: UserRow, purpose: AuthTokenPurpose): Promise<MailMessage> {
    const { url } = await issueLink(user, purpose);
    const mail = TEMPLATES[purpose]({
      url,
      ttlSeconds: LINKS[purpose].ttl,
      name: user.displayName,
    });
    return { to: [user.email], ...mail, kind: purpose };
  }

  /** Mails a link to the account of `email`, if there is one; the caller's answer never says. */
  function mailLinkIfAccount(
    email: string,
    purpose: AuthTokenPurpose,
    when?: (u: UserRow) => boolean,
  ) {
    mailer.sendInBackground(async () => {
      const user = await authRepo.findUserByEmail(email);
      if (!user || (when && !when(user))) return null;
      return linkMail(user, purpose);
    });
  }

  async function claim(token: string, purpose: AuthTokenPurpose) {
    const result = await repo.claimToken(token, purpose, now());
    if (result.status === 'expired') {
      throw new AppError('MAGIC_LINK_EXPIRED', 400, EXPIRED_MESSAGES[purpose]);
    }
    if (result.status === 'invalid') throw new AppError('VERIFICATION_FAILED');
    return result.user;
  }

  /**
   * Takes the account over for whoever proved its address without claiming to have registered
   * it (DESIGN §3.16). The first time, the password set before is dropped, every earlier session
   * and refresh token revoked (here and in the principal cache), and the members, invitations and
   * share links of its workspaces removed; the owner is mailed the list once. Sign-in with the
   * old password then answers PASSWORD_RESET_REQUIRED.
   */
  async function takeOver(
    user: UserRow,
  ): Promise<{ user: UserRow; removed?: AccountTakeoverRemoved }> {
    const proved = await repo.proveAddress(user.id, now());
    if (!proved) throw new AppError('VERIFICATION_FAILED');
    if (!proved.first) return { user: proved.user };
    cache.forgetUser(user.id);
    const { removed } = proved;
    mailer.sendInBackground(async () => ({
      to: [proved.user.email],
      ...accountTakenOverMail({ name: proved.user.displayName, removed }),
      kind: 'account_taken_over',
    }));
    return { user: proved.user, removed };
  }

  async function proveAddress(user: UserRow): Promise<UserRow> {
    return (await takeOver(user)).user;
  }

  function noticePasswordChanged(user: UserRow) {
    const at = now();
    mailer.sendInBackground(async () => ({
      to: [user.email],
      ...passwordChangedMail({ at, name: user.displayName }),
      kind: 'password_changed',
    }));
  }

  return {
    /** POST /password/reset: same answer, and about the same time, whether or not the email has an account. */
    requestPasswordReset(email: string): void {
      mailLinkIfAccount(parseEmail(email), 'reset_password');
    },

    /** POST /password/reset/confirm: new password, every session of the user signed out. */
    async confirmPasswordReset(token: string, password: string): Promise<void> {
      // Checked first, so a weak password does not spend the link.
      assertAcceptablePassword(password);
      const user = await claim(token, 'reset_password');
      const at = now();
      await repo.setPassword(user.id, await hashPassword(password), at);
      await repo.spendTokens(user.id, 'reset_password', at);
      // Following the mailed link proves the mailbox is theirs.
      await repo.markEmailVerified(user.id, at);
      await repo.revokeUserSessions(user.id, at);
      await repo.clearFailures(user.email);
      cache.forgetUser(user.id);
      noticePasswordChanged(user);
    },

    /** POST /password/change: the old password must match; the user's other sessions are signed out. */
    async changePassword(principal: Principal, oldPassword: string, newPassword: string) {
      const user = await repo.findUserById(principal.user.id);
      if (!user || !(await verifyPassword(user.passwordHash, oldPassword.slice(0, 1024)))) {
        throw new AppError('INVALID_CREDENTIALS', 401, 'Your current password is not correct.');
      }
      assertAcceptablePassword(newPassword);
      const at = now();
      await repo.setPassword(user.id, await hashPassword(newPassword), at);
      await repo.spendTokens(user.id, 'reset_password', at);
      await repo.revokeUserSessions(user.id, at, principal.sessionId);
      cache.forgetUser(user.id);
      noticePasswordChanged(user);
    },

    /** Mails a verification link to an unverified user (sign-up, /verify/generate, /verify/send). */
    sendVerification(userId: string): void {
      mailer.sendInBackground(async () => {
        const user = await repo.findUserById(userId);
        if (!user || user.emailVerifiedAt) return null;
        return linkMail(user, 'verify_email');
      });
    },

    /** /verify/send with an email: mails only when that account exists and is unverified; the answer never says. */
    requestVerification(email: string): void {
      mailLinkIfAccount(parseEmail(email), 'verify_email', (u) => !u.emailVerifiedAt);
    },

    /**
     * POST /email/verify (DESIGN §3.16). The link proves the registrant when the request is signed
     * in as the account (`signedInAs`) or carries its `password`: verified, nothing else changes.
     * `notMine` takes the account over. Without either, an account with a password answers 409
     * VERIFICATION_CHOICE_REQUIRED and a wrong password 401: neither spends the link.
     */
    async verifyEmail(
      token: string,
      proof: { signedInAs?: string; password?: string; notMine?: boolean } = {},
    ): Promise<VerifyEmailResponse> {
      const peeked = await repo.peekToken(token, 'verify_email', now());
      if (peeked.status === 'expired') {
        throw new AppError('MAGIC_LINK_EXPIRED', 400, EXPIRED_MESSAGES.verify_email);
      }
      if (peeked.status === 'invalid') throw new AppError('VERIFICATION_FAILED');
      const registered = peeked.user;
      if (proof.notMine && !registered.emailVerifiedAt) {
        const { removed } = await takeOver(await claim(token, 'verify_email'));
        return removed
          ? { message: ACCOUNT_MESSAGES.emailVerifiedSetPassword, outcome: 'taken_over', removed }
          : { message: ACCOUNT_MESSAGES.emailVerified, outcome: 'kept' };
      }
      const provedByRegistrant =
        registered.emailVerifiedAt !== null ||
        registered.passwordHash === null ||
        proof.signedInAs === registered.id ||
        (proof.password !== undefined &&
          (await verifyPassword(registered.passwordHash, proof.password.slice(0, 1024))));
      if (!provedByRegistrant) {
        if (proof.password !== undefined) {
          throw new AppError('INVALID_CREDENTIALS', 401, ACCOUNT_MESSAGES.wrongVerifyPassword);
        }
        throw new AppError('VERIFICATION_CHOICE_REQUIRED');
      }
      const user = await claim(token, 'verify_email');
      const first = user.emailVerifiedAt === null;
      if (!(await repo.confirmAddress(user.id, now()))) throw new AppError('VERIFICATION_FAILED');
      // The role may change with the proof (ADMIN_EMAILS): cached principals read it again.
      if (first) cache.forgetUser(user.id);
      return {
        message:
          first && user.passwordHash !== null
            ? ACCOUNT_MESSAGES.emailVerifiedKept
            : ACCOUNT_MESSAGES.emailVerified,
        outcome: 'kept',
      };
    },

    /** POST /signin/magic: same answer whether or not the email has an account (no USER_NOT_FOUND). */
    requestMagicLink(email: string): void {
      mailLinkIfAccount(parseEmail(email), 'magic_link');
    },

    /** POST /magic/verify: spends the link (or OAuth code) and signs in. */
    async verifyMagicLink(token: string, device: string | null = null): Promise<SessionResponse> {
      const user = await claim(token, 'magic_link');
      // Proved before the new session starts, so the revocation never reaches it.
      return auth.startSession(await proveAddress(user), device);
    },

    /** Admin-only `/…/generate`: a link for an account, to deliver by another channel. */
    async generateLink(email: string, purpose: AuthTokenPurpose): Promise<GeneratedLinkResponse> {
      const user = await authRepo.findUserByEmail(parseEmail(email));
      if (!user) throw new AppError('USER_NOT_FOUND');
      const { token, url, expiresAt } = await issueLink(user, purpose);
      return { token, url, expires_at: expiresAt.toISOString() };
    },

    /**
     * The account for a social sign-in: the provider's email must be verified;
     * an existing account with that email is linked, else one is created.
     */
    async accountForSocialProfile(profile: {
      email: string;
      emailVerified: boolean;
      name: string | null;
      providerName: string;
    }): Promise<UserRow> {
      if (!profile.emailVerified) {
        throw new AppError(
          'EMAIL_NOT_VERIFIED',
          403,
          `Your ${profile.providerName} account's email address is not verified. Verify it with ${profile.providerName}, or sign in with email.`,
        );
      }
      const email = parseEmail(profile.email);
      const at = now();
      const user = await authRepo.findUserByEmail(email);
      // Account pre-hijacking defence: someone may have registered this address before its
      // owner, who proves it now (the provider verified it).
      if (user) return user.emailVerifiedAt ? user : proveAddress(user);
      const created = await repo.createVerifiedUser({ email, displayName: profile.name, now: at });
      if (created) return created;
      const raced = await authRepo.findUserByEmail(email);
      if (!raced) throw new AppError('INTERNAL_ERROR');
      return raced;
    },

    /** The short one-time code an OAuth callback hands to the app (exchanged through /magic/verify). */
    async issueSignInCode(user: UserRow): Promise<string> {
      return (await issueLink(user, 'magic_link', OAUTH_CODE_TTL_SECONDS)).token;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
