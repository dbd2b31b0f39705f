import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import {
  type AuthRepository,
  type Principal,
  createAuthRepository,
} from '../modules/auth/auth.repository.ts';
import { createPrincipalAuth, type PrincipalCache } from '../modules/auth/principal.ts';
import {
  type ApiKeysRepository,
  createApiKeysRepository,
} from '../modules/auth/api-keys.repository.ts';
import { AccessTokens } from '../modules/auth/tokens.ts';
import { FORGETS_CHANNEL, sharedForgets } from '../modules/auth/shared-forgets.ts';
import { listenOn } from '../db/listen.ts';

declare module 'fastify' {
  interface FastifyInstance {
    authRepository: AuthRepository;
    /** API keys (issue 49): managed by modules/integrations, checked by `authenticate`. */
    apiKeys: ApiKeysRepository;
    accessTokens: AccessTokens;
    principalCache: PrincipalCache;
    /** Lower-cased ADMIN_EMAILS; read only through modules/auth/admin-role.ts. */
    adminEmails: ReadonlySet<string>;
    /** preHandler that requires a valid Bearer access token and sets request.principal. */
    authenticate(request: FastifyRequest): Promise<void>;
    /** The principal of an access token and when it expires (a websocket's first message). */
    principalForToken(token: string): Promise<{ principal: Principal; expiresAtMs: number }>;
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
  /** Milliseconds since 1970 for API key expiry (tests: a clock they move on). */
  clock?: () => number;
}

/**
 * Registers the auth seam of modules/auth (principal.ts: Bearer check, principal cache;
 * permissions.ts: role and permission checks) on the app. No rules live here.
 */
async function authPlugin(app: FastifyInstance, options: AuthPluginOptions) {
  const repo = createAuthRepository(app.db);
  const tokens = await AccessTokens.create(
    options.secret,
    options.audience,
    options.accessTokenTtlSeconds,
  );
  const adminEmails: ReadonlySet<string> = new Set(options.adminEmails ?? []);
  const keys = createApiKeysRepository(app.db);
  const auth = createPrincipalAuth({
    repo,
    tokens,
    cacheMs: options.principalCacheMs,
    adminEmails,
    keys,
    now: options.clock,
    warn: (err) => app.log.warn({ err }, 'api key: noting its last use failed'),
  });
  app.decorate('authRepository', repo);
  app.decorate('apiKeys', keys);
  app.decorate('accessTokens', tokens);
  // Every instance on this database drops a revoked session, user or key at once (issue 50).
  const shared = sharedForgets(auth.cache, app.db, (err) =>
    app.log.warn({ err }, 'auth: telling other instances of a revocation failed'),
  );
  app.decorate('principalCache', shared.cache);
  let listening: { close(): Promise<void> } | null = null;
  app.addHook('onReady', async () => {
    listening = listenOn({
      connection: app.dbPool.options,
      channel: FORGETS_CHANNEL,
      onPayload: shared.heard,
      // Whatever was told while this instance was not listening may be cached: drop it all.
      onListening: () => auth.cache.forgetAll(),
      onError: (err) => app.log.warn({ err }, 'auth: listening for revocations failed'),
    });
  });
  app.addHook('onClose', async () => listening?.close());
  app.decorate('adminEmails', adminEmails);
  app.decorateRequest('principal', null);
  app.decorate('authenticate', auth.authenticate);
  app.decorate('principalForToken', auth.principalForToken);
}

export default fp(authPlugin, { name: 'auth', dependencies: ['db'] });
