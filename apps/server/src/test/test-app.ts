import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { type Config, parseEnv } from '../env.ts';
import { templatePath, writeTemplate } from '../db/pglite-template.ts';

/** A PGlite template shared by all test files (made once per PGlite version), so each in-memory database opens in ~0.5 s. */
async function sharedPgliteTemplate(): Promise<string | undefined> {
  const file = await templatePath(path.join(os.tmpdir(), 'codewright-test-cache'));
  try {
    await fs.access(file);
  } catch {
    await writeTemplate(file);
  }
  return file;
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** Closes the app, drops its database (PostgreSQL) and removes its temp DATA_DIR. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  accessTokenTtlSeconds?: number;
}

function databaseUrlWithName(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Builds the app on a fresh database: a new randomly named database in the
 * PostgreSQL cluster of TEST_DATABASE_URL when that is set, else in-memory PGlite.
 */
export async function createTestApp(
  envOverrides: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  // Test plumbing, not app config: the harness passes the throwaway cluster here.
  const adminUrl = process.env.TEST_DATABASE_URL;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-test-'));
  let dbName: string | undefined;
  let databaseUrl: string | undefined;
  if (adminUrl) {
    dbName = `cw_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${dbName}`);
    } finally {
      await admin.end();
    }
    databaseUrl = databaseUrlWithName(adminUrl, dbName);
  }
  const config = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'silent',
    // No SPA unless a test brings one.
    WEB_DIST_DIR: path.join(dataDir, 'web-dist'),
    DATABASE_URL: databaseUrl,
    ...envOverrides,
  });
  const app = await buildApp({
    config,
    logger: false,
    pgliteDataDir: databaseUrl ? undefined : 'memory://',
    pgliteTemplateFile: databaseUrl ? undefined : await sharedPgliteTemplate(),
    accessTokenTtlSeconds: options.accessTokenTtlSeconds,
  });
  await app.ready();

  return {
    app,
    config,
    async close() {
      await app.close();
      if (adminUrl && dbName) {
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        try {
          await admin.query(`drop database if exists ${dbName} with (force)`);
        } finally {
          await admin.end();
        }
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
