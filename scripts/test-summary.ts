/*
 * Adds up test results from Vitest and Playwright JSON reports and prints one line,
 * `N passed, M failed`. A report that is missing (its run crashed before writing it) counts as a
 * failure, and so does a test file that failed to load or an error outside any test, so a broken
 * run can never look clean. Exits non-zero when anything failed.
 *
 * Usage: node --import tsx scripts/test-summary.ts <report.json>...
 */
import { existsSync, readFileSync } from 'node:fs';

interface Tally {
  passed: number;
  failed: number;
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: Array<{ status: string; name: string; assertionResults: Array<{ status: string }> }>;
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number };
  errors: Array<{ message?: string }>;
}

function tallyVitest(report: VitestReport): Tally {
  // A file that fails to import has no failing assertion of its own, only a failed status.
  const brokenFiles = report.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  );
  return { passed: report.numPassedTests, failed: report.numFailedTests + brokenFiles.length };
}

function tallyPlaywright(report: PlaywrightReport): Tally {
  // With no retries a flaky test cannot occur; if one does, it failed once and counts as failed.
  return { passed: report.stats.expected, failed: report.stats.unexpected + report.stats.flaky + report.errors.length };
}

function tallyReport(path: string): Tally {
  if (!existsSync(path)) {
    console.error(`test-summary: no report at ${path}; counting that run as one failure`);
    return { passed: 0, failed: 1 };
  }
  const report: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (typeof report === 'object' && report !== null && 'numPassedTests' in report)
    return tallyVitest(report as VitestReport);
  if (typeof report === 'object' && report !== null && 'stats' in report)
    return tallyPlaywright(report as PlaywrightReport);
  console.error(`test-summary: ${path} is neither a Vitest nor a Playwright report; counting it as one failure`);
  return { passed: 0, failed: 1 };
}

const total = process.argv
  .slice(2)
  .map(tallyReport)
  .reduce((sum, t) => ({ passed: sum.passed + t.passed, failed: sum.failed + t.failed }), { passed: 0, failed: 0 });
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exitCode = total.failed > 0 ? 1 : 0;
