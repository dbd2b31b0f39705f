import { defineConfig } from 'vitest/config';

// Two projects: `unit` (fast, no database) and `api` (the server through buildApp(),
// on the embedded PostgreSQL by default or on the cluster of TEST_DATABASE_URL).
// scripts/test.mjs runs them as separate suites and reads their JSON reports.

const exclude = [
  '**/node_modules/**',
  '**/dist/**',
  'e2e/**',
  '**/data/**',
  '**/coverage/**',
  '.tmp/**',
];

export default defineConfig({
  // React 19's automatic JSX runtime for .tsx tests without loading the web app's Vite config.
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'packages/**/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/server/src/**/*.test.ts',
            'scripts/**/*.test.mjs',
          ],
          exclude: [...exclude, '**/*.api.test.ts', '**/*.durability.test.ts'],
          // Files that need a DOM opt in with `// @vitest-environment jsdom`.
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.api.test.ts'],
          exclude,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One cluster for the run; each test file makes its own database in it.
          globalSetup: ['apps/server/src/test/database.global-setup.ts'],
          pool: 'forks',
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
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
