import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app.ts';
import { type Config, parseEnv } from '../env.ts';
import { adminSqlRoleName } from '../modules/db/admin-sql-role.ts';
import { aroundTests } from './around-tests.ts';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** Closes the app, drops its database (PostgreSQL) and removes its temp DATA_DIR. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  accessTokenTtlSeconds?: number;
  /** Fastify's logger option; default none. */
  logger?: FastifyServerOptions['logger'];
  /** Give the app a minimal built SPA (index.html), so pages outside /api answer as in production. */
  webDist?: boolean;
  /** Name resolution of server-side URL fetches (a resolver the test controls). */
  urlLookup?: BuildAppOptions['urlLookup'];
  /** Extra CA certificates those fetches trust (the test's HTTPS fixture). */
  urlFetchCa?: BuildAppOptions['urlFetchCa'];
  /** The clock of signed URLs and of the auth limits (a test moves it on instead of sleeping). */
  clock?: BuildAppOptions['clock'];
}

/** Where the API suites note the routes they call (scripts/coverage-list.mjs reads them). */
export const ROUTES_HIT_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../.tmp/coverage/api-routes',
);
const routesHit = new Set<string>();

/**
 * Notes each route the app answers (method and route pattern, whatever the status) in this
 * process's file under ROUTES_HIT_DIR, once per process.
 */
function recordRoutesHit(app: FastifyInstance): void {
  app.addHook('onResponse', async (request) => {
    const route = request.routeOptions.url;
    if (!route) return;
    const key = `${request.method} ${route}`;
    if (routesHit.has(key)) return;
    routesHit.add(key);
    await fs.mkdir(ROUTES_HIT_DIR, { recursive: true });
    await fs.appendFile(path.join(ROUTES_HIT_DIR, `${process.pid}.txt`), `${key}\n`);
  });
}

function databaseUrlWithName(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Builds the app on a fresh database: a new randomly named database in the test
 * cluster (see database.global-setup.ts: the embedded PostgreSQL, or TEST_DATABASE_URL).
 */
export async function createTestApp(
  envOverrides: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const adminUrl = inject('testDatabaseUrl');
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-test-'));
  const dbName = `cw_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${dbName}`);
  } finally {
    await admin.end();
  }
  const databaseUrl = databaseUrlWithName(adminUrl, dbName);
  const webDistDir = path.join(dataDir, 'web-dist');
  if (options.webDist) {
    await fs.mkdir(webDistDir, { recursive: true });
    await fs.writeFile(
      path.join(webDistDir, 'index.html'),
      '<!doctype html><title>Codewright</title><div id="root"></div>',
    );
  }
  const config = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'silent',
    // No SPA unless a test brings one.
    WEB_DIST_DIR: webDistDir,
    DATABASE_URL: databaseUrl,
    ...envOverrides,
  });
  const app = await buildApp({
    config,
    logger: options.logger ?? false,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds,
    urlLookup: options.urlLookup,
    urlFetchCa: options.urlFetchCa,
    clock: options.clock,
  });
  recordRoutesHit(app);
  await app.ready();

  return {
    app,
    config,
    async close() {
      // A connection a client opened and never used is not idle to Node, so close would wait for
      // it for good (seen with undici's pool after aborted streams): after 3 s it is cut.
      const cut = setTimeout(() => app.server.closeAllConnections(), 3000);
      await app.close();
      clearTimeout(cut);
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(`drop database if exists ${dbName} with (force)`);
        // The admin-SQL login role the app made for this database (docs/operations.md).
        await admin.query(`drop role if exists ${adminSqlRoleName(dbName)}`);
      } finally {
        await admin.end();
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A file's test app as `useTestApp` answers it: read once it has started. */
export interface UsedTestApp {
  readonly app: FastifyInstance;
  readonly config: Config;
  /** Where it listens over HTTP (with `listen: true` only). */
  readonly baseUrl: string;
}

/**
 * Creates the test app (as `createTestApp`) before a file's (or a describe's) tests and closes it
 * after them; with `listen: true` it also listens on a free port (for the SDK tests). The
 * settings may be a function, read at the start (for a URL of a fixture started before).
 */
export function useTestApp(
  envOverrides: Record<string, string> | (() => Record<string, string>) = {},
  { listen = false, ...options }: TestAppOptions & { listen?: boolean } = {},
): UsedTestApp {
  const started = aroundTests(
    'the test app is',
    async () => {
      const env = typeof envOverrides === 'function' ? envOverrides() : envOverrides;
      const t = await createTestApp(env, options);
      try {
        const baseUrl = listen ? await t.app.listen({ port: 0, host: '127.0.0.1' }) : undefined;
        return { t, baseUrl };
      } catch (error) {
        await t.close();
        throw error;
      }
    },
    ({ t }) => t.close(),
  );
  return {
    get app() {
      return started().t.app;
    },
    get config() {
      return started().t.config;
    },
    get baseUrl() {
      const { baseUrl } = started();
      if (baseUrl === undefined) throw new Error('the test app does not listen (listen: true)');
      return baseUrl;
    },
  };
}
