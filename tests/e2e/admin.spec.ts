import type { Locator, Page } from '@playwright/test';
import { messages } from '#shared/messages';
import { expect, test, uniqueText, type TestUser } from './support/fixtures';
import { paths } from '#shared/paths';

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** Deletes through the row's button and the "Are you sure?" dialog: the list says `done`, the row goes. */
async function deleteRow(page: Page, row: Locator, done: string) {
  await row.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Are you sure?')).toBeVisible();
  await expect(dialog.getByText("You won't be able to revert this!")).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(page.getByText(done)).toBeVisible();
  await expect(row).toHaveCount(0);
}

async function applyForVerification(seller: TestUser) {
  const applied = await seller.api.post('/api/seller/verification', {
    data: { name: seller.name, email: seller.email, photoURL: seller.photoURL },
  });
  expect(applied.ok(), await applied.text()).toBe(true);
}

test.describe('as the admin', () => {
  test.beforeEach(async ({ page, loginAs, adminCredentials }) => {
    await loginAs(page, adminCredentials);
  });

  test('the admin verifies a seller from All Seller', async ({ page, seller }) => {
    await page.goto(paths.allSellers);
    await expect(page.getByRole('heading', { name: 'All Seller' })).toBeVisible();
    const row = rowOf(page, seller.email);
    await expect(row).toContainText(seller.name);
    await row.getByRole('button', { name: 'Do verify' }).click();
    await expect(page.getByText(messages.sellerVerified)).toBeVisible();
    await expect(row.getByRole('button', { name: 'Verified' })).toBeDisabled();

    const check = await page.request.get(`/api/checkSellerVerify?email=${encodeURIComponent(seller.email)}`);
    expect(await check.json()).toEqual({ verified: true });
  });

  test('the admin verifies a seller from Seller Verification Request', async ({ page, seller }) => {
    await applyForVerification(seller);
    await page.goto(paths.sellerVerification);
    const row = rowOf(page, seller.email);
    await row.getByRole('button', { name: 'Do verify' }).click();
    await expect(page.getByText(messages.sellerVerificationSuccess)).toBeVisible();
    await expect(row).toHaveCount(0);

    await page.goto(paths.allSellers);
    await expect(rowOf(page, seller.email).getByRole('button', { name: 'Verified' })).toBeDisabled();
  });

  test('the admin deletes a buyer', async ({ page, buyer }) => {
    await page.goto(paths.allBuyers);
    await expect(page.getByRole('heading', { name: 'All Buyer' })).toBeVisible();
    const row = rowOf(page, buyer.email);
    await expect(row).toContainText(buyer.name);
    await deleteRow(page, row, messages.buyerDeleted);
  });

  test('the admin deletes a seller', async ({ page, seller }) => {
    await page.goto(paths.allSellers);
    const row = rowOf(page, seller.email);
    await deleteRow(page, row, messages.sellerDeleted);
  });

  test('cancelling a deletion keeps the buyer', async ({ page, buyer }) => {
    await page.goto(paths.allBuyers);
    const row = rowOf(page, buyer.email);
    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'No, cancel!' }).click();
    await expect(dialog.getByText('Cancelled')).toBeVisible();
    await expect(dialog.getByText('Your imaginary file is safe :)')).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.reload();
    await expect(rowOf(page, buyer.email)).toBeVisible();
  });

  test('the admin deletes a reported product', async ({ page, seller, buyer, createListing }) => {
    const listing = await createListing(seller, { productName: uniqueText('Reported phone') });
    expect((await buyer.api.post('/api/report/product', { data: { product_id: listing._id } })).ok()).toBe(true);

    await page.goto(paths.reportedProducts);
    await expect(page.getByRole('heading', { name: 'All Reported Mobile' })).toBeVisible();
    const row = rowOf(page, listing.productName);
    await expect(row).toContainText(seller.name);
    await expect(row).toContainText(seller.email);
    await expect(row).toContainText(listing.sellerMobile);
    // The admin can look at the listing before deciding.
    await expect(row.getByRole('link', { name: listing.productName })).toHaveAttribute(
      'href',
      paths.product(listing._id),
    );
    await deleteRow(page, row, messages.reportedProductDeleted);

    expect((await page.request.get(`/api/addvertise/product/${listing._id}`)).status()).toBe(404);
  });

  test.describe('empty admin lists', () => {
    // Other tests add buyers, sellers and requests to the same server at the same time, so the
    // empty answers are given here; what is tested is how each screen says "nothing".
    const empty = { json: [], headers: { 'x-total-count': '0' } };

    for (const [list, api, path, saying] of [
      ['buyers', '/api/buyers', paths.allBuyers, 'Not found any buyer'],
      ['sellers', '/api/sellers', paths.allSellers, 'No register seller found'],
      ['verification requests', '/api/unverifiedsellers', paths.sellerVerification, 'Seller verification request 0'],
    ] as const) {
      test(`no ${list}`, async ({ page }) => {
        await page.route(
          (url) => url.pathname === api,
          (route) => route.fulfill(empty),
        );
        await page.goto(path);
        await expect(page.getByText(saying)).toBeVisible();
      });
    }
  });
});

test('a buyer typing the All Buyer address cannot reach it', async ({ page, signedInBuyer: _buyer }) => {
  const buyerListAnswers: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/buyers') buyerListAnswers.push(response.status());
  });

  await page.goto(paths.allBuyers);
  await expect(page).toHaveURL(paths.dashboard);
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(menu.getByRole('link', { name: 'My orders' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'All Buyer' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'All Buyer' })).toHaveCount(0);
  expect(buyerListAnswers.filter((status) => status === 200)).toEqual([]);
});
