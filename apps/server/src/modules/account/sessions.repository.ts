import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { refreshTokens, sessions } from '../../db/schema.ts';

/** A live session as the Settings screen lists it. */
export interface SessionRow {
  id: string;
  createdAt: Date;
  lastActiveAt: Date;
  /** Summary of the user agent that opened it; null for sessions from before it was kept. */
  device: string | null;
}

/** SQL of the caller's sessions (refresh-token families, docs/decisions/002). */
export function createSessionsRepository(db: Database) {
  const lastActive = sql`max(${refreshTokens.createdAt})`.mapWith(refreshTokens.createdAt);
  return {
    /**
     * The user's live sessions, most recently active first: not revoked, and holding a
     * refresh token that is neither spent nor expired (anything else can never be used again).
     */
    async listLive(userId: string, now: Date): Promise<SessionRow[]> {
      return db
        .select({
          id: sessions.id,
          createdAt: sessions.createdAt,
          lastActiveAt: lastActive,
          device: sessions.device,
        })
        .from(sessions)
        .innerJoin(refreshTokens, eq(refreshTokens.sessionId, sessions.id))
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .groupBy(sessions.id, sessions.createdAt, sessions.device)
        .having(
          sql`bool_or(${refreshTokens.usedAt} is null and ${refreshTokens.expiresAt} > ${now})`,
        )
        .orderBy(desc(lastActive), desc(sessions.createdAt));
    },

    /** Whether `sessionId` is one of the user's sessions (revoked or not). */
    async isOwnedBy(sessionId: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
        .limit(1);
      return row !== undefined;
    },

    /** Revokes one of the user's sessions; answers whether it was live until now. */
    async revoke(sessionId: string, userId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(
          and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)),
        )
        .returning({ id: sessions.id });
      return rows.length > 0;
    },

    /** Revokes every live session of the user but `keep`; answers the ids it revoked. */
    async revokeAllBut(userId: string, keep: string, now: Date): Promise<string[]> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keep), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.map((r) => r.id);
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
