import { defineConfig } from 'vitest/config';

/** Component tests for running inside apps/web; the root harness runs the same files as `--project unit`. */
export default defineConfig({
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
