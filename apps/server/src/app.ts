import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import websocket from '@fastify/websocket';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { PATH_SEGMENT_MAX_LENGTH } from '@codewright/contract';
import { WEBSOCKET_OPTIONS } from './lib/websocket-options.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { Config } from './env.ts';
import { AppError } from './lib/app-error.ts';
import { createBatchedStdout } from './lib/log-stream.ts';
import { createResponseSerializerCompiler } from './lib/response-serializer.ts';
import { runAsRequest } from './lib/request-context.ts';
import { loadJwtSecret } from './lib/secret.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { accountSettingsRoutes } from './modules/account/account-settings.routes.ts';
import { hostedAuthPage } from './modules/auth/oauth/oauth.routes.ts';
import { createPublicUrls } from './modules/auth/public-urls.ts';
import notificationsPlugin from './modules/notifications/notifications.plugin.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { dbRoutes } from './modules/db/db.routes.ts';
import planPlugin from './modules/plan/plan.plugin.ts';
import { planRoutes } from './modules/plan/plan.routes.ts';
import { aiRoutes } from './modules/ai/ai.routes.ts';
import { previewRoutes } from './modules/preview/preview.routes.ts';
import coeditPlugin from './modules/coedit/coedit.plugin.ts';
import pkg from '../package.json' with { type: 'json' };
import versionsPlugin from './modules/versions/versions.plugin.ts';
import openapiPlugin from './plugins/openapi.ts';
import { registerRateLimits } from './plugins/rate-limit.ts';
import { versionsRoutes } from './modules/versions/versions.routes.ts';
import { storageRoutes } from './modules/storage/storage.routes.ts';
import storagePlugin from './modules/storage/storage.plugin.ts';
import { s3SettingsOf } from './modules/storage/storage.env.ts';
import aiPlugin from './modules/ai/ai.plugin.ts';
import { dataRoutes } from './modules/data-services/data.routes.ts';
import workspacesPlugin from './modules/workspaces/workspaces.plugin.ts';
import { workspacesRoutes } from './modules/workspaces/workspaces.routes.ts';
import { shareRoutes } from './modules/workspaces/share.routes.ts';
import { realtimeRoutes } from './modules/realtime/realtime.routes.ts';
import { integrationsRoutes } from './modules/integrations/integrations.routes.ts';
import integrationsPlugin from './modules/integrations/integrations.plugin.ts';
import urlFetcherPlugin from './plugins/url-fetcher.ts';
import authPlugin from './plugins/auth.ts';
import dbPlugin from './plugins/db.ts';
import drainPlugin from './plugins/drain.ts';
import errorsPlugin, { frameworkErrors } from './plugins/errors.ts';
import inputGuardPlugin from './plugins/input-guard.ts';
import projectPlugin from './plugins/project.ts';
import securityPlugin from './plugins/security.ts';
import staticPlugin from './plugins/static.ts';
import timeoutsPlugin, { httpTimeoutsOf, serverTimeoutOptions } from './plugins/timeouts.ts';
import type { LookupFunction } from 'node:net';

/** JSON bodies over this are refused with 413. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildAppOptions {
  config: Config;
  /** Fastify logger option; defaults to pino at LOG_LEVEL. */
  logger?: FastifyServerOptions['logger'];
  /** Use this open database instead of opening one from the config. */
  database?: DatabaseHandle;
  /** Access-token lifetime override, for tests; defaults to 900 s. */
  accessTokenTtlSeconds?: number;
  /** Server-side fetches of user-given URLs resolve names with this (tests: a resolver they control). */
  urlLookup?: LookupFunction;
  /** Extra CA certificates those fetches trust (tests: their own HTTPS fixture). */
  urlFetchCa?: string | Buffer;
  /**
   * Milliseconds since 1970 for the expiry of signed storage URLs, the sign-in lockout, the
   * auth abuse limits and the shared rate-limit counters (tests: a clock they move on,
   * CONVENTIONS habit 12); default Date.now.
   */
  clock?: () => number;
}

/** One access-log line per request instead of Fastify's two (incoming + completed). */
class OneLineAccessLog extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

function defaultLogger(config: Config): FastifyServerOptions['logger'] {
  if (config.NODE_ENV === 'development') {
    return {
      level: config.LOG_LEVEL,
      transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } },
    };
  }
  return { level: config.LOG_LEVEL, stream: createBatchedStdout() };
}

