import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  BatchBodySchema,
  BatchResultSchema,
  CTA_INSERT_RATE_LIMIT_PER_MINUTE,
  SqlBodySchema,
  SqlResultSchema,
} from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';
import {
  acceptBodilessDelete,
  checkOneRowWrite,
  postgrestRead,
  preferOf,
  postgrestWritten,
  withoutColumns,
  REST_READ,
  REST_WRITTEN,
} from './postgrest-headers.ts';
import { createAdminSql } from './admin-sql.ts';
import { createAdminSqlConnections } from './admin-sql-role.ts';
import { type Caller, createDbService, requireAdmin } from './db.service.ts';
import { tableSpec } from './tables.ts';
import { READS_CHANNEL, SharedReadCache } from './shared-read-cache.ts';
import { listenOn } from '../../db/listen.ts';
import { notify } from '../../db/notify.ts';
import { FILES_ZIP_BODY_LIMIT_BYTES, projectFileRoutes } from './project-files.routes.ts';

/** Database writes may carry a 1 MiB project code plus JSON escaping; the rest of the API keeps 1 MB. */
export const DB_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

const TableParams = z.object({ project: z.string(), table: z.string() });
const ProjectParams = z.object({ project: z.string() });
type RawQuery = Record<string, string | string[] | undefined>;

/** A table's column names, or null when there is no such table. */
function columnsOf(table: string): string[] | null {
  const spec = tableSpec(table);
  return spec ? Object.keys(spec.columns) : null;
}

function callerOf(request: FastifyRequest): Caller {
  const p = request.principal;
  return p ? { id: p.user.id, role: p.user.role } : null;
}

/**
 * /api/db/{project}: the PostgREST subset over projects, chat_messages and
 * cta_interactions (DESIGN §2b), and admin-only /sql and /batch.
 */
