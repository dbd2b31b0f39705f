import { defineConfig } from 'vitest/config';

// Two projects: `unit` (fast, no database) and `api` (the server through buildApp(),
// on PGlite by default or on PostgreSQL when TEST_DATABASE_URL is set).
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
          ],
          exclude: [...exclude, '**/*.api.test.ts'],
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
          // PGlite's first open of a new data dir takes seconds.
          hookTimeout: 60_000,
          pool: 'forks',
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
