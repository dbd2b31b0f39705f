// The unit test files that must each run in a module graph of their own (vitest.config.ts runs
// the rest with `isolate: false`): a DOM (jsdom) or a mocked module or global would otherwise
// reach the next file in the same worker. scripts/unit-isolated.test.mjs keeps this list whole.

/** Every React component test (`.tsx`) runs on jsdom. */
export const UNIT_ISOLATED_GLOB = 'apps/web/src/**/*.test.tsx';

/** The `.ts` files that opt into jsdom or stub a global. */
export const UNIT_ISOLATED_FILES = [
  'apps/web/src/features/preview/sandbox/format-value.test.ts',
  'apps/web/src/features/preview/frame-host.test.ts',
  'apps/web/src/features/generator/hooks/use-auto-fix.test.ts',
  'packages/sdk/src/auth/url-handoff.test.ts',
  'packages/sdk/src/auth/session-lifecycle.test.ts',
  'packages/sdk/src/auth/oauth-popup.test.ts',
  'packages/sdk/src/auth/parent-handoff.test.ts',
];

/** What makes a file need its own module graph. */
export const NEEDS_ISOLATION =
  /@vitest-environment\s+jsdom|\bvi\.(?:mock|doMock|stubGlobal|stubEnv)\(/;
