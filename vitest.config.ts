import { defineConfig } from 'vitest/config';
import { aliases } from './aliases';
import { timeLimit } from './tests/support/time-limits';

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: timeLimit(30_000),
    hookTimeout: timeLimit(60_000),
    // argon2's least cost for the accounts the tests make: at OWASP's it was most of their CPU.
    env: { PASSWORD_HASH_COST: 'test' },
    // Two cores: more workers than that only fight over them.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/**/*.test.ts'],
          // The prepared database (either engine) every API test app starts from a copy of.
          globalSetup: ['tests/support/template-database.ts'],
          // A worker's files share one import of the server (each file still starts apps of its
          // own): importing it again for each file was half of these files' time. None mocks a
          // module, changes the environment or leaves a timer faked or a method replaced.
          isolate: false,
        },
      },
      {
        extends: true,
        // Units of the server and the client, one fresh import each: some mock a module.
        test: { name: 'units', include: ['src/**/*.test.ts'] },
      },
    ],
  },
});
