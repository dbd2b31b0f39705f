import type { FastifyRequest } from 'fastify';
import type { UserPlanRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { applyPrincipalPolicy } from '../plan/principal-policy.ts';
import { API_KEY_PREFIX } from '@codewright/contract';
import { checkApiKeyRequest, hashApiKey } from './api-key-auth.ts';
import type { ApiKeysRepository } from './api-keys.repository.ts';
import type { AuthRepository, Principal } from './auth.repository.ts';
import type { AccessTokens } from './tokens.ts';

export type { Principal };

/** Drops cached principals after a write, so this process never serves stale auth state. */
export interface PrincipalCache {
  forgetSession(sessionId: string): void;
  /** Call after changing a user's row or plan row (e.g. quota counters). */
  forgetUser(userId: string): void;
  /** Drops every entry (after admin SQL, which may change any user or plan). */
  forgetAll(): void;
  /**
   * After a quota charge: the user's cached principals take the plan row the charge returned
   * (their expiry unchanged), instead of being dropped and reloaded by the next request.
   */
  setPlan(userId: string, plan: UserPlanRow): void;
  /** After revoking an API key: its next request is refused at once. */
  forgetApiKey(keyId: string): void;
}

/** How often a key's "last used" is written, at most. */
const KEY_TOUCH_INTERVAL_MS = 60_000;

/**
 * The auth seam (docs/decisions/003, 025): verifies the Bearer JWT, then loads user, plan and
 * session in one query, kept for SESSION_CACHE_MS so a burst of requests of one session costs
 * one query. Every write that changes a principal drops it at once, in this instance and, told
 * over NOTIFY (shared-forgets.ts), in every other instance on the same PostgreSQL.
 */
export function createPrincipalAuth(options: {
  repo: AuthRepository;
  tokens: AccessTokens;
  /** How long a loaded principal may be reused (ms); 0 = query on every request. */
  cacheMs: number;
  adminEmails: ReadonlySet<string>;
  /** API keys (issue 49): a Bearer that starts with `cwk_` is one. */
  keys: ApiKeysRepository;
  /** Milliseconds since 1970 (tests: a clock they move on). */
  now?: () => number;
  /** Where a failed "last used" write is told. */
  warn?: (err: unknown) => void;
}) {
  const { repo, tokens, adminEmails, keys } = options;
  const now = options.now ?? Date.now;
  const principals = new TtlCache<string, Principal>(options.cacheMs, 10_000);
  // Concurrent requests of one session share a single query when the cache is cold.
  const inFlight = new Map<string, Promise<Principal | undefined>>();
  // Bumped by every forget: a load that began before it may hold the state from before the
  // write (a session not yet revoked), so it is neither cached nor shared with later requests.
  let epoch = 0;
  const forgotten = () => {
    epoch++;
    inFlight.clear();
  };
  const cache: PrincipalCache = {
    forgetSession: (sessionId) => {
      forgotten();
      principals.delete(sessionId);
    },
    forgetUser: (userId) => {
      forgotten();
      principals.deleteWhere((p) => p.user.id === userId);
    },
    forgetAll: () => {
      forgotten();
      principals.deleteWhere(() => true);
    },
    forgetApiKey: (keyId) => {
      forgotten();
      principals.deleteWhere((p) => p.apiKey?.id === keyId);
    },
    setPlan: (userId, plan) =>
      principals.updateWhere((p) =>
        p.user.id === userId ? { ...p, plan, view: undefined } : undefined,
      ),
  };
  const loadPrincipal = (sessionId: string, userId: string) => {
    const key = `${sessionId}:${userId}`;
    let pending = inFlight.get(key);
    if (!pending) {
      const started = epoch;
      const load = repo
        .findPrincipal(sessionId, userId)
        .then((loaded) => {
          // The effective role (admin-role.ts) and the monthly reset as /me sees them.
          const found = loaded && applyPrincipalPolicy(loaded, adminEmails);
          if (found && epoch === started) principals.set(sessionId, found);
          return found;
        })
        .finally(() => {
          if (inFlight.get(key) === load) inFlight.delete(key);
        });
      inFlight.set(key, load);
      pending = load;
    }
    return pending;
  };

  /**
   * The principal of an access token and the time it expires (epoch ms): UNAUTHORIZED for a bad
   * token, TOKEN_EXPIRED for an expired one or a signed-out session.
   */
  async function principalForToken(
    token: string,
  ): Promise<{ principal: Principal; expiresAtMs: number }> {
    const claims = await tokens.verify(token);
    let principal = principals.get(claims.sid);
    if (!principal || principal.user.id !== claims.sub) {
      principal = await loadPrincipal(claims.sid, claims.sub);
      if (!principal) throw new AppError('UNAUTHORIZED');
    }
    // A signed-out (revoked) session reads as expired so clients drop their tokens.
    if (principal.revoked) throw new AppError('TOKEN_EXPIRED');
    return { principal, expiresAtMs: claims.exp * 1000 };
  }

  // Keys loaded by hash, cached like sessions (and dropped by the same forgets).
  const keyLoads = new Map<string, Promise<Principal | undefined>>();
  const touched = new Map<string, number>();
  async function keyPrincipal(key: string, request: FastifyRequest): Promise<Principal> {
    // Cached by the key itself, as verified access tokens are (tokens.ts): hashed on a load only.
    const cacheKey = `apikey:${key}`;
    let principal = principals.get(cacheKey);
    if (!principal) {
      const hash = hashApiKey(key);
      let pending = keyLoads.get(hash);
      if (!pending) {
        const started = epoch;
        pending = keys
          .findPrincipal(hash)
          .then((loaded) => {
            const found = loaded && applyPrincipalPolicy(loaded, adminEmails);
            if (found && epoch === started) principals.set(cacheKey, found);
            return found;
          })
          .finally(() => keyLoads.delete(hash));
        keyLoads.set(hash, pending);
      }
      principal = await pending;
    }
    const grant = principal?.apiKey ?? null;
    const at = now();
    checkApiKeyRequest(grant, request, at);
    if (at - (touched.get(grant.id) ?? 0) >= KEY_TOUCH_INTERVAL_MS) {
      touched.set(grant.id, at);
      void keys.touch(grant.id).catch((err: unknown) => options.warn?.(err));
    }
    return principal!;
  }

  /** preHandler: requires a valid Bearer access token (or API key) and sets request.principal. */
  async function authenticate(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match) throw new AppError('UNAUTHORIZED');
    const token = match[1]!;
    request.principal = token.startsWith(API_KEY_PREFIX)
      ? await keyPrincipal(token, request)
      : (await principalForToken(token)).principal;
  }

  return { cache, authenticate, principalForToken };
}

/** The principal of an authenticated request (only after `app.authenticate`). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHORIZED');
  return request.principal;
}
