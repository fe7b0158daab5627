import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

async function summarize(reports: Record<string, unknown>): Promise<{ stdout: string; code: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'summary-'));
  const paths = Object.entries(reports).map(([name, report]) => {
    const path = join(dir, `${name}.json`);
    if (report !== undefined) writeFileSync(path, JSON.stringify(report));
    return path;
  });
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/test-summary.ts', ...paths]);
    return { stdout, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; code: number };
    return { stdout: failed.stdout, code: failed.code };
  }
}

const vitest = {
  numPassedTests: 2,
  numFailedTests: 1,
  testResults: [
    {
      status: 'failed',
      name: join(process.cwd(), 'tests/a.test.ts'),
      assertionResults: [
        { status: 'passed', fullName: 'a works' },
        {
          status: 'failed',
          fullName: 'a breaks',
          failureMessages: ['\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n    at line'],
        },
      ],
    },
    {
      status: 'failed',
      name: join(process.cwd(), 'tests/b.test.ts'),
      message: 'Cannot find module x',
      assertionResults: [],
    },
    {
      status: 'passed',
      name: join(process.cwd(), 'tests/c.test.ts'),
      assertionResults: [{ status: 'passed', fullName: 'c' }],
    },
  ],
};

const playwright = {
  stats: { expected: 3, unexpected: 1, flaky: 0 },
  errors: [],
  suites: [
    {
      file: 'deal.spec.ts',
      specs: [],
      suites: [
        {
          specs: [
            { title: 'books a phone', tests: [{ status: 'expected', results: [{ status: 'passed' }] }] },
            {
              title: 'accepts a booking',
              tests: [
                {
                  status: 'unexpected',
                  results: [{ status: 'timedOut', error: { message: 'Test timeout of 30000ms exceeded.' } }],
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

describe('the CI summary', () => {
  it('names every failed test, and a file that did not load, before the total', async () => {
    const { stdout, code } = await summarize({ 'api-sqlite': vitest, 'e2e-sqlite': playwright });
    expect(stdout.trim().split('\n')).toEqual([
      'Failed:',
      '  api-sqlite: tests/a.test.ts › a breaks: AssertionError: expected 1 to be 2',
      '  api-sqlite: tests/b.test.ts did not run: Cannot find module x',
      '  e2e-sqlite: deal.spec.ts › accepts a booking: Test timeout of 30000ms exceeded.',
      '5 passed, 3 failed',
    ]);
    expect(code).toBe(1);
  });

  it('prints only the total when everything passed', async () => {
    const clean = { ...playwright, stats: { expected: 4, unexpected: 0, flaky: 0 }, suites: [] };
    const { stdout, code } = await summarize({ 'e2e-sqlite': clean });
    expect(stdout.trim()).toBe('4 passed, 0 failed');
    expect(code).toBe(0);
  });

  it('counts a missing report as a failure', async () => {
    const { stdout, code } = await summarize({ 'api-postgres': undefined });
    expect(stdout).toMatch(/api-postgres: no report at .*api-postgres\.json/);
    expect(stdout.trim().split('\n').at(-1)).toBe('0 passed, 1 failed');
    expect(code).toBe(1);
  });
});
