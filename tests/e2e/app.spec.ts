import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { BUILT_CLIENT_DIR } from '#server/pages/client';
import { CATEGORY_CATALOGUE } from '#server/start/seed/categories';
import { messages } from '#shared/messages';
import { paths } from '#shared/paths';
import { expect, expectNoSeriousAxeViolations, test } from './support/fixtures';
import { E2E_BASE_URL } from './support/settings';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/*
 * The installable app (docs/app.md) on a phone-sized window: the service worker installs and looks
 * after the page, a page seen before opens offline with a note that it may be old, a page never
 * seen shows the offline page, and Chromium finds the app installable.
 */
test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });

/** Waits until the app's service worker is active and looks after this page. */
async function untilWorkerControls(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

test('the service worker installs and precaches the build', async ({ page }) => {
  await page.goto(paths.home);
  await untilWorkerControls(page);
  const state = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const precache = (await caches.keys()).find((name) => name.startsWith('workbox-precache'));
    const cached = precache ? (await (await caches.open(precache)).keys()).map((request) => request.url) : [];
    return { scope: registration.scope, script: registration.active?.scriptURL, cached };
  });
  expect(state.scope).toBe(new URL('/', page.url()).href);
  expect(state.script).toMatch(/\/sw\.js$/);
  expect(state.cached.some((url) => /\/assets\/.+\.js/.test(url))).toBe(true);
  expect(state.cached.some((url) => url.includes('/offline.html'))).toBe(true);
  // Pages are never precached: they always come from the server while it can be reached.
  expect(state.cached.some((url) => /\/(index\.html)?(\?|$)/.test(new URL(url).pathname))).toBe(false);
});

test('offline, a page seen before opens with a note that it may be old; any other shows the offline page', async ({
  page,
  context,
}) => {
  const category = CATEGORY_CATALOGUE[0]!;
  await page.goto(paths.home);
  await untilWorkerControls(page);
  await page.goto(paths.category(category.id));
  await expect(page.getByRole('heading', { name: category.name }).first()).toBeVisible();

  await context.setOffline(true);
  try {
    await page.goto(paths.category(category.id));
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toHaveText(
      'You are offline: this is the page as you last saw it, so it may be old.',
    );
    await expect(page.getByRole('heading', { name: category.name }).first()).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    // Not page.goto: it waits for the app to start, and the offline page has no app in it.
    const neverSeen = paths.category(CATEGORY_CATALOGUE[1]!.id);
    await page.evaluate((path) => window.location.assign(path), neverSeen);
    await page.waitForURL(`**${neverSeen}`);
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(page).toHaveTitle('You are offline · PhoneHaat');
    await expectNoSeriousAxeViolations(page);
  } finally {
    await context.setOffline(false);
  }

  // Back online, the page comes from the server again, without the note.
  await page.goto(paths.category(category.id));
  await expect(page.getByRole('heading', { name: category.name }).first()).toBeVisible();
  await expect(page.getByText('You are offline')).toHaveCount(0);
});

test("offline, a Bangla visitor's page never seen shows the offline page in Bangla", async ({ page, context }) => {
  await page.goto(`/bn${paths.home}`);
  await untilWorkerControls(page);
  await context.setOffline(true);
  try {
    const neverSeen = `/bn${paths.category(CATEGORY_CATALOGUE[2]!.id)}`;
    await page.evaluate((path) => window.location.assign(path), neverSeen);
    await page.waitForURL(`**${neverSeen}`);
    await expect(page.getByRole('heading', { name: 'আপনি এখন অফলাইনে' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'You are offline' })).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await expect(page).toHaveTitle('আপনি অফলাইনে · PhoneHaat');
    await expectNoSeriousAxeViolations(page);
  } finally {
    await context.setOffline(false);
  }
});

// Chromium says no app is installable in an incognito window, which every test's own context is:
// this test opens a browser with a profile of its own.
test('Chromium finds the app installable from its manifest', async ({ playwright }, testInfo) => {
  const browser = await playwright.chromium.launchPersistentContext(testInfo.outputPath('profile'), {
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
    baseURL: E2E_BASE_URL,
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto(paths.home);
    await untilWorkerControls(page);
    const cdp = await browser.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    expect(installabilityErrors.map((error) => error.errorId)).toEqual([]);
  } finally {
    await browser.close();
  }
});

test('a new version is offered with Reload, and never reloads over unsaved input without asking', async ({ page }) => {
  await page.goto(paths.login);
  await untilWorkerControls(page);
  // A new build deployed: the server's worker gains a line, which the browser sees as a new version.
  const worker = join(BUILT_CLIENT_DIR, 'sw.js');
  const built = await readFile(worker, 'utf8');
  await writeFile(worker, `${built}\n// the next version`);
  try {
    await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
  } finally {
    await writeFile(worker, built);
  }

  const offer = page.getByRole('status').filter({ hasText: 'A new version of PhoneHaat is ready.' });
  await expect(offer).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByLabel('Email').fill('someone@example.com');
  await offer.getByRole('button', { name: 'Reload' }).click();
  const ask = page.getByRole('dialog', { name: 'Reload now?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByLabel('Email')).toHaveValue('someone@example.com');

  await offer.getByRole('button', { name: 'Reload' }).click();
  await page.getByRole('dialog', { name: 'Reload now?' }).getByRole('button', { name: 'Reload anyway' }).click();
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expect(offer).toBeHidden();
});

for (const [size, viewport] of [
  ['phone-sized', { width: 390, height: 844 }],
  ['desktop-sized', { width: 1280, height: 800 }],
] as const) {
  test(`push notifications are switched per kind in Account settings, next to the mail switches (${size})`, async ({
    page,
    signedInBuyer: _buyer,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto(paths.account);
    const card = page.getByRole('region', { name: 'Push notifications' });
    await expect(card.getByRole('button', { name: 'Turn on' })).toBeVisible();
    const inbox = card.getByRole('checkbox', { name: 'A new message in my Inbox' });
    await expect(inbox).toBeChecked();
    await expectNoSeriousAxeViolations(page);

    // The box shows what the server keeps: it changes once the server has answered.
    await inbox.click();
    await expect(inbox).not.toBeChecked();
    await page.reload();
    await expect(
      page
        .getByRole('region', { name: 'Push notifications' })
        .getByRole('checkbox', { name: 'A new message in my Inbox' }),
    ).not.toBeChecked();
    // The mail switches are their own.
    await expect(
      page
        .getByRole('region', { name: 'Email notifications' })
        .getByRole('checkbox', { name: 'A seller accepts my request' }),
    ).toBeChecked();
  });
}

test('after booking a phone, the app asks whether to notify this device; "Not now" puts it away', async ({
  page,
  registerBuyer,
  registerSeller,
  createListing,
  loginAs,
}) => {
  const [buyer, seller] = await Promise.all([registerBuyer(), registerSeller()]);
  const listing = await createListing(seller);
  await loginAs(page, buyer);
  await page.goto(paths.product(listing._id));
  await untilWorkerControls(page);
  // Nothing is asked before the person does something.
  await expect(page.getByRole('region', { name: 'Get a notification when the seller answers?' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Book Now' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Phone Number').fill('01712345678');
  await dialog.getByLabel('Meet Location').fill('Dhanmondi');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(messages.productBooked)).toBeVisible();

  const question = page.getByRole('region', { name: 'Get a notification when the seller answers?' });
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'Turn on' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await question.getByRole('button', { name: 'Not now' }).click();
  await expect(question).toHaveCount(0);
  // The browser was never asked: its permission is still undecided.
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
});
