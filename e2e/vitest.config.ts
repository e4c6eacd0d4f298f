import { defineConfig } from 'vitest/config';

/** Browser tests: one real server (built console, embedded database, demo seed) and Chromium. */
export default defineConfig({
  test: {
    include: ['**/*.spec.ts'],
    exclude: ['**/node_modules/**'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    retry: 0,
  },
});
