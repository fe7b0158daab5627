import type { Page } from '@playwright/test';
import { expect, test, uniqueText } from './support/fixtures';
import { paths } from '#shared/paths';

const NOT_FOR_ADMIN = 'The admin account does not book phones.';
const OWN_PHONE = 'This is your phone.';

const bookNow = (page: Page) => page.getByRole('button', { name: 'Book Now' });
const reportButton = (page: Page) => page.getByRole('button', { name: 'Report to admin' });

test('a seller on their own listing cannot book it, is told why, and has nothing to report', async ({
  page,
  seller,
  createListing,
  loginAs,
}) => {
  const listing = await createListing(seller, { productName: uniqueText('Own phone') });
  await loginAs(page, seller);

  await page.goto(paths.product(listing._id));
  await expect(page.getByText(OWN_PHONE)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Booking requests' })).toBeVisible();
  await expect(bookNow(page)).toHaveCount(0);
  await expect(reportButton(page)).toHaveCount(0);
});

test("a seller may book and report another seller's listing", async ({
  page,
  registerSeller,
  createListing,
  loginAs,
}) => {
  const listing = await createListing(await registerSeller(), { productName: uniqueText('Other phone') });
  await loginAs(page, await registerSeller());

  await page.goto(paths.product(listing._id));
  await expect(bookNow(page)).toBeEnabled();
  await expect(page.getByText(OWN_PHONE)).toHaveCount(0);
  await expect(reportButton(page)).toBeEnabled();
});

test('the admin can neither book nor report a listing', async ({
  page,
  registerSeller,
  createListing,
  loginAs,
  adminCredentials,
}) => {
  const listing = await createListing(await registerSeller(), { productName: uniqueText('Admin sees') });
  await loginAs(page, adminCredentials);

  await page.goto(paths.product(listing._id));
  await expect(page.getByText(NOT_FOR_ADMIN)).toBeVisible();
  await expect(bookNow(page)).toBeDisabled();
  await expect(bookNow(page)).toHaveAccessibleDescription(NOT_FOR_ADMIN);
  await expect(reportButton(page)).toHaveCount(0);
});

test('a buyer may book and report, with no note about who can book', async ({
  page,
  registerSeller,
  createListing,
  registerBuyer,
  loginAs,
}) => {
  const listing = await createListing(await registerSeller(), { productName: uniqueText('Buyer sees') });
  await loginAs(page, await registerBuyer());

  await page.goto(paths.product(listing._id));
  await expect(bookNow(page)).toBeEnabled();
  await expect(reportButton(page)).toBeEnabled();
  await expect(page.getByText(NOT_FOR_ADMIN)).toHaveCount(0);
});

test.describe('on a phone-sized window', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a long product name without spaces wraps on its page and its card instead of overflowing', async ({
    page,
    registerSeller,
    createListing,
  }) => {
    // 120 characters, the most a name may have, and not one space to break at.
    const productName = uniqueText('SamsungGalaxyS23UltraPhantomBlack512GB').replace(' ', '').padEnd(120, 'X');
    const listing = await createListing(await registerSeller(), { productName });
    await page.goto(paths.product(listing._id));
    const heading = page.getByRole('heading', { level: 1, name: productName });
    await expect(heading).toBeVisible();
    const box = await heading.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);

    // Its card in the results, under a heading that quotes the long search.
    await page.goto(`${paths.search}?q=${encodeURIComponent(productName.slice(0, 30))}`);
    await expect(page.getByRole('heading', { name: productName })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  });
});
