// Global setup of the `api` vitest project: every test file gets its own database in one
// PostgreSQL cluster. TEST_DATABASE_URL names that cluster (scripts/test.mjs starts the
// machine's PostgreSQL for the `api-pg` suite); without it, the embedded PostgreSQL that
// `npm start` runs is started here, the same code path, in a throwaway directory.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser URL of the cluster the API tests make their databases in. */
    testDatabaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  // Test plumbing, not app config.
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('testDatabaseUrl', given);
    return;
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-test-cluster-'));
  // Root runs postgres as another user, which must reach the cluster through this directory.
  await fs.chmod(dir, 0o755);
  const server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'db'), durable: false });
  project.provide('testDatabaseUrl', server.adminUrl);
  return async () => {
    await server.stop();
    await fs.rm(dir, { recursive: true, force: true });
  };
}
