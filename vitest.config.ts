import { defineConfig } from 'vitest/config';
import { UNIT_ISOLATED_FILES, UNIT_ISOLATED_GLOB } from './scripts/unit-isolated.mjs';

// Projects: `unit` (fast, no database), `api` (every API test), `api-pg` (the API tests whose SQL
// could differ between PostgreSQL versions, run a second time on Debian's) and `durability`.
// scripts/test.mjs runs them as separate suites and reads their JSON reports.

const exclude = [
  '**/node_modules/**',
  '**/dist/**',
  'e2e/**',
  '**/data/**',
  '**/coverage/**',
  '.tmp/**',
];

// The API suite on the server through buildApp(), on the embedded PostgreSQL by default or on
// the cluster of TEST_DATABASE_URL.
const API = {
  exclude,
  environment: 'node' as const,
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // One cluster for the run; each test file makes its own database in it.
  globalSetup: ['apps/server/src/test/database.global-setup.ts'],
  pool: 'forks' as const,
  fileParallelism: true,
  maxWorkers: 2,
  // A worker keeps its modules from one file to the next: importing buildApp() afresh for each of
  // 68 files took 69 s of the pass's 148. Safe because every file builds its own app, config and
  // database through createTestApp() and no API test mocks a module (auth.sdk fakes Date only
  // inside its tests and restores it).
  isolate: false,
};

/**
 * THE rule of the second database: the API tests whose SQL could behave differently
 * on another PostgreSQL version — the db REST layer and admin SQL, versions, workspaces and
 * their migration, plans and quotas, accounts (export, deletion, handover), analytics, the
 * shared rate-limit counters, backups' COPY and restore, and the takeover of an address — run on Debian's PostgreSQL too.
 * The rest (AI, data services, storage, auth flows, HTTP behaviour, tests that start their own
 * clusters or servers) run once, on the embedded PostgreSQL: their SQL is the same statements
 * through the same driver.
 */
const SQL_DEPENDENT_API_TESTS = [
  'apps/server/src/modules/db/**/*.api.test.ts',
  'apps/server/src/modules/versions/**/*.api.test.ts',
  'apps/server/src/modules/workspaces/**/*.api.test.ts',
  'apps/server/src/modules/plan/**/*.api.test.ts',
  'apps/server/src/modules/account/**/*.api.test.ts',
  'apps/server/src/modules/analytics/**/*.api.test.ts',
  'apps/server/src/modules/auth/address-proof.api.test.ts',
  'apps/server/src/modules/auth/two-instances.api.test.ts',
  'apps/server/src/modules/realtime/**/*.api.test.ts',
  'apps/server/src/modules/coedit/**/*.api.test.ts',
  'apps/server/src/modules/integrations/**/*.api.test.ts',
  'apps/server/src/modules/rate-limits/**/*.api.test.ts',
  'apps/server/src/modules/backup/backup.api.test.ts',
];

const UNIT = [
  'packages/**/src/**/*.test.ts',
  'apps/web/src/**/*.test.{ts,tsx}',
  'apps/server/src/**/*.test.ts',
  'scripts/**/*.test.mjs',
];
const UNIT_EXCLUDE = [...exclude, '**/*.api.test.ts', '**/*.durability.test.ts'];
const UNIT_ISOLATED = [UNIT_ISOLATED_GLOB, ...UNIT_ISOLATED_FILES];

export default defineConfig({
  // React 19's automatic JSX runtime for .tsx tests without loading the web app's Vite config.
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    projects: [
      // Unit files share one module graph per worker (isolate: false): each file importing its
      // modules afresh took 25 s of the suite's 77 on 2 cores; sharing them, the suite takes 30.
      // Files that need a graph of their own run in `unit-isolated` (scripts/unit-isolated.mjs).
      {
        extends: true,
        test: {
          name: 'unit',
          include: UNIT,
          exclude: [...UNIT_EXCLUDE, ...UNIT_ISOLATED],
          environment: 'node',
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'unit-isolated', include: UNIT_ISOLATED, exclude: UNIT_EXCLUDE },
      },
      {
        extends: true,
        test: { ...API, name: 'api', include: ['apps/server/src/**/*.api.test.ts'] },
      },
      // The second database (Debian's PostgreSQL) runs only what could differ between versions.
      { extends: true, test: { ...API, name: 'api-pg', include: SQL_DEPENDENT_API_TESTS } },
      {
        extends: true,
        test: {
          // Crash tests of the built server on its embedded PostgreSQL (`npm test` builds first).
          name: 'durability',
          include: ['apps/server/src/**/*.durability.test.ts'],
          exclude,
          environment: 'node',
          testTimeout: 600_000,
          pool: 'forks',
        },
      },
    ],
  },
});