/** Builds the whole app (plugins, API, SPA) without listening, so tests build it too. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const timeouts = httpTimeoutsOf(config);
  const serverOptions = serverTimeoutOptions(timeouts);
  const app = Fastify({
    // Headers, body, whole-request, idle and keep-alive time-outs (docs/decisions/012).
    ...serverOptions,
    // Node answers an HTTP/1.1 request without Host with a bare 400; plugins/input-guard.ts
    // refuses it in our error envelope instead.
    http: { ...serverOptions.http, requireHostHeader: false },
    logger: options.logger ?? defaultLogger(config),
    bodyLimit: BODY_LIMIT_BYTES,
    // A URL the router cannot decode answers in our error envelope too.
    frameworkErrors,
    // Fastify accepts a hop count at runtime; its types only list the other forms.
    trustProxy: config.TRUST_PROXY as boolean | string[],
    logController: new OneLineAccessLog(),
    // A longer captured segment is FST_ERR_MAX_PARAM_LENGTH (414); plugins/input-guard.ts
    // holds every other segment to the same limit.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: PATH_SEGMENT_MAX_LENGTH },
    // While closing, plugins/drain.ts answers 503 in our shapes instead of Fastify's body.
    return503OnClosing: false,
    // Opening a database can take seconds on a busy machine (the embedded cluster's initdb, a slow PostgreSQL).
    pluginTimeout: 120_000,
  });
  // The API speaks JSON only: anything else is a 415, not a string to validate.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  // Responses go through compiled serializers; tests also check each one against zod (decision 008).
  app.setSerializerCompiler(
    createResponseSerializerCompiler({ check: config.NODE_ENV === 'test' }),
  );

  // Everything a request starts runs as its work, so the last-resort handler (lib/last-resort.ts)
  // can name the request an escaped error came from.
  app.addHook('onRequest', (request, _reply, done) => runAsRequest(request.id, done));

  // A shutdown's drain: requests that arrive while closing get 503, connections are let go as
  // their answers end, and AI streams are cut at the drain deadline (server.ts).
  await app.register(drainPlugin);

  // External plugins first, then ours (fastify/demo order).
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(inputGuardPlugin);
  await app.register(timeoutsPlugin, { bodyMs: timeouts.bodyMs });
  await app.register(dbPlugin, {
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    handle: options.database,
  });
  const secret = await loadJwtSecret(config.JWT_SECRET, config.DATA_DIR);
  await app.register(authPlugin, {
    secret,
    audience: config.APP_PROJECT_ID,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds,
    principalCacheMs: config.SESSION_CACHE_MS,
    adminEmails: config.ADMIN_EMAILS,
    clock: options.clock,
  });
  await app.register(projectPlugin, { appProjectId: config.APP_PROJECT_ID });
  await app.register(notificationsPlugin, {
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    perRecipientPerHour: config.MAIL_PER_RECIPIENT_PER_HOUR,
  });
  const publicUrls = createPublicUrls(config.PUBLIC_URL, config.PORT);
  app.decorate('publicUrls', publicUrls);
  await app.register(planPlugin);
  // One storage service, one URL fetcher, one AI provider set: decorated once for every module.
  await app.register(storagePlugin, {
    dataDir: config.DATA_DIR,
    s3: s3SettingsOf(config),
    secret,
    now: options.clock,
  });
  await app.register(urlFetcherPlugin, {
    config,
    lookup: options.urlLookup,
    ca: options.urlFetchCa,
  });
  await app.register(aiPlugin, { config });
  await app.register(versionsPlugin);
  await app.register(coeditPlugin);
  await app.register(workspacesPlugin, { urls: publicUrls });
  // Webhook events and their deliverer (issue 49).
  await app.register(integrationsPlugin, { secret, config, clock: options.clock });
  // Websockets on the same port, closed with a reconnect hint on shutdown.
  await app.register(websocket, WEBSOCKET_OPTIONS);
  // Before the routes: it documents each one as it is added.
  await app.register(openapiPlugin, {
    version: pkg.version,
    checkAnswers: config.NODE_ENV === 'test',
  });

  await app.register(
    async (api) => {
      // Per-IP limits of the whole API and of auth's abuse-prone routes, in memory or shared
      // by every instance on the database (RATE_LIMIT_STORE).
      const limits = await registerRateLimits(api, { config, clock: options.clock });
      await api.register(healthRoutes);
      await api.register(authRoutes, {
        prefix: '/auth',
        failureLimit: config.SIGNIN_FAILURE_LIMIT,
        failureWindowMs: config.SIGNIN_FAILURE_WINDOW_MINUTES * 60_000,
        config,
        urls: publicUrls,
        secret,
        clock: options.clock,
        limits,
      });
      await api.register(notificationsRoutes, { prefix: '/notifications' });
      await api.register(analyticsRoutes, {
        prefix: '/analytics',
        rateLimitMax: config.ANALYTICS_RATE_LIMIT_MAX,
      });
      await api.register(storageRoutes, { prefix: '/storage/:project' });
      await api.register(dbRoutes, {
        prefix: '/db',
        readCacheMs: config.DB_READ_CACHE_MS,
        ctaRateLimitMax: config.CTA_RATE_LIMIT_MAX,
        secret,
        adminSqlTimeoutMs: config.ADMIN_SQL_TIMEOUT_MS,
        adminSqlLockTimeoutMs: config.ADMIN_SQL_LOCK_TIMEOUT_MS,
      });
      await api.register(planRoutes, { prefix: '/plan' });
      await api.register(aiRoutes, { prefix: '/ai', config });
      await api.register(dataRoutes, { prefix: '/data', config });
      await api.register(previewRoutes, { prefix: '/preview' });
      await api.register(versionsRoutes, { prefix: '/versions' });
      await api.register(workspacesRoutes, { limits });
      await api.register(shareRoutes, { prefix: '/share' });
      await api.register(realtimeRoutes, {
        prefix: '/realtime',
        heartbeatMs: config.REALTIME_HEARTBEAT_MS,
      });
      // The Settings screen's Account group: sessions, export, deletion (docs/decisions/028, 029).
      await api.register(accountSettingsRoutes, { prefix: '/auth' });
      // API keys of Enterprise workspaces (issue 49).
      await api.register(integrationsRoutes, {
        prefix: '/integrations',
        clock: options.clock,
        config,
      });
      api.setNotFoundHandler(async () => {
        throw new AppError('NOT_FOUND');
      });
    },
    { prefix: '/api' },
  );

  await app.register(hostedAuthPage, { urls: publicUrls });
  await app.register(staticPlugin, { webDistDir: config.WEB_DIST_DIR });
  return app;
}
