import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AccountTakeoverRemoved, AuthTokenPurpose } from '@codewright/contract';
import type { Database } from '../../db/client.ts';
import { authAttempts, sessions, userPlans, users, type UserRow } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { isUniqueViolation } from './auth.repository.ts';
import { authTokens, type AuthTokenRow } from './auth.schema.ts';
import { hashRefreshToken } from './tokens.ts';

/** Outcome of presenting a mailed token for one purpose. */
export type TokenClaim =
  | { status: 'ok'; token: AuthTokenRow; user: UserRow }
  | { status: 'expired' }
  | { status: 'invalid' };

/** sha256 of a mailed token: the only form stored. */
export const hashMailToken = hashRefreshToken;

/** The workspaces module's rule for a taken-over account, run in the proving transaction. */
export interface RegistrantSetup {
  clearRegistrantSetup(
    tx: Pick<Database, 'execute'>,
    userId: string,
    now: Date,
  ): Promise<AccountTakeoverRemoved>;
}

/**
 * SQL of the account flows: one-time tokens, passwords, verification, sessions of a user.
 * `workspaces` is the workspaces service, for what a proved address removes from the account's teams.
 */
export function createAccountRepository(db: Database, workspaces: RegistrantSetup) {
  return {
    /** Stores a new token (hashed) for a user and purpose; returns the token itself, to mail. */
    async issueToken(input: {
      userId: string;
      purpose: AuthTokenPurpose;
      email: string;
      ttlSeconds: number;
      now: Date;
    }): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(input.now.getTime() + input.ttlSeconds * 1000);
      await db.insert(authTokens).values({
        tokenHash: hashMailToken(token),
        userId: input.userId,
        purpose: input.purpose,
        email: input.email.toLowerCase(),
        expiresAt,
        createdAt: input.now,
      });
      return { token, expiresAt };
    },

    /**
     * Spends a token of `purpose` if it is live. The conditional UPDATE makes it
     * single-use even under concurrent requests; a token of another purpose is
     * not touched (and reads as invalid). A token whose user has since changed
     * email is void.
     */
    async claimToken(token: string, purpose: AuthTokenPurpose, now: Date): Promise<TokenClaim> {
      const tokenHash = hashMailToken(token);
      const [claimed] = await db
        .update(authTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(authTokens.tokenHash, tokenHash),
            eq(authTokens.purpose, purpose),
            isNull(authTokens.usedAt),
            gt(authTokens.expiresAt, now),
          ),
        )
        .returning();
      if (claimed) {
        const [user] = await db.select().from(users).where(eq(users.id, claimed.userId));
        if (!user || user.email.toLowerCase() !== claimed.email) return { status: 'invalid' };
        return { status: 'ok', token: claimed, user };
      }
      const [existing] = await db
        .select()
        .from(authTokens)
        .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.purpose, purpose)));
      if (existing && !existing.usedAt && existing.expiresAt <= now) return { status: 'expired' };
      return { status: 'invalid' };
    },

    /** Spends every live token of a user for a purpose (after a reset, all older reset links die). */
    async spendTokens(userId: string, purpose: AuthTokenPurpose, now: Date) {
      await db
        .update(authTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(authTokens.userId, userId),
            eq(authTokens.purpose, purpose),
            isNull(authTokens.usedAt),
          ),
        );
    },

    async findUserById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    async setPassword(userId: string, passwordHash: string | null, now: Date) {
      await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    },

    /** Marks the email verified (first time only); returns the user row. */
    async markEmailVerified(userId: string, now: Date): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
        })
        .where(eq(users.id, userId))
        .returning();
      return row;
    },

    /**
     * A live token of `purpose`, without spending it: what a link would claim. The verify page
     * decides what the link proves before the token is spent (DESIGN §3.16).
     */
    async peekToken(token: string, purpose: AuthTokenPurpose, now: Date): Promise<TokenClaim> {
      const [row] = await db
        .select()
        .from(authTokens)
        .where(
          and(eq(authTokens.tokenHash, hashMailToken(token)), eq(authTokens.purpose, purpose)),
        );
      if (!row || row.usedAt) return { status: 'invalid' };
      if (row.expiresAt <= now) return { status: 'expired' };
      const [user] = await db.select().from(users).where(eq(users.id, row.userId));
      if (!user || user.email.toLowerCase() !== row.email) return { status: 'invalid' };
      return { status: 'ok', token: row, user };
    },

    /** The registrant proved the address is theirs (DESIGN §3.16): verified, nothing else changes. */
    async confirmAddress(userId: string, now: Date): Promise<UserRow | undefined> {
      return this.markEmailVerified(userId, now);
    },

    /**
     * The address was proved by someone who did not register it, or through a magic link or
     * OAuth sign-in (DESIGN §3.16). The first time, in one transaction: verified, the password
     * set before dropped, every earlier session revoked, and what the registrant set up in the
     * account's workspaces removed (`workspaces.clearRegistrantSetup`). `removed` says what went.
     */
    async proveAddress(
      userId: string,
      now: Date,
    ): Promise<
      | { user: UserRow; first: true; removed: AccountTakeoverRemoved }
      | { user: UserRow; first: false }
      | undefined
    > {
      return db.transaction(async (tx) => {
        const [proved] = await tx
          .update(users)
          .set({ emailVerifiedAt: now, passwordHash: null, updatedAt: now })
          .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
          .returning();
        if (proved) {
          await tx
            .update(sessions)
            .set({ revokedAt: now })
            .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
          const removed = await workspaces.clearRegistrantSetup(tx, userId, now);
          return { user: proved, first: true as const, removed };
        }
        const [user] = await tx.select().from(users).where(eq(users.id, userId));
        return user && { user, first: false as const };
      });
    },

    /** Revokes every live session of a user, except `keepSessionId`; returns the revoked ids. */
    async revokeUserSessions(userId: string, now: Date, keepSessionId?: string) {
      const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
      if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
      const rows = await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(...conditions))
        .returning({ id: sessions.id });
      return rows.map((r) => r.id);
    },

    /** Forgets an email's failed sign-ins (after a password reset). */
    async clearFailures(email: string) {
      await db.delete(authAttempts).where(eq(authAttempts.email, email.toLowerCase()));
    },

    /** A user made by a social sign-in: no password, email already verified, a Free plan. Null when the email is taken. */
    async createVerifiedUser(input: { email: string; displayName: string | null; now: Date }) {
      try {
        return await db.transaction(async (tx) => {
          const id = newId('usr');
          const [user] = await tx
            .insert(users)
            .values({
              id,
              email: input.email,
              passwordHash: null,
              displayName: input.displayName,
              emailVerifiedAt: input.now,
            })
            .returning();
          await tx.insert(userPlans).values({ userId: id });
          return user!;
        });
      } catch (err) {
        if (isUniqueViolation(err)) return null;
        throw err;
      }
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