export const dbRoutes: FastifyPluginAsyncZod<{
  readCacheMs?: number;
  /** CTA inserts per client IP per minute (anonymous visitors may post them). */
  ctaRateLimitMax?: number;
  /** The JWT signing secret; the admin SQL role's password derives from it. */
  secret: string;
  /** Admin SQL's statement time-out (ms; DESIGN §3.17). */
  adminSqlTimeoutMs: number;
  /** How long an admin SQL statement may wait for a lock (ms). */
  adminSqlLockTimeoutMs: number;
}> = async (app, options) => {
  // Coherent across instances: a write's forgets are told to the others (issue 50).
  const reads = new SharedReadCache(options.readCacheMs ?? 0, (payload) =>
    notify(app.db, READS_CHANNEL, payload).catch((err: unknown) =>
      app.log.warn({ err }, 'db: telling other instances of a write failed'),
    ),
  );
  const listening = listenOn({
    connection: app.dbPool.options,
    channel: READS_CHANNEL,
    onPayload: (payload) => reads.heard(payload),
    // What was written while this instance was not listening may be cached: drop it all.
    onListening: () => reads.forgetAllHere(),
    onError: (err) => app.log.warn({ err }, 'db: listening for other instances failed'),
  });
  app.addHook('onClose', async () => listening.close());
  const service = createDbService({
    db: app.db,
    reads,
    history: app.versionService,
    // A write of a project's files merges into its open shared documents at once (decision 050);
    // not awaited, and a failure is logged (fileChanged never rejects), never the request's.
    filesChanged: (projectIds) => {
      for (const id of projectIds)
        try {
          void app.coedit.fileChanged(id);
        } catch (err) {
          app.log.error({ err, projectId: id }, 'coedit: telling of a write failed');
        }
    },
  });
  // A restore or commit changes a project's code outside this service: drop the owner's cached reads.
  const stopListening = app.versionService.onProjectCodeChanged((ownerId) =>
    service.forgetProjectReads(ownerId),
  );
  app.addHook('onClose', async () => stopListening());
  // So does a shared document's write (its Save, its quiet time): a reader sees it at once.
  const stopDocuments = app.coedit.onFileWritten((userId) => service.forgetProjectReads(userId));
  app.addHook('onClose', async () => stopDocuments());
  // Joining, leaving or a role change changes which rows a member reads (docs/decisions/025).
  const stopMembers = app.workspaces.onMembershipChanged((userId) =>
    service.forgetMemberReads(userId),
  );
  app.addHook('onClose', async () => stopMembers());
  const adminConnections = createAdminSqlConnections({
    pool: app.dbPool,
    secret: options.secret,
    warn: (message) => app.log.warn(message),
  });
  await adminConnections.start();
  app.addHook('onClose', async () => adminConnections.close());
  const adminSql = createAdminSql(adminConnections, {
    timeoutMs: options.adminSqlTimeoutMs,
    lockTimeoutMs: options.adminSqlLockTimeoutMs,
  });
  const authenticated = { onRequest: [app.requireAppProject, app.authenticate] };
  // A CTA click may come from a visitor who is not signed in; a Bearer, when sent, must be valid.
  const optionalAuth = {
    onRequest: [
      app.requireAppProject,
      async (request: FastifyRequest) => {
        if (request.headers.authorization) await app.authenticate(request);
      },
    ],
  };

  // The 413 text of the shared handler names the 1 MB API limit; these routes allow more.
  app.setErrorHandler((err, request, _reply) => {
    if ((err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const limit = request.routeOptions.bodyLimit ?? DB_BODY_LIMIT_BYTES;
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        413,
        `The request body is too large (the limit for ${limit === FILES_ZIP_BODY_LIMIT_BYTES ? 'a .zip of project files' : 'database writes'} is ${limit / 1024 / 1024} MB).`,
      );
    }
    throw err;
  });

  projectFileRoutes(app, { service, callerOf, authenticated, writeBodyLimit: DB_BODY_LIMIT_BYTES });

  const rest = '/:project/rest/v1/:table';

  app.addHook('onRequest', async (request) => acceptBodilessDelete(request.method, request.raw));

  app.get(
    rest,
    { ...authenticated, schema: { params: TableParams }, config: { answers: REST_READ } },
    async (request, reply) => {
      const queryKey = request.url.slice(request.url.indexOf('?') + 1 || request.url.length);
      const caller = callerOf(request);
      const raw = request.query as RawQuery;
      const json = await service.listJson(caller, request.params.table, raw, queryKey);
      const { body, contentRange } = await postgrestRead(json, request.headers, raw, () =>
        service.count(caller, request.params.table, raw),
      );
      if (contentRange) reply.header('content-range', contentRange);
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );

  app.post(
    '/:project/rest/v1/cta_interactions',
    {
      ...optionalAuth,
      bodyLimit: DB_BODY_LIMIT_BYTES,
      schema: { params: ProjectParams },
      config: {
        answers: REST_WRITTEN,
        rateLimit: {
          max: options.ctaRateLimitMax ?? CTA_INSERT_RATE_LIMIT_PER_MINUTE,
          timeWindow: '1 minute',
        },
      },
    },
    async (request, reply) => {
      const rows = await service.insert(
        callerOf(request),
        'cta_interactions',
        request.body,
        request.query as RawQuery,
      );
      return reply.code(201).send(rows);
    },
  );

  app.post(
    rest,
    {
      ...authenticated,
      bodyLimit: DB_BODY_LIMIT_BYTES,
      schema: { params: TableParams },
      config: { answers: REST_WRITTEN },
    },
    async (request, reply) => {
      const { body: sent, headers } = request;
      await checkOneRowWrite(headers, () => (Array.isArray(sent) ? sent.length : 1));
      const upsert = preferOf(headers.prefer).resolution === 'merge-duplicates';
      const args = [
        callerOf(request),
        request.params.table,
        sent,
        withoutColumns(request.query as RawQuery, columnsOf(request.params.table)),
      ] as const;
      const rows = await (upsert ? service.upsert(...args) : service.insert(...args));
      const body = postgrestWritten(rows, request.headers);
      return body === undefined ? reply.code(201).send() : reply.code(201).send(body);
    },
  );

  app.patch(
    rest,
    {
      ...authenticated,
      bodyLimit: DB_BODY_LIMIT_BYTES,
      schema: { params: TableParams },
      config: { answers: REST_WRITTEN },
    },
    async (request, reply) => {
      const query = request.query as RawQuery;
      await checkOneRowWrite(request.headers, () =>
        service.count(callerOf(request), request.params.table, query),
      );
      const rows = await service.update(
        callerOf(request),
        request.params.table,
        request.body,
        query,
      );
      const body = postgrestWritten(rows, request.headers);
      return body === undefined ? reply.code(204).send() : body;
    },
  );

  app.delete(
    rest,
    { ...authenticated, schema: { params: TableParams }, config: { answers: REST_WRITTEN } },
    async (request, reply) => {
      const query = request.query as RawQuery;
      await checkOneRowWrite(request.headers, () =>
        service.count(callerOf(request), request.params.table, query),
      );
      const rows = await service.remove(callerOf(request), request.params.table, query);
      const body = postgrestWritten(rows, request.headers);
      return body === undefined ? reply.code(204).send() : body;
    },
  );

  app.post(
    '/:project/sql',
    {
      ...authenticated,
      schema: { params: ProjectParams, body: SqlBodySchema, response: { 200: SqlResultSchema } },
    },
    async (request) => {
      requireAdmin(callerOf(request));
      try {
        return await adminSql.run(request.body);
      } finally {
        // The admin may have changed any row, plan or role behind the caches' back.
        app.principalCache.forgetAll();
        service.forgetAllReads();
      }
    },
  );

  app.post(
    '/:project/batch',
    {
      ...authenticated,
      schema: {
        params: ProjectParams,
        body: BatchBodySchema,
        response: { 200: BatchResultSchema },
      },
    },
    async (request) => {
      requireAdmin(callerOf(request));
      try {
        return await adminSql.batch(request.body);
      } finally {
        app.principalCache.forgetAll();
        service.forgetAllReads();
      }
    },
  );
};
