/*
 * Adds up test results from Vitest and Playwright JSON reports and prints one line,
 * `N passed, M failed`, after naming each failed test (so a log's tail says what broke). A report
 * that is missing (its run crashed before writing it) counts as a failure, and so does a test file
 * that failed to load or an error outside any test, so a broken run can never look clean. Exits
 * non-zero when anything failed.
 *
 * Usage: node --import tsx scripts/test-summary.ts <report.json>...
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

interface Tally {
  passed: number;
  failed: number;
  /** One line per failure: where, what, and the first line of why. */
  failures: string[];
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: Array<{
    status: string;
    name: string;
    message?: string;
    assertionResults: Array<{ status: string; fullName: string; failureMessages?: string[] }>;
  }>;
}

interface PlaywrightSuite {
  file?: string;
  specs?: Array<{
    title: string;
    tests: Array<{ status: string; results: Array<{ status: string; error?: { message?: string } }> }>;
  }>;
  suites?: PlaywrightSuite[];
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number };
  errors: Array<{ message?: string }>;
  suites: PlaywrightSuite[];
}

function firstLine(text: string | undefined): string {
  // Reporters colour their messages; a log line reads better without the escapes.
  const plain = stripVTControlCharacters(text ?? '').trim();
  return plain.split('\n')[0]?.slice(0, 200) ?? '';
}

function tallyVitest(report: VitestReport, label: string): Tally {
  const failures: string[] = [];
  let brokenFiles = 0;
  for (const file of report.testResults) {
    const name = relative(process.cwd(), file.name);
    const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failedTests)
      failures.push(`${label}: ${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    // A file that fails to import has no failing assertion of its own, only a failed status.
    if (file.status === 'failed' && failedTests.length === 0) {
      brokenFiles += 1;
      failures.push(`${label}: ${name} did not run: ${firstLine(file.message)}`);
    }
  }
  return { passed: report.numPassedTests, failed: report.numFailedTests + brokenFiles, failures };
}

function playwrightFailures(suite: PlaywrightSuite, label: string, file: string): string[] {
  const here = suite.file ?? file;
  const own = (suite.specs ?? []).flatMap((spec) =>
    spec.tests
      .filter((test) => test.status === 'unexpected' || test.status === 'flaky')
      .map((test) => {
        const failedRun = test.results.find((result) => result.status !== 'passed');
        return `${label}: ${here} › ${spec.title}: ${firstLine(failedRun?.error?.message ?? failedRun?.status)}`;
      }),
  );
  return [...own, ...(suite.suites ?? []).flatMap((child) => playwrightFailures(child, label, here))];
}

function tallyPlaywright(report: PlaywrightReport, label: string): Tally {
  const failures = [
    ...report.suites.flatMap((suite) => playwrightFailures(suite, label, '')),
    ...report.errors.map((error) => `${label}: outside any test: ${firstLine(error.message)}`),
  ];
  // With no retries a flaky test cannot occur; if one does, it failed once and counts as failed.
  const failed = report.stats.unexpected + report.stats.flaky + report.errors.length;
  return { passed: report.stats.expected, failed, failures };
}

function tallyReport(path: string): Tally {
  const label = basename(path, '.json');
  if (!existsSync(path))
    return { passed: 0, failed: 1, failures: [`${label}: no report at ${path} (the run crashed before writing it)`] };
  const report: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (typeof report === 'object' && report !== null && 'numPassedTests' in report)
    return tallyVitest(report as VitestReport, label);
  if (typeof report === 'object' && report !== null && 'stats' in report)
    return tallyPlaywright(report as PlaywrightReport, label);
  return { passed: 0, failed: 1, failures: [`${label}: ${path} is neither a Vitest nor a Playwright report`] };
}

const tallies = process.argv.slice(2).map(tallyReport);
const failures = tallies.flatMap((tally) => tally.failures);
if (failures.length > 0) console.log(['Failed:', ...failures.map((line) => `  ${line}`)].join('\n'));
const passed = tallies.reduce((sum, tally) => sum + tally.passed, 0);
const failed = tallies.reduce((sum, tally) => sum + tally.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
