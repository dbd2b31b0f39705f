import { and, asc, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import type { User } from '@codewright/contract';
import type { Database } from '../../db/client.ts';
import type { ApiKeyGrant } from './api-keys.repository.ts';
import {
  authAttempts,
  refreshTokens,
  sessions,
  userPlans,
  users,
  type UserPlanRow,
  type UserRow,
} from '../../db/schema.ts';

/** The caller behind an access token: user, plan row and session state, loaded together. */
export interface Principal {
  user: UserRow;
  plan: UserPlanRow | null;
  sessionId: string;
  revoked: boolean;
  /** The API view of the user, memoised while the principal is cached. */
  view?: User;
  /** Set when the request was made with an API key (issue 49): what the key allows. */
  apiKey?: ApiKeyGrant;
}

/** Outcome of presenting a refresh token. */
export type RefreshClaim =
  | { status: 'ok'; sessionId: string; userId: string }
  | { status: 'reused'; sessionId: string }
  | { status: 'invalid' };

/** True when a database error is a unique-constraint violation (23505), from either driver. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Namespace of the per-email sign-in locks (the two-key form of pg_advisory_xact_lock,
 * which never meets the one-key locks of migrations). Any fixed int4 works.
 */
const SIGNIN_LOCK_NAMESPACE = 51_410_001;

/** SQL of the auth module: users, sessions, refresh tokens, plan rows and failed sign-ins. */
export function createAuthRepository(db: Database) {
  return {
    /** Inserts a user and their free plan row in one transaction; null when the email is taken. */
    async createUser(input: {
      id: string;
      email: string;
      passwordHash: string;
      displayName: string | null;
    }) {
      try {
        return await db.transaction(async (tx) => {
          const [user] = await tx.insert(users).values(input).returning();
          const [plan] = await tx.insert(userPlans).values({ userId: input.id }).returning();
          return { user: user!, plan: plan! };
        });
      } catch (err) {
        if (isUniqueViolation(err)) return null;
        throw err;
      }
    },

    /** The user with this email, compared case-insensitively. */
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return row;
    },

    /** One query for the hot path of every authenticated request. */
    async findPrincipal(sessionId: string, userId: string): Promise<Principal | undefined> {
      const [row] = await db
        .select({ user: users, plan: userPlans, revokedAt: sessions.revokedAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .leftJoin(userPlans, eq(userPlans.userId, users.id))
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
        .limit(1);
      if (!row) return undefined;
      return { user: row.user, plan: row.plan, sessionId, revoked: row.revokedAt !== null };
    },

    /**
     * Starts a session (refresh family) with its first refresh token. With `passwordHash`
     * (a password sign-in) only while the user's password is still that one, checked under the
     * user row's lock: a password dropped or changed while it was being verified — the address's
     * owner proving it (DESIGN §3.16), a reset — opens nothing. False when refused.
     */
    async createSession(input: {
      sessionId: string;
      userId: string;
      tokenHash: string;
      expiresAt: Date;
      device?: string | null;
      passwordHash?: string;
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        if (input.passwordHash !== undefined) {
          const [row] = await tx
            .select({ passwordHash: users.passwordHash })
            .from(users)
            .where(eq(users.id, input.userId))
            .for('update');
          if (row?.passwordHash !== input.passwordHash) return false;
        }
        await tx
          .insert(sessions)
          .values({ id: input.sessionId, userId: input.userId, device: input.device ?? null });
        await tx.insert(refreshTokens).values({
          tokenHash: input.tokenHash,
          sessionId: input.sessionId,
          expiresAt: input.expiresAt,
        });
        return true;
      });
    },

    /**
     * Marks a refresh token used if it is live. The conditional UPDATE makes the
     * claim atomic: of two requests with the same token, exactly one wins.
     */
    async claimRefreshToken(tokenHash: string, now: Date): Promise<RefreshClaim> {
      const [claimed] = await db
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(refreshTokens.tokenHash, tokenHash),
            isNull(refreshTokens.usedAt),
            gt(refreshTokens.expiresAt, now),
            sql`${refreshTokens.sessionId} in (select ${sessions.id} from ${sessions} where ${sessions.revokedAt} is null)`,
          ),
        )
        .returning({ sessionId: refreshTokens.sessionId });
      if (claimed) {
        const [session] = await db
          .select({ userId: sessions.userId })
          .from(sessions)
          .where(eq(sessions.id, claimed.sessionId));
        return session
          ? { status: 'ok', sessionId: claimed.sessionId, userId: session.userId }
          : { status: 'invalid' };
      }
      const [existing] = await db
        .select({ sessionId: refreshTokens.sessionId, usedAt: refreshTokens.usedAt })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash));
      if (existing?.usedAt) return { status: 'reused', sessionId: existing.sessionId };
      return { status: 'invalid' };
    },

    /** Stores the next refresh token of a family. */
    async addRefreshToken(input: { sessionId: string; tokenHash: string; expiresAt: Date }) {
      await db.insert(refreshTokens).values(input);
    },

    /** The session a refresh token belongs to, if any. */
    async findSessionOfRefreshToken(tokenHash: string) {
      const [row] = await db
        .select({ sessionId: sessions.id, userId: sessions.userId })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, tokenHash));
      return row;
    },

    /** Revokes a session, which refuses its access tokens and every refresh token of the family. */
    async revokeSession(sessionId: string, now: Date) {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    /**
     * Reserves one sign-in attempt for an email before its password is checked, so
     * parallel requests cannot all pass a check-then-record gap. Under a per-email
     * transaction lock it drops attempts that left the window, counts the rest and,
     * below the limit, records this one. Answers the reservation's id, or the times
     * of the attempts in the window (oldest first) when the limit is reached.
     */
    async reserveSignInAttempt(
      email: string,
      now: Date,
      windowStart: Date,
      limit: number,
    ): Promise<{ reserved: number } | { locked: Date[] }> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(${SIGNIN_LOCK_NAMESPACE}::int4, hashtext(${email}))`,
        );
        await tx
          .delete(authAttempts)
          .where(and(eq(authAttempts.email, email), lt(authAttempts.createdAt, windowStart)));
        const rows = await tx
          .select({ createdAt: authAttempts.createdAt })
          .from(authAttempts)
          .where(and(eq(authAttempts.email, email), gt(authAttempts.createdAt, windowStart)))
          .orderBy(asc(authAttempts.createdAt), asc(authAttempts.id));
        if (rows.length >= limit) return { locked: rows.map((r) => r.createdAt) };
        const [row] = await tx
          .insert(authAttempts)
          .values({ email, createdAt: now })
          .returning({ id: authAttempts.id });
        return { reserved: row!.id };
      });
    },

    /**
     * Ends an email's failure streak after a correct password: its own reservation and
     * every attempt reserved before it. Attempts reserved later (still in flight) stay.
     */
    async releaseSignInAttempts(email: string, reservation: number) {
      await db
        .delete(authAttempts)
        .where(and(eq(authAttempts.email, email), lte(authAttempts.id, reservation)));
    },

    /** Updates display name and/or metadata and returns the user with their plan row. */
    async updateUser(
      userId: string,
      patch: { displayName?: string | null; metadata?: string },
      now: Date,
    ) {
      const [user] = await db
        .update(users)
        .set({ ...patch, updatedAt: now })
        .where(eq(users.id, userId))
        .returning();
      return user;
    },

    /** The plan row of a user. */
    async findPlan(userId: string): Promise<UserPlanRow | null> {
      const [row] = await db.select().from(userPlans).where(eq(userPlans.userId, userId));
      return row ?? null;
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
