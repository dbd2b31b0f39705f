import {
  EmailSchema,
  findInputProblem,
  METADATA_MAX_BYTES,
  PASSWORD_MAX_LENGTH,
  REFRESH_TOKEN_TTL_SECONDS,
  type SessionResponse,
  type User,
} from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import type { PrincipalCache } from './principal.ts';
import type { AuthRepository, Principal } from './auth.repository.ts';
import type { UserPlanRow, UserRow } from '../../db/schema.ts';
import { assertAcceptablePassword, hashPassword, verifyPassword } from './password.ts';
import { type AccessTokens, hashRefreshToken, newRefreshToken } from './tokens.ts';
import { parseMetadataObject, toUserView } from './user-view.ts';

export interface AuthServiceOptions {
  repo: AuthRepository;
  tokens: AccessTokens;
  cache: PrincipalCache;
  failureLimit: number;
  failureWindowMs: number;
  /** Lower-cased ADMIN_EMAILS: admins once their address is verified (admin-role.ts). */
  adminEmails: ReadonlySet<string>;
  /** REQUIRE_EMAIL_VERIFICATION: sign-in answers 403 EMAIL_NOT_VERIFIED until the email is verified. */
  requireEmailVerification?: boolean;
  now?: () => Date;
}

/** Sign-up, sign-in, refresh rotation, sign-out and profile updates. Knows nothing of HTTP. */
export function createAuthService(options: AuthServiceOptions) {
  const { repo, tokens, cache, failureLimit, failureWindowMs, adminEmails } = options;
  /** Every user this service answers with goes through here: one role rule for all. */
  const view = (user: UserRow, plan: UserPlanRow | null) => toUserView(user, plan, adminEmails);

  async function revoke(sessionId: string, at: Date) {
    await repo.revokeSession(sessionId, at);
    cache.forgetSession(sessionId);
  }
  const now = options.now ?? (() => new Date());

  async function issueSession(
    principal: { userId: string; sessionId: string },
    refreshToken: string,
    at: Date,
  ) {
    const issuedAt = Math.floor(at.getTime() / 1000);
    const accessToken = await tokens.sign(
      { sub: principal.userId, sid: principal.sessionId },
      issuedAt,
    );
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      token_type: 'Bearer' as const,
      expires_in: tokens.ttlSeconds,
      refresh_expires_in: REFRESH_TOKEN_TTL_SECONDS,
      issued_at: issuedAt,
    };
  }

  function refreshExpiry(at: Date) {
    return new Date(at.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000);
  }

  /** With `passwordHash`, only while that is still the user's password (else INVALID_CREDENTIALS). */
  async function startSession(
    user: UserRow,
    at: Date,
    device: string | null = null,
    passwordHash?: string,
  ): Promise<SessionResponse> {
    const sessionId = newId('ses');
    const refreshToken = newRefreshToken();
    const created = await repo.createSession({
      sessionId,
      userId: user.id,
      tokenHash: hashRefreshToken(refreshToken),
      expiresAt: refreshExpiry(at),
      device,
      ...(passwordHash === undefined ? {} : { passwordHash }),
    });
    if (!created) throw new AppError('INVALID_CREDENTIALS');
    const plan = await repo.findPlan(user.id);
    return {
      user: view(user, plan),
      ...(await issueSession({ userId: user.id, sessionId }, refreshToken, at)),
    };
  }

  return {
    /** Creates an account with a Free plan; no tokens (the client signs in next). */
    async signUp(input: { email: string; password: string; displayName?: string }): Promise<User> {
      const email = EmailSchema.safeParse(input.email);
      if (!email.success) throw new AppError('INVALID_EMAIL');
      assertAcceptablePassword(input.password);
      // Cheap pre-check so the common duplicate case skips hashing; the unique index decides races.
      if (await repo.findUserByEmail(email.data)) throw new AppError('EMAIL_ALREADY_EXISTS');
      const created = await repo.createUser({
        id: newId('usr'),
        email: email.data,
        passwordHash: await hashPassword(input.password),
        displayName: input.displayName ? input.displayName : null,
      });
      if (!created) throw new AppError('EMAIL_ALREADY_EXISTS');
      return view(created.user, created.plan);
    },

    /**
     * Email + password sign-in with a per-email lockout after repeated failures; `device`
     * ("Chrome on Linux") is what the Settings screen lists for the new session.
     */
    async signInWithPassword(
      input: { email: string; password: string },
      device: string | null = null,
    ): Promise<SessionResponse> {
      const email = EmailSchema.safeParse(input.email);
      if (!email.success) throw new AppError('INVALID_EMAIL');
      const key = email.data.toLowerCase();
      const at = now();
      const windowStart = new Date(at.getTime() - failureWindowMs);
      // The attempt counts as a failure before the password is checked (DESIGN §3.11):
      // parallel guesses cannot all slip past the limit while the first ones are hashing.
      const attempt = await repo.reserveSignInAttempt(key, at, windowStart, failureLimit);
      if ('locked' in attempt) {
        // The lock lifts when enough of the oldest failures leave the window.
        const failures = attempt.locked;
        const freeing = failures[failures.length - failureLimit]!;
        const retryAfter = Math.max(
          1,
          Math.ceil((freeing.getTime() + failureWindowMs - at.getTime()) / 1000),
        );
        throw new AppError('RATE_LIMITED', 429, undefined, undefined, {
          'retry-after': String(retryAfter),
        });
      }
      const user = await repo.findUserByEmail(email.data);
      const password = input.password.slice(0, PASSWORD_MAX_LENGTH + 1);
      const ok = await verifyPassword(user?.passwordHash, password);
      // No password: a social account, or one whose address its owner proved after someone
      // else had set one (DESIGN §3.16). Either way the reset flow sets one; the attempt counts.
      if (user && !user.passwordHash) throw new AppError('PASSWORD_RESET_REQUIRED');
      // A wrong password keeps its reservation: that is the recorded failure.
      if (!user?.passwordHash || !ok) throw new AppError('INVALID_CREDENTIALS');
      // A correct password ends the streak: earlier typos should not count against the next session.
      await repo.releaseSignInAttempts(key, attempt.reserved);
      // Checked only after the password, so it reveals nothing to someone without it.
      if (options.requireEmailVerification && !user.emailVerifiedAt) {
        throw new AppError('EMAIL_NOT_VERIFIED');
      }
      return startSession(user, at, device, user.passwordHash);
    },

    /** Opens a new session for a user who proved who they are (password, magic link, OAuth). */
    startSession: (user: UserRow, device: string | null = null) =>
      startSession(user, now(), device),

    /** Rotates a refresh token; a reused one revokes its whole family. */
    async refresh(refreshToken: string): Promise<SessionResponse> {
      const at = now();
      const claim = await repo.claimRefreshToken(hashRefreshToken(refreshToken), at);
      if (claim.status === 'reused') {
        await revoke(claim.sessionId, at);
        throw new AppError('TOKEN_EXPIRED');
      }
      if (claim.status !== 'ok') throw new AppError('TOKEN_EXPIRED');
      const next = newRefreshToken();
      await repo.addRefreshToken({
        sessionId: claim.sessionId,
        tokenHash: hashRefreshToken(next),
        expiresAt: refreshExpiry(at),
      });
      const principal = await repo.findPrincipal(claim.sessionId, claim.userId);
      if (!principal || principal.revoked) throw new AppError('TOKEN_EXPIRED');
      return {
        user: view(principal.user, principal.plan),
        ...(await issueSession({ userId: claim.userId, sessionId: claim.sessionId }, next, at)),
      };
    },

    /** Revokes the caller's session, and the session of the given refresh token when it is theirs. */
    async signOut(principal: Principal, refreshToken?: string): Promise<void> {
      const at = now();
      await revoke(principal.sessionId, at);
      if (refreshToken) {
        const other = await repo.findSessionOfRefreshToken(hashRefreshToken(refreshToken));
        if (
          other &&
          other.userId === principal.user.id &&
          other.sessionId !== principal.sessionId
        ) {
          await revoke(other.sessionId, at);
        }
      }
    },

    /** Changes display name and/or metadata; planData in metadata is dropped (the server owns it). */
    async updateUser(
      principal: Principal,
      patch: { displayName?: string | null; metadata?: string },
    ): Promise<User> {
      const changes: { displayName?: string | null; metadata?: string } = {};
      if (patch.displayName !== undefined)
        changes.displayName = patch.displayName === '' ? null : patch.displayName;
      if (patch.metadata !== undefined) changes.metadata = normaliseMetadata(patch.metadata);
      const user = Object.keys(changes).length
        ? await repo.updateUser(principal.user.id, changes, now())
        : principal.user;
      if (!user) throw new AppError('UNAUTHORIZED');
      cache.forgetUser(user.id);
      return view(user, principal.plan);
    },
  };
}

/** Validates a metadata string (a JSON object under 16 KB) and strips planData. */
export function normaliseMetadata(metadata: string): string {
  if (Buffer.byteLength(metadata, 'utf8') > METADATA_MAX_BYTES) {
    throw new AppError(
      'VALIDATION_ERROR',
      400,
      `metadata must be at most ${METADATA_MAX_BYTES / 1024} KB.`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(metadata);
  } catch {
    throw new AppError(
      'VALIDATION_ERROR',
      400,
      'metadata must be a JSON object string, e.g. "{}".',
    );
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new AppError(
      'VALIDATION_ERROR',
      400,
      'metadata must be a JSON object string, e.g. "{}".',
    );
  }
  // Deep values would overflow the stack of JSON.stringify below (DESIGN §3.11).
  const problem = findInputProblem(value);
  if (problem) {
    const where = problem.path ? `metadata.${problem.path}` : 'metadata';
    throw new AppError('VALIDATION_ERROR', 400, `${where} ${problem.problem}.`);
  }
  const { planData: _ignored, ...rest } = parseMetadataObject(metadata);
  return JSON.stringify(rest);
}

export type AuthService = ReturnType<typeof createAuthService>;
