import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { testDatabaseUrl } from './support/postgres';
import { timeLimit } from './support/time-limits';

/*
 * The benchmarks run outside vitest and borrow the test harness (tests/support): a harness that
 * needs vitest's run (its prepared database, `inject`) once broke `npm run bench` at its last step,
 * an hour in. The smallest alert benchmark runs here as `npm run bench:alerts` runs it. Its
 * targets are timings, so only that it runs to its end, and then ends, is checked. It uses SQLite
 * whichever engine the tests run on: once is enough.
 */

const ROOT = join(import.meta.dirname, '..');

it.skipIf(testDatabaseUrl())(
  'the alert benchmark runs outside vitest to its end, and its process ends then',
  async () => {
    const { VITEST: _vitest, TEST_DATABASE_URL: _postgres, ...outside } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'tests/bench/alerts.bench.ts')], {
      cwd: ROOT,
      env: { ...outside, BENCH_ENGINES: 'sqlite', BENCH_ALERTS: '200', BENCH_ALERT_LISTINGS: '3' },
    });
    let stdout = '';
    let stderr = '';
    let lastLineAt = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      lastLineAt = performance.now();
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];

    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(/sqlite: 3 listings with 200 alerts: listing p50 [\d.]+ ms/);
    expect(stdout).toMatch(/^Alerts: (every target held|some targets were missed)/m);
    // Nothing of the app keeps the process alive once done: an idle argon2 thread did, for its
    // idle minute (src/server/auth/argon2-thread.ts).
    expect(performance.now() - lastLineAt).toBeLessThan(timeLimit(10_000));
  },
  timeLimit(90_000),
);
