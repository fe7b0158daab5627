import type { Browser, Page } from '@playwright/test';
import { timeLimit } from '../support/time-limits';
import {
  expect,
  expectNoSeriousAxeViolations,
  test,
  uniqueText,
  waitForTheAppOnLoad,
  type TestUser,
} from './support/fixtures';

async function signedInPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  context.on('page', waitForTheAppOnLoad);
  return { context, page: await context.newPage() };
}

/** Opens the sold deal's review dialog from a dashboard list and writes the review. */
async function review(page: Page, path: string, product: string, stars: Record<string, number>, comment: string) {
  await page.goto(path);
  const row = page.getByRole('row').filter({ hasText: product });
  await row.getByRole('button', { name: 'Leave a review' }).click({ timeout: timeLimit(15_000) });
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { level: 2 })).toContainText('Review');
  for (const [criterion, count] of Object.entries(stars)) {
    await dialog
      .getByRole('group', { name: criterion })
      .getByRole('radio', { name: `${count} stars` })
      .check();
  }
  await dialog.getByLabel('Comment (optional)').fill(comment);
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Submit review' }).click();
  return dialog;
}

for (const [size, viewport] of [
  ['phone-sized', { width: 390, height: 844 }],
  ['desktop-sized', { width: 1280, height: 800 }],
] as const) {
  test(`a sold deal reviewed by both sides shows on the seller's page, on a ${size} window`, async ({
    browser,
    page,
    registerSeller,
    registerBuyer,
    createListing,
    loginAs,
  }) => {
    test.slow();
    const seller: TestUser = await registerSeller({ name: uniqueText('Seller') });
    const buyer: TestUser = await registerBuyer({ name: uniqueText('Buyer') });
    const product = uniqueText('Reviewed Galaxy');
    const listing = await createListing(seller, { productName: product });
    const booked = await buyer.api.post('/api/store/booking/product', {
      data: { productId: listing._id, phoneNumber: '01812345678', meetLocation: 'Farmgate' },
    });
    const { insertedId } = (await booked.json()) as { insertedId: string };
    for (const move of ['accept', 'sold']) {
      expect((await seller.api.put(`/api/bookings/${insertedId}/${move}`)).ok()).toBe(true);
    }
    const { sellerId } = (await (await page.request.get(`/api/addvertise/product/${listing._id}`)).json()) as {
      sellerId: string;
    };

    // A new seller: no reviews yet, never zero stars.
    await page.setViewportSize(viewport);
    await page.goto(`/seller/${sellerId}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(seller.name);
    await expect(page.getByText('No reviews yet').first()).toBeVisible();
    await expect(page.getByRole('link', { name: `Details of ${product}` })).toHaveCount(0);

    const buyerSide = await signedInPage(browser, viewport);
    const sellerSide = await signedInPage(browser, viewport);
    try {
      await loginAs(buyerSide.page, buyer);
      const buyerDialog = await review(
        buyerSide.page,
        '/dashboard/myorders',
        product,
        { 'As described': 5, Communication: 4, Punctuality: 5 },
        'Exactly as described, met on time.',
      );
      await expect(buyerSide.page.getByText('Thank you! Your review is saved.')).toBeVisible();
      await expect(buyerDialog.getByText(/^Saved\. It is published when/)).toBeVisible();

      // Double-blind: not on the seller's page while the seller has not written theirs.
      await page.reload();
      await expect(page.getByText('No reviews yet').first()).toBeVisible();

      await loginAs(sellerSide.page, seller);
      const sellerDialog = await review(
        sellerSide.page,
        '/dashboard/bookingrequests',
        product,
        { Communication: 5, Punctuality: 5, 'Paid as agreed': 5 },
        'Paid in cash, friendly buyer.',
      );
      await expect(sellerSide.page.getByText('Thank you! Both reviews are now published.')).toBeVisible();
      await expect(sellerDialog.getByText('Exactly as described, met on time.')).toBeVisible();

      await page.reload();
      await expect(page.getByText('Exactly as described, met on time.')).toBeVisible();
      await expect(page.getByText('1 review', { exact: true })).toBeVisible();
      await expect(page.getByRole('img', { name: '5 out of 5 stars' }).first()).toBeVisible();
      await expect(page.getByText('Paid in cash, friendly buyer.')).toHaveCount(0);
      await expectNoSeriousAxeViolations(page);
    } finally {
      await buyerSide.context.close();
      await sellerSide.context.close();
    }
  });
}

test('the admin hides a reported review with a reason; it leaves the seller page', async ({
  page,
  registerSeller,
  registerBuyer,
  createListing,
  loginAs,
  adminCredentials,
}) => {
  test.slow();
  const seller = await registerSeller({ name: uniqueText('Seller') });
  const buyer = await registerBuyer({ name: uniqueText('Buyer') });
  const listing = await createListing(seller, { productName: uniqueText('Reported Galaxy') });
  const booked = await buyer.api.post('/api/store/booking/product', {
    data: { productId: listing._id, phoneNumber: '01812345678', meetLocation: 'Farmgate' },
  });
  const { insertedId } = (await booked.json()) as { insertedId: string };
  for (const move of ['accept', 'sold']) await seller.api.put(`/api/bookings/${insertedId}/${move}`);
  const comment = uniqueText('Pay me extra or else');
  const stars = { asDescribed: 1, communication: 1, punctuality: 1, paidAsAgreed: 5 };
  const written = await buyer.api.post(`/api/bookings/${insertedId}/review`, { data: { ...stars, comment } });
  const { _id: reviewId } = (await written.json()) as { _id: string };
  await seller.api.post(`/api/bookings/${insertedId}/review`, { data: stars });
  expect((await seller.api.post(`/api/reviews/${reviewId}/report`, { data: { reason: 'extortion' } })).ok()).toBe(true);

  await loginAs(page, adminCredentials);
  await page.goto('/dashboard/reported/reviews');
  const row = page.getByRole('row').filter({ hasText: comment });
  await expect(row).toContainText('Extortion or threats ×1', { timeout: timeLimit(15_000) });
  await expectNoSeriousAxeViolations(page);
  await row.getByRole('button', { name: 'Hide' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('Threatens the seller');
  await dialog.getByRole('button', { name: 'Hide review' }).click();
  await expect(page.getByText('Review hidden. Its text is kept as it was.')).toBeVisible();
  await expect(row).toHaveCount(0);

  const { sellerId } = (await (await page.request.get(`/api/addvertise/product/${listing._id}`)).json()) as {
    sellerId: string;
  };
  await page.goto(`/seller/${sellerId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(seller.name);
  await expect(page.getByText('No reviews yet').first()).toBeVisible();
  await expect(page.getByText(comment)).toHaveCount(0);
});
