import { defineConfig } from 'vitest/config';

// Three rings of tests (docs/architecture.md): unit tests beside the code, API tests through buildApp()
// on PGlite and — when TEST_DATABASE_URL is set, as in CI — again on PostgreSQL, and browser tests.
const postgresUrl = process.env.TEST_DATABASE_URL;

const apiProject = (name: 'api-pglite' | 'api-postgres') => ({
  test: {
    name,
    include: ['server/**/*.api.test.ts'],
    environment: 'node',
    globalSetup: ['server/test/global-setup.ts'],
    env: { FORAY_TEST_DB: name === 'api-pglite' ? 'pglite' : 'postgres' },
    // Files share their worker's modules: each file builds its own app on its own database copy, and importing the
    // server afresh for every file was a sixth of the lane (docs/performance.md).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

if (!postgresUrl) {
  console.log('[foray] TEST_DATABASE_URL is not set: API tests run on PGlite only.');
}

export default defineConfig({
  test: {
    // Two files at a time, whatever the core count (vitest's default is one fewer than the cores: one, here).
    // Two browser files side by side (each with its own server and Chromium) were no faster on 2 cores and
    // starved each other's pages, so the e2e project takes one worker — which puts it in a group of its own that
    // Vitest starts after every other file. `npm test` (scripts/run-tests.ts) therefore runs it as a second
    // Vitest process beside the rest.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'client/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
          environment: 'node',
          isolate: false,
          testTimeout: 30_000,
        },
      },
      apiProject('api-pglite'),
      ...(postgresUrl ? [apiProject('api-postgres')] : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // expect.poll waits as long as the UI helpers do (e2e/support/ui.ts), not Vitest's 1 s: a page beside
          // an API test on 2 cores can take longer than that to send its next request.
          expect: { poll: { timeout: 10_000 } },
          // One browser file at a time (scripts/run-tests.ts runs them beside the API files).
          maxWorkers: 1,
          // A browser test that fails is run once more before it fails the suite (ADR 0066); one that passes only
          // then is named at the end of `npm test` (scripts/test-counts-reporter.ts).
          retry: 1,
        },
      },
    ],
  },
});
