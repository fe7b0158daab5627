import type { Page } from '@playwright/test';
import { CATEGORY_CATALOGUE } from '#server/start/seed/categories';
import { messages } from '#shared/messages';
import { paths } from '#shared/paths';
import { expect, test as base, uniqueText, type TestListing } from './support/fixtures';
import { bookPhone } from './support/deals';
import { logInOnForm, openBookingForm } from './support/screens';

const pixel = CATEGORY_CATALOGUE[5]!;

/** Every test here starts at a phone listed by a seller of its own, with a name no other test uses. */
const test = base.extend<{ listing: TestListing }>({
  listing: async ({ seller, createListing }, use) =>
    use(await createListing(seller, { category_id: pixel.id, productName: uniqueText('Pixel for sale') })),
});

const bookingDialog = (page: Page) => page.getByRole('dialog');

test('a guest pressing Book Now logs in and comes back to the product', async ({ page, listing, buyer }) => {
  await page.goto(paths.product(listing._id));
  await page.getByRole('button', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(paths.login);
  await logInOnForm(page, buyer);
  await expect(page).toHaveURL(paths.product(listing._id));
  await expect(page.getByRole('button', { name: 'Book Now' })).toBeVisible();
});

test('a buyer books a phone and finds it in My orders', async ({ page, listing, signedInBuyer: buyer }) => {
  await page.goto(paths.product(listing._id));
  await page.getByRole('button', { name: 'Book Now' }).click();
  const dialog = bookingDialog(page);
  // The first field to fill takes the focus, so the buyer can type straight away.
  await expect(dialog.getByLabel('Phone Number')).toBeFocused();
  for (const [label, value] of [
    ['Name', buyer.name],
    ['Email', buyer.email],
    ['Product Name', listing.productName],
    ['Price', `${listing.resalePrice}Tk`],
  ] as const) {
    const field = dialog.getByLabel(label, { exact: true });
    await expect(field, label).toHaveValue(value);
    await expect(field, label).toBeDisabled();
  }

  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Phone number is required')).toBeVisible();
  await expect(dialog.getByText('Meeting location is required')).toBeVisible();

  await dialog.getByLabel('Phone Number').fill('01712345678');
  await dialog.getByLabel('Meet Location').fill('Rangpur Zero Point');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(messages.productBooked)).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto(paths.myOrders);
  const row = page.getByRole('row').filter({ hasText: listing.productName });
  await expect(row).toContainText(pixel.name);
  await expect(page.getByRole('columnheader', { name: 'Price (Tk)', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: String(listing.resalePrice), exact: true })).toBeVisible();
  // Nothing to pay while the seller has not accepted.
  await expect(row.getByRole('button', { name: 'Pay' })).toHaveCount(0);

  // The order leads back to the listing, where the seller's number is.
  await row.getByRole('link', { name: listing.productName }).click();
  await expect(page).toHaveURL(paths.product(listing._id));
  await expect(page.getByText(/You booked this phone on/)).toBeVisible();
});

test('a phone booked meanwhile (in another tab, say) shows the server message, keeps the dialog open, and then the page says it is booked', async ({
  page,
  listing,
  signedInBuyer: buyer,
}) => {
  const dialog = await openBookingForm(page, listing._id);
  await bookPhone(buyer, listing._id);
  // What the person reads is the server's refusal, word for word (src/server/bookings/service.ts).
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('You have booked this phone already. See it in My orders.')).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(page.getByText(messages.productBooked)).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText(/You booked this phone on \d{4}-\d{2}-\d{2}\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Book Now' })).toHaveCount(0);
});

test('after booking, the product page says so and leads to My orders instead of offering Book Now again', async ({
  page,
  listing,
  signedInBuyer: _buyer,
}) => {
  const dialog = await openBookingForm(page, listing._id);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(messages.productBooked)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('button', { name: 'Book Now' })).toHaveCount(0);
  await page.getByRole('link', { name: 'See it in My orders' }).click();
  await expect(page).toHaveURL(paths.myOrders);
  await expect(page.getByRole('row').filter({ hasText: listing.productName })).toBeVisible();
});

test('a buyer reports a product once, after confirming; cancelling sends nothing', async ({
  page,
  listing,
  signedInBuyer: _buyer,
}) => {
  await page.goto(paths.product(listing._id));

  let reports = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/report/product')) reports++;
  });
  await page.getByRole('button', { name: 'Report to admin' }).click();
  await expect(page.getByText('Report this listing?')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  // The question closing proves the click was handled; only then does "no report sent" mean anything.
  await expect(page.getByText('Report this listing?')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Report to admin' })).toBeVisible();
  expect(reports).toBe(0);

  await page.getByRole('button', { name: 'Report to admin' }).click();
  await page.getByRole('dialog').getByLabel('Reason').selectOption({ label: 'Bait price' });
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Reported to admin. Thank you for keeping PhoneHaat safe.')).toBeVisible();
  await expect(
    page.getByText(/You reported this listing on \d{4}-\d{2}-\d{2}\. The admin will check it\./),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Report to admin' })).toHaveCount(0);
  expect(reports).toBe(1);

  await page.reload();
  await expect(page.getByText(/You reported this listing on/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Report to admin' })).toHaveCount(0);
});

test('a buyer without orders is told so', async ({ page, signedInBuyer: _buyer }) => {
  await page.goto(paths.myOrders);
  await expect(page.getByText('You have 0 order')).toBeVisible();
  await page.getByRole('link', { name: 'Browse phones' }).click();
  await expect(page).toHaveURL(paths.home);
});
