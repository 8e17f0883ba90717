import { defineConfig } from 'vitest/config';

// Three projects: server integration tests (PGlite or DATABASE_URL), web component tests (jsdom),
// and end-to-end tests driving Debian's Chromium against the built server.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          root: './server',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'web',
          root: './web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test-setup.ts'],
          // Lazy route modules (the data grid) load slowly on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: './web',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
