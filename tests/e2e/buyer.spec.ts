import type { Page } from '@playwright/test';
import { CATEGORY_CATALOGUE } from '#server/start/seed/categories';
import { messages } from '#shared/messages';
import type { StoreProductRequest } from '#shared/products';
import { expect, test, uniqueText, type TestListing, type TestUser } from './support/fixtures';

const pixel = CATEGORY_CATALOGUE[5]!;

interface ListingFixtures {
  registerSeller: () => Promise<TestUser>;
  createListing: (seller: TestUser, overrides?: Partial<StoreProductRequest>) => Promise<TestListing>;
}

/** A phone listed by a seller of its own, with a name no other test uses. */
async function listedPhone({ registerSeller, createListing }: ListingFixtures) {
  const seller = await registerSeller();
  return createListing(seller, { category_id: pixel.id, productName: uniqueText('Pixel for sale') });
}

const bookingDialog = (page: Page) => page.getByRole('dialog');

test('a guest pressing Book Now logs in and comes back to the product', async ({
  page,
  registerSeller,
  createListing,
  registerBuyer,
}) => {
  const listing = await listedPhone({ registerSeller, createListing });
  const buyer = await registerBuyer();

  await page.goto(`/productId/${listing._id}`);
  await page.getByRole('button', { name: 'Book Now' }).click();
  await expect(page).toHaveURL('/login');
  await page.getByLabel('Email').fill(buyer.email);
  await page.getByLabel('Password').fill(buyer.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(`/productId/${listing._id}`);
  await expect(page.getByRole('button', { name: 'Book Now' })).toBeVisible();
});

test('a buyer books a phone and finds it in My orders', async ({
  page,
  registerSeller,
  createListing,
  registerBuyer,
  loginAs,
}) => {
  const listing = await listedPhone({ registerSeller, createListing });
  const buyer = await registerBuyer();
  await loginAs(page, buyer);

  await page.goto(`/productId/${listing._id}`);
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

  await page.goto('/dashboard/myorders');
  const row = page.getByRole('row').filter({ hasText: listing.productName });
  await expect(row).toContainText(pixel.name);
  await expect(page.getByRole('columnheader', { name: 'Price (Tk)', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: String(listing.resalePrice), exact: true })).toBeVisible();
  // Nothing to pay while the seller has not accepted.
  await expect(row.getByRole('button', { name: 'Pay' })).toHaveCount(0);

  // The order leads back to the listing, where the seller's number is.
  await row.getByRole('link', { name: listing.productName }).click();
  await expect(page).toHaveURL(`/productId/${listing._id}`);
  await expect(page.getByText(/You booked this phone on/)).toBeVisible();
});

test('a phone booked meanwhile (in another tab, say) shows the server message, keeps the dialog open, and then the page says it is booked', async ({
  page,
  registerSeller,
  createListing,
  registerBuyer,
  loginAs,
}) => {
  const listing = await listedPhone({ registerSeller, createListing });
  const buyer = await registerBuyer();
  await loginAs(page, buyer);

  await page.goto(`/productId/${listing._id}`);
  await page.getByRole('button', { name: 'Book Now' }).click();
  const dialog = bookingDialog(page);
  await dialog.getByLabel('Phone Number').fill('01712345678');
  await dialog.getByLabel('Meet Location').fill('Rangpur');
  const first = await buyer.api.post('/api/store/booking/product', {
    data: { productId: listing._id, phoneNumber: '01712345678', meetLocation: 'Rangpur' },
  });
  expect(first.ok(), await first.text()).toBe(true);
  const answer = page.waitForResponse('**/api/store/booking/product');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const refusal = (await (await answer).json()) as { message: string };
  await expect(dialog.getByText(refusal.message)).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(page.getByText(messages.productBooked)).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText(/You booked this phone on \d{4}-\d{2}-\d{2}\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Book Now' })).toHaveCount(0);
});

test('after booking, the product page says so and leads to My orders instead of offering Book Now again', async ({
  page,
  registerSeller,
  createListing,
  registerBuyer,
  loginAs,
}) => {
  const listing = await listedPhone({ registerSeller, createListing });
  const buyer = await registerBuyer();
  await loginAs(page, buyer);
  await page.goto(`/productId/${listing._id}`);
  await page.getByRole('button', { name: 'Book Now' }).click();
  const dialog = bookingDialog(page);
  await dialog.getByLabel('Phone Number').fill('01712345678');
  await dialog.getByLabel('Meet Location').fill('Rangpur');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(messages.productBooked)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('button', { name: 'Book Now' })).toHaveCount(0);
  await page.getByRole('link', { name: 'See it in My orders' }).click();
  await expect(page).toHaveURL('/dashboard/myorders');
  await expect(page.getByRole('row').filter({ hasText: listing.productName })).toBeVisible();
});

test('a buyer reports a product once, after confirming; cancelling sends nothing', async ({
  page,
  registerSeller,
  createListing,
  registerBuyer,
  loginAs,
}) => {
  const listing = await listedPhone({ registerSeller, createListing });
  const buyer = await registerBuyer();
  await loginAs(page, buyer);
  await page.goto(`/productId/${listing._id}`);

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
  await page.getByRole('button', { name: 'Yes, report it' }).click();
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

test('a buyer without orders is told so', async ({ page, registerBuyer, loginAs }) => {
  const buyer = await registerBuyer();
  await loginAs(page, buyer);
  await page.goto('/dashboard/myorders');
  await expect(page.getByText('You have 0 order')).toBeVisible();
  await page.getByRole('link', { name: 'Browse phones' }).click();
  await expect(page).toHaveURL('/');
});
