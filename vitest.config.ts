import { defineConfig } from 'vitest/config';
import { aliases } from './aliases';
import { timeLimit } from './tests/support/time-limits';

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    include: ['tests/**/*.test.ts', 'src/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    // The prepared database (either engine) every API test app starts from a copy of.
    globalSetup: ['tests/support/template-database.ts'],
    testTimeout: timeLimit(30_000),
    hookTimeout: timeLimit(60_000),
    // argon2's least cost for the accounts the tests make: at OWASP's it was most of their CPU.
    env: { PASSWORD_HASH_COST: 'test' },
    // Two cores: more workers than that only fight over them (argon2 hashing is CPU-bound).
    maxWorkers: 2,
  },
});
