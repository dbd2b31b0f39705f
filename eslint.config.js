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
