import { defineConfig } from 'vitest/config';
import { aliases } from './aliases';
import { timeLimit } from './tests/support/time-limits';

/**
 * API test files that look at the whole process, which no other file may have run before in it:
 * - its async hooks: not for the cache's own hook, which every write switches off again
 *   (cache/hooks.test.ts), but for oidc-provider's AsyncLocalStorage (google.test.ts), on for the
 *   rest of the process once it has answered;
 * - the statement names PostgreSQL keeps (db/named-statements.ts names at most 400 texts per
 *   process, and other files' queries would use them up).
 */
const ALONE = ['tests/public-cache.test.ts', 'tests/named-statements.test.ts'];

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    exclude: ['tests/e2e/**', 'node_modules/**'],
    // The prepared database (either engine) every API test app starts from a copy of; one per project.
    globalSetup: ['tests/support/template-database.ts'],
    testTimeout: timeLimit(30_000),
    hookTimeout: timeLimit(60_000),
    // argon2's least cost for the accounts the tests make: at OWASP's it was two fifths of their CPU.
    env: { PASSWORD_HASH_COST: 'test' },
    // Two cores: more workers than that only fight over them.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/**/*.test.ts'],
          exclude: [...ALONE, 'tests/e2e/**'],
          // A worker's files share one import of the server (each file still starts apps of its
          // own): importing it again for each file was half of these files' time. None mocks a
          // module, changes the environment or leaves a timer faked or a method replaced.
          isolate: false,
          // ...so the demo numbering starts over for each file, as it did with an import of its own.
          setupFiles: ['tests/support/each-file.ts'],
        },
      },
      {
        extends: true,
        // The units (some mock a module) and ALONE, each with a fresh import in a process of its own.
        test: { name: 'isolated', include: ['src/**/*.test.ts', ...ALONE] },
      },
    ],
  },
});
