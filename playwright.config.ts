import { defineConfig, devices, type ReporterDescription } from '@playwright/test';
import { E2E_BASE_URL } from './tests/e2e/support/settings';
import { timeLimit } from './tests/support/time-limits';

// Debian's Chromium: Playwright's own browser download is unreachable from these machines.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// .ci/run sets PLAYWRIGHT_JSON_OUTPUT_FILE to count the results; people at a terminal get the list.
const reporters: ReporterDescription[] = [['list']];
if (process.env.PLAYWRIGHT_JSON_OUTPUT_FILE)
  reporters.push(['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE }]);

export default defineConfig({
  testDir: 'tests/e2e',
  // Two cores here: one browser per core, the server shares them.
  workers: 2,
  // A failure is a failure: no retry may hide a flaky test, locally or in CI.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: timeLimit(30_000),
  expect: { timeout: timeLimit(7_000) },
  reporter: reporters,
  outputDir: 'test-results',
  use: {
    baseURL: E2E_BASE_URL,
    // The app's service worker would precache the whole build in every test's fresh browser and may
    // answer from its caches: only the specs about it (tests/e2e/app.spec.ts) let it run.
    serviceWorkers: 'block',
    // A failed test keeps a trace of its actions, DOM and network, without the screencast: every test
    // records its trace, kept or not, and the frames were a fifth of the browser tests' CPU (chat,
    // seller and alerts: 96 s with them, 78 s without, 62 s with no trace at all). The failure's own
    // screenshot still shows the screen.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: CHROMIUM,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
  ],
  webServer: {
    // exec: the script is Playwright's own child, so it notices when Playwright is gone.
    command: 'exec node --import tsx scripts/e2e-server.ts',
    url: `${E2E_BASE_URL}/api/health`,
    // The first start may build the client.
    timeout: timeLimit(180_000),
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
