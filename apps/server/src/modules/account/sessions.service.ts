import { ACCOUNT_SETTINGS_MESSAGES, type SessionInfo } from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';
import type { PrincipalCache } from '../auth/principal.ts';
import type { SessionsRepository } from './sessions.repository.ts';

export interface SessionsServiceOptions {
  repo: SessionsRepository;
  cache: PrincipalCache;
  now?: () => Date;
}

/**
 * The caller's sessions: list, sign out one, sign out all others. A revoked session's access
 * tokens are refused on their next request and its refresh tokens at once: the principal cache
 * drops it here (docs/decisions/003), and refresh only claims tokens of unrevoked sessions.
 */
export function createSessionsService(options: SessionsServiceOptions) {
  const { repo, cache } = options;
  const now = options.now ?? (() => new Date());
  return {
    /**
     * Live sessions, most recently active first, each with the device that opened it; the
     * current one shows the device it is used from now.
     */
    async list(
      caller: { userId: string; sessionId: string },
      currentDevice: string | null,
    ): Promise<SessionInfo[]> {
      const rows = await repo.listLive(caller.userId, now());
      return rows.map((row) => {
        const current = row.id === caller.sessionId;
        return {
          id: row.id,
          current,
          device: (current ? currentDevice : null) ?? row.device,
          createdAt: row.createdAt.toISOString(),
          lastActiveAt: row.lastActiveAt.toISOString(),
        };
      });
    },

    /** Signs out one of the caller's sessions; another user's (or an unknown) id is 404. */
    async revoke(userId: string, sessionId: string): Promise<void> {
      if (!(await repo.isOwnedBy(sessionId, userId))) {
        throw new AppError('NOT_FOUND', 404, ACCOUNT_SETTINGS_MESSAGES.sessionNotFound);
      }
      await repo.revoke(sessionId, userId, now());
      cache.forgetSession(sessionId);
    },

    /** Signs out every other session of the caller; answers how many were signed out. */
    async revokeOthers(caller: { userId: string; sessionId: string }): Promise<number> {
      const revoked = await repo.revokeAllBut(caller.userId, caller.sessionId, now());
      for (const id of revoked) cache.forgetSession(id);
      return revoked.length;
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
