// One lint setup for the whole workspace (flat config). Not type-aware, to stay fast.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Dependencies point one way: web → sdk → contract; server → contract (CONVENTIONS.md).
// Nothing imports an app, by package name or by path, and no package reaches into
// another one by relative path.
const noAppImports = [
  { regex: '^@codewright/(server|web)(/|$)', message: 'Nothing imports from apps/*.' },
  { regex: '^(\\.\\./)+(.*/)?apps(/|$)', message: 'Nothing imports from apps/*.' },
  {
    regex: '^(\\.\\./)+(packages/)?(contract|sdk|server|web)/src(/|$)',
    message: 'Import a workspace package by its name (@codewright/…), not by relative path.',
  },
];

/** Between server modules (apps/server/src/modules/<name>/): see the block that applies them. */
const serverModuleBoundaries = [
  {
    regex: '^(\\.\\./)+[^./][^/]*/[^/]*\\.repository\\.ts$',
    message: "Another module's repository is its own: call its service (or its exported helpers).",
  },
  {
    regex: '^(\\.\\./)+plugins/',
    message: 'Only app.ts wires plugins/; share a helper from lib/ instead.',
  },
];

const FEATURE_DOOR = "Another feature's inside is its own: import from its index.ts.";

/** `no-restricted-imports` with the shared patterns plus a folder's own. */
const restrictImports = (...extra) => ({
  'no-restricted-imports': ['error', { patterns: [...noAppImports, ...extra] }],
});

export default defineConfig([
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/coverage/',
    '**/data/',
    'e2e/output/',
    'test-results/',
    'playwright-report/',
    'bench/results/',
    'apps/server/drizzle/',
    '.tmp/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: globals.node },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      ...restrictImports(),
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: ['apps/web/vite.config.ts'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
    rules: restrictImports(),
  },
  {
    // The SDK runs in browsers and in Node; the contract is plain data and schemas.
    files: ['packages/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['packages/contract/**'],
    rules: restrictImports({
      regex: '^@codewright/',
      message: 'packages/contract imports no other workspace package.',
    }),
  },
  {
    files: ['packages/sdk/**'],
    rules: restrictImports({
      regex: '^@codewright/(?!contract(/|$))',
      message: 'packages/sdk imports only @codewright/contract.',
    }),
  },
  {
    files: ['apps/server/**'],
    rules: restrictImports({
      regex: '^@codewright/sdk(/|$)',
      message: 'apps/server must not import the SDK (server → contract only).',
    }),
  },
  {
    // A server module's doors (CONVENTIONS §2): another module is reached through its service,
    // plugin, schema or helpers, never its repository; plugins/ is wired by app.ts alone; the
    // shared query types live in db/query.ts. Tests may reach further to set up their data.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*-test-helpers.ts'],
    rules: restrictImports(...serverModuleBoundaries),
  },
  {
    // SQL lives in repositories, schemas, the db module's query builders and the workspaces
    // module's access rule (access.ts, the one SQL builder other modules share): a route, a
    // service or a helper holds none, and calls a repository instead.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      '**/*-test-helpers.ts',
      '**/*.repository.ts',
      '**/*.schema.ts',
      'apps/server/src/modules/db/**',
      'apps/server/src/modules/workspaces/access.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [...noAppImports, ...serverModuleBoundaries],
          paths: [{ name: 'drizzle-orm', message: 'No SQL outside a repository: call one.' }],
        },
      ],
    },
  },
  {
    // A web feature is reached from outside only through its door, its index.ts; the router
    // alone opens a feature's pages (routes/), lazily. Tests may reach further.
    files: ['apps/web/src/*.{ts,tsx}', 'apps/web/src/{components,hooks,lib}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: restrictImports({
      regex: '(^|/)features/[a-z-]+/(?!index\\.ts$|routes/)',
      message: FEATURE_DOOR,
    }),
  },
  {
    files: ['apps/web/src/features/*/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: restrictImports({
      regex: '^\\.\\./(?!\\.\\.)[a-z-]+/(?!index\\.ts$)',
      message: FEATURE_DOOR,
    }),
  },
  {
    files: ['apps/web/src/features/*/*/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: restrictImports({
      regex: '^\\.\\./\\.\\./(?!\\.\\.)[a-z-]+/(?!index\\.ts$)',
      message: FEATURE_DOOR,
    }),
  },
  {
    // The preview's sandbox runs untrusted code at an opaque origin (DESIGN §3.12): it holds no
    // session and must never pull in the SDK or any part of the app outside its own folder.
    files: ['apps/web/src/features/preview/sandbox/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrictImports(
      { regex: '^@codewright/sdk(/|$)', message: 'The sandbox never imports the SDK.' },
      { regex: '^\\.\\./', message: 'The sandbox imports nothing of the app outside its folder.' },
    ),
  },
  {
    // A public page and what it shows (header, auth dialog, analytics) reach the SDK through
    // sdk-loader.ts, which fetches it when needed (docs/decisions/045); a signed-in screen may
    // import sdk.ts itself. A separate rule from the one above, so neither replaces the other.
    files: [
      'apps/web/src/{main,app,router,prerender}.tsx',
      'apps/web/src/{components,hooks,lib}/**/*.{ts,tsx}',
      'apps/web/src/features/{analytics,auth,marketing}/**/*.{ts,tsx}',
    ],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)sdk\\.ts$',
              allowTypeImports: true,
              message: 'A public page loads the SDK through sdk-loader.ts (decision 045).',
            },
          ],
        },
      ],
    },
  },
  {
    // SDK tests against the real buildApp() (CONVENTIONS §12) may import the SDK; nothing else may.
    files: ['apps/server/src/**/*.sdk.api.test.ts', 'apps/server/src/test/sdk-client.ts'],
    rules: restrictImports(),
  },
  {
    // Tests run in jsdom when they opt in; e2e specs use both sides.
    files: ['**/*.test.{ts,tsx}', 'e2e/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
]);
