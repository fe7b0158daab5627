import type { Page } from '@playwright/test';
import { messages } from '#shared/messages';
import { expect, test, uniqueText } from './support/fixtures';
import { paths } from '#shared/paths';

// Each test deletes the row behind the screen's back, then deletes it again from the screen.
const ALREADY_DELETED = 'It was already deleted.';

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

async function deleteRow(page: Page, text: string) {
  await rowOf(page, text).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, delete it!' }).click();
}

test('the admin deleting a buyer someone already deleted is told so, and the row goes', async ({
  page,
  loginAs,
  adminCredentials,
  adminApi,
  buyer,
}) => {
  await loginAs(page, adminCredentials);
  await page.goto(paths.allBuyers);
  await expect(rowOf(page, buyer.email)).toBeVisible();

  const list = await adminApi.get(`/api/buyers?limit=100`);
  const { _id } = ((await list.json()) as Array<{ _id: string; email: string }>).find(
    (row) => row.email === buyer.email,
  )!;
  expect((await adminApi.delete(`/api/buyers/${_id}`)).ok()).toBe(true);

  await deleteRow(page, buyer.email);
  await expect(page.getByText(ALREADY_DELETED)).toBeVisible();
  await expect(page.getByText(messages.buyerDeleted)).toHaveCount(0);
  await expect(rowOf(page, buyer.email)).toHaveCount(0);
});

test('a seller deleting a listing the admin already took down is told so, and the row goes', async ({
  page,
  loginAs,
  adminApi,
  seller,
  createListing,
}) => {
  const listing = await createListing(seller, { productName: uniqueText('Taken down') });
  // A page that hears no news: the admin's removal would otherwise notify the seller, and the
  // notification refreshes the list before the stale Delete is pressed.
  await page.route('**/api/notifications/stream', (route) => route.abort());
  await loginAs(page, seller);
  await page.goto(paths.myProducts);
  await expect(rowOf(page, listing.productName)).toBeVisible();

  expect((await adminApi.delete(`/api/product/delete/${listing._id}`)).ok()).toBe(true);

  await deleteRow(page, listing.productName);
  await expect(page.getByText(ALREADY_DELETED)).toBeVisible();
  await expect(page.getByText('Deleted!')).toHaveCount(0);
  await expect(rowOf(page, listing.productName)).toHaveCount(0);
});
