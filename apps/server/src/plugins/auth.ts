import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserPlanRow } from '../db/schema.ts';
import { AppError } from '../lib/app-error.ts';
import { TtlCache } from '../lib/ttl-cache.ts';
import {
  type AuthRepository,
  type Principal,
  createAuthRepository,
} from '../modules/auth/auth.repository.ts';
import { AccessTokens } from '../modules/auth/tokens.ts';
import { applyPrincipalPolicy } from '../modules/plan/principal-policy.ts';

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
}

declare module 'fastify' {
  interface FastifyInstance {
    authRepository: AuthRepository;
    accessTokens: AccessTokens;
    principalCache: PrincipalCache;
    /** Lower-cased ADMIN_EMAILS; read only through modules/auth/admin-role.ts. */
    adminEmails: ReadonlySet<string>;
    /** preHandler that requires a valid Bearer access token and sets request.principal. */
    authenticate(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export interface AuthPluginOptions {
  secret: string;
  audience: string;
  accessTokenTtlSeconds?: number;
  /** How long a loaded principal may be reused (ms); 0 = query on every request. */
  principalCacheMs: number;
  /** Lower-cased ADMIN_EMAILS: these users are admins once their email is verified. */
  adminEmails?: readonly string[];
}

/**
 * Bearer authentication: verifies the JWT, then loads user, plan and session in
 * one query. The result is kept for a short time (SESSION_CACHE_MS), so a burst of
 * requests of one session costs one query (docs/decisions/003).
 * Every write in this process that changes a principal (sign-out, refresh-reuse
 * revocation, profile update) drops it at once; other server instances on the
 * same PostgreSQL see a sign-out at most SESSION_CACHE_MS late.
 */
async function authPlugin(app: FastifyInstance, options: AuthPluginOptions) {
  const repo = createAuthRepository(app.db);
  const tokens = await AccessTokens.create(
    options.secret,
    options.audience,
    options.accessTokenTtlSeconds,
  );
  const principals = new TtlCache<string, Principal>(options.principalCacheMs, 10_000);
  const cache: PrincipalCache = {
    forgetSession: (sessionId) => principals.delete(sessionId),
    forgetUser: (userId) => principals.deleteWhere((p) => p.user.id === userId),
    forgetAll: () => principals.deleteWhere(() => true),
    setPlan: (userId, plan) =>
      principals.updateWhere((p) =>
        p.user.id === userId ? { ...p, plan, view: undefined } : undefined,
      ),
  };
  // The effective role (modules/auth/admin-role.ts) and the monthly reset as seen by /me
  // are applied to each loaded principal; see modules/plan/principal-policy.ts.
  const adminEmails: ReadonlySet<string> = new Set(options.adminEmails ?? []);
  // Concurrent requests of one session share a single query when the cache is cold.
  const inFlight = new Map<string, Promise<Principal | undefined>>();
  const loadPrincipal = (sessionId: string, userId: string) => {
    const key = `${sessionId}:${userId}`;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = repo
        .findPrincipal(sessionId, userId)
        .then((loaded) => {
          const found = loaded && applyPrincipalPolicy(loaded, adminEmails);
          if (found) principals.set(sessionId, found);
          return found;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };
  app.decorate('authRepository', repo);
  app.decorate('accessTokens', tokens);
  app.decorate('principalCache', cache);
  app.decorate('adminEmails', adminEmails);
  app.decorateRequest('principal', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match) throw new AppError('UNAUTHORIZED');
    const claims = await tokens.verify(match[1]!);
    let principal = principals.get(claims.sid);
    if (!principal || principal.user.id !== claims.sub) {
      principal = await loadPrincipal(claims.sid, claims.sub);
      if (!principal) throw new AppError('UNAUTHORIZED');
    }
    // A signed-out (revoked) session reads as expired so clients drop their tokens.
    if (principal.revoked) throw new AppError('TOKEN_EXPIRED');
    request.principal = principal;
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['db'] });

/** The principal of an authenticated request (only after `app.authenticate`). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHORIZED');
  return request.principal;
}
