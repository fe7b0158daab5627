import type { Page } from '@playwright/test';
import { expect, expectNoSeriousAxeViolations, test, uniqueText } from './support/fixtures';
import { paths } from '#shared/paths';

/** A name as long as the form allows (120 characters), the kind that used to push the buttons away. */
const longName = () =>
  uniqueText(
    'Samsung Galaxy S23 Ultra 512GB Phantom Black, boxed with two chargers, a spare case and the receipt',
  ).padEnd(120, 'x');

/** Nothing on the page is wider than the screen, so nothing hides to the right. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const table = document.querySelector('table');
    return {
      page: document.documentElement.scrollWidth - window.innerWidth,
      card: table ? table.parentElement!.scrollWidth - table.parentElement!.clientWidth : 0,
    };
  });
  expect(overflow).toEqual({ page: 0, card: 0 });
}

test.describe('on a phone, each table row is a card with everything in view', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
  });

  test("a seller's My Product row shows its price and its buttons", async ({
    page,
    seller,
    createListing,
    loginAs,
  }) => {
    const listing = await createListing(seller, { productName: longName(), resalePrice: 52000 });
    await loginAs(page, seller);
    await page.goto(paths.myProducts);

    const row = page.getByRole('row').filter({ hasText: listing.productName });
    await row.scrollIntoViewIfNeeded();
    await expect(row.getByRole('img')).toBeInViewport({ ratio: 1 });
    await expect(row.getByText(listing.productName)).toBeInViewport({ ratio: 1 });
    await expect(row.getByRole('cell', { name: '52000Tk', exact: true })).toBeInViewport({ ratio: 1 });
    // The column's header labels the value on the card (for the eye; the cell itself is read as before).
    await expect(row.getByText('Price', { exact: true })).toBeVisible();
    await expect(row.getByText('Available', { exact: true })).toBeInViewport({ ratio: 1 });
    await expect(row.getByRole('button', { name: 'Advertise', exact: true })).toBeInViewport({ ratio: 1 });
    await expect(row.getByRole('button', { name: 'Delete' })).toBeInViewport({ ratio: 1 });
    await expectNoSidewaysScroll(page);
  });

  test("a buyer's My orders row shows its price and Pay", async ({ page, seller, createListing, buyer, loginAs }) => {
    const listing = await createListing(seller, { resalePrice: 43000 });
    const booking = await buyer.api.post('/api/store/booking/product', {
      data: { productId: listing._id, phoneNumber: '01712345678', meetLocation: 'Rangpur' },
    });
    expect(booking.ok()).toBe(true);
    // Pay shows on an accepted order only.
    const { insertedId } = (await booking.json()) as { insertedId: string };
    expect((await seller.api.put(`/api/bookings/${insertedId}/accept`)).ok()).toBe(true);
    await loginAs(page, buyer);
    await page.goto(paths.myOrders);

    const row = page.getByRole('row').filter({ hasText: listing.productName });
    await row.scrollIntoViewIfNeeded();
    await expect(row.getByRole('cell', { name: '43000', exact: true })).toBeInViewport({ ratio: 1 });
    await expect(row.getByText('Price (Tk)', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Pay' })).toBeInViewport({ ratio: 1 });
    await expect(row.getByText('In person at the meeting')).toBeInViewport({ ratio: 1 });
    // Pay says how payment works: in person, to the seller, when they meet.
    await row.getByRole('button', { name: 'Pay' }).click();
    const pay = page.getByRole('dialog', { name: 'Pay in person at the meeting' });
    await expect(pay).toContainText('43000Tk');
    await expect(pay).toContainText('PhoneHaat never takes payment');
    await expectNoSeriousAxeViolations(page);
    await pay.getByRole('button', { name: 'Got it' }).click();
    await expect(pay).toBeHidden();
    await expectNoSidewaysScroll(page);
  });
});

test('on a desktop, a long product name wraps and every Delete in My Product sits in the same place', async ({
  page,
  seller,
  createListing,
  loginAs,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const long = await createListing(seller, { productName: longName() });
  const advertised = await createListing(seller, { productName: uniqueText('Advertised phone') });
  expect((await seller.api.put(`/api/advertise/product/${advertised._id}`)).ok()).toBe(true);
  await createListing(seller, { productName: uniqueText('Plain phone') });
  await loginAs(page, seller);
  await page.goto(paths.myProducts);

  // Real table semantics on a wide screen: the headers are shown and name their columns.
  await expect(page.getByRole('columnheader', { name: 'Price', exact: true })).toBeVisible();
  const longRow = page.getByRole('row').filter({ hasText: long.productName });
  await expect(longRow.getByRole('button', { name: 'Delete' })).toBeInViewport({ ratio: 1 });
  await expect(
    page.getByRole('row').filter({ hasText: advertised.productName }).getByRole('button', { name: 'Stop advertising' }),
  ).toBeInViewport({ ratio: 1 });
  await expectNoSidewaysScroll(page);

  const deletes = page.getByRole('row').getByRole('button', { name: 'Delete' });
  await expect(deletes).toHaveCount(3);
  const lefts = await deletes.evaluateAll((buttons) =>
    buttons.map((button) => Math.round(button.getBoundingClientRect().left)),
  );
  expect(new Set(lefts).size).toBe(1);
});
