import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` (domain and server units), `web` (console units in happy-dom) and `api`
 * (the real app on a real database; PGlite, or PostgreSQL when TEST_DATABASE_URL is set).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/domain/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          // A test that starts apps of its own takes 8–17 s on a quiet 2-core machine; twice that when
          // the machine is shared must not fail it (speed targets live in bench/, not in tests).
          testTimeout: 60_000,
          hookTimeout: 90_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
    ],
  },
});
