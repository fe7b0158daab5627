import { CATEGORY_CATALOGUE } from '#server/start/seed/categories';
import { paths } from '#shared/paths';
import { timeLimit } from '../support/time-limits';
import { findMail, waitForMail } from '../support/mail-folder';
import { e2eMailFolder, expect, expectNoSeriousAxeViolations, test } from './support/fixtures';

const iphone = CATEGORY_CATALOGUE.find((c) => c.name === 'iPhone')!;

/** A word no other test's listing has: letters only, since the search splits letters from digits. */
const uniqueWord = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.replace(/\d/g, (digit) =>
    'abcdefghij'.charAt(Number(digit)),
  );

const ALERT_SUBJECT = /new phones for your saved search/;

test.use({ viewport: { width: 390, height: 844 } });

test('@engine save an alert from a search, a seller lists a matching phone: the bell and a mail arrive once', async ({
  page,
  registerBuyer,
  registerSeller,
  createListing,
}) => {
  test.slow();
  const word = uniqueWord('Falcon');
  const [buyer, seller] = await Promise.all([registerBuyer(), registerSeller()]);

  // Signed out, "Alert me" asks to sign in and comes back to the same search with the alert saved.
  await page.goto(`${paths.search}?q=${word}&maxPrice=60000`);
  await page.getByRole('button', { name: 'Alert me' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(buyer.email);
  await page.getByLabel('Password').fill(buyer.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Alert saved: we will tell you of new phones like these')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === paths.search && url.searchParams.get('q') === word);
  expect(new URL(page.url()).searchParams.has('alert')).toBe(false);
  await expectNoSeriousAxeViolations(page);

  const listing = await createListing(seller, {
    productName: `iPhone 13 ${word}`,
    brand: 'Apple',
    category_id: iphone.id,
    resalePrice: 55000,
  });

  // The alert worker matches it and rings the bell of the open page.
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: timeLimit(40_000) });
  await bell.click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  await expect(panel.getByText(`iPhone 13 ${word} for 55000Tk`, { exact: false })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.keyboard.press('Escape');

  const mail = await waitForMail(e2eMailFolder(), buyer.email, ALERT_SUBJECT);
  expect(mail.text).toContain(`iPhone 13 ${word} for 55000Tk`);
  expect(mail.text).toContain(paths.product(listing._id));

  // My alerts: the search as a sentence with its last match.
  await page.goto(paths.myAlerts);
  await expect(page.getByRole('heading', { name: 'My alerts' })).toBeVisible();
  await expect(page.getByRole('heading', { name: `“${word}” · up to 60000Tk` })).toBeVisible();
  await expect(page.getByRole('link', { name: `iPhone 13 ${word}` })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Once: one notification and one mail for the phone.
  await expect(bell).toHaveAccessibleName('Notifications');
  expect(await findMail(e2eMailFolder(), buyer.email, ALERT_SUBJECT, new Set([mail.file]))).toBeUndefined();
});
