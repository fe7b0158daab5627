import type { Page } from '@playwright/test';
import { paths } from '#shared/paths';
import { timeLimit } from '../support/time-limits';
import { expect, expectNoSeriousAxeViolations, test, uniqueText } from './support/fixtures';
import { decideCase, reportedReview, soldDeal } from './support/deals';
import { phoneAndDesktop } from './support/screens';

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

for (const [size, viewport] of phoneAndDesktop) {
  test(`a sold deal reviewed by both sides shows on the seller's page, on a ${size} window`, async ({
    page,
    seller,
    buyer,
    createListing,
    openWindow,
  }) => {
    test.slow();
    const product = uniqueText('Reviewed Galaxy');
    const listing = await createListing(seller, { productName: product });
    await soldDeal(seller, buyer, listing._id);

    // A new seller: no reviews yet, never zero stars.
    await page.setViewportSize(viewport);
    await page.goto(paths.seller(seller._id));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(seller.name);
    await expect(page.getByText('No reviews yet').first()).toBeVisible();
    await expect(page.getByRole('link', { name: `Details of ${product}` })).toHaveCount(0);

    const buyerPage = await openWindow({ as: buyer, viewport });
    const sellerPage = await openWindow({ as: seller, viewport });
    const buyerDialog = await review(
      buyerPage,
      paths.myOrders,
      product,
      { 'As described': 5, Communication: 4, Punctuality: 5 },
      'Exactly as described, met on time.',
    );
    await expect(buyerPage.getByText('Thank you! Your review is saved.')).toBeVisible();
    await expect(buyerDialog.getByText(/^Saved\. It is published when/)).toBeVisible();

    // Double-blind: not on the seller's page while the seller has not written theirs.
    await page.reload();
    await expect(page.getByText('No reviews yet').first()).toBeVisible();

    const sellerDialog = await review(
      sellerPage,
      paths.bookingRequests,
      product,
      { Communication: 5, Punctuality: 5, 'Paid as agreed': 5 },
      'Paid in cash, friendly buyer.',
    );
    await expect(sellerPage.getByText('Thank you! Both reviews are now published.')).toBeVisible();
    await expect(sellerDialog.getByText('Exactly as described, met on time.')).toBeVisible();

    await page.reload();
    await expect(page.getByText('Exactly as described, met on time.')).toBeVisible();
    await expect(page.getByText('1 review', { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: '5 out of 5 stars' }).first()).toBeVisible();
    await expect(page.getByText('Paid in cash, friendly buyer.')).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);
  });
}

test('the admin hides a reported review with a reason; it leaves the seller page', async ({
  page,
  seller,
  buyer,
  createListing,
  loginAs,
  adminCredentials,
}) => {
  test.slow();
  const comment = uniqueText('Pay me extra or else');
  const listing = await createListing(seller);
  const stars = { asDescribed: 1, communication: 1, punctuality: 1 };
  await reportedReview(seller, buyer, listing._id, { ...stars, comment }, 'extortion');

  await loginAs(page, adminCredentials);
  await page.goto(paths.reportedReviews);
  const row = page.getByRole('row').filter({ hasText: comment });
  await expect(row).toContainText('Extortion or threats ×1', { timeout: timeLimit(15_000) });
  await expectNoSeriousAxeViolations(page);
  await row.getByRole('button', { name: 'Hide' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('Threatens the seller');
  await dialog.getByRole('button', { name: 'Hide review' }).click();
  await expect(page.getByText('Review hidden. Its text is kept as it was.')).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.goto(paths.seller(seller._id));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(seller.name);
  await expect(page.getByText('No reviews yet').first()).toBeVisible();
  await expect(page.getByText(comment)).toHaveCount(0);
});

test("a hidden review's people read why in their own language, the admin's note as written", async ({
  seller,
  buyer,
  createListing,
  adminApi,
  openWindow,
}) => {
  test.slow();
  const product = uniqueText('Hidden Review Nokia');
  const listing = await createListing(seller, { productName: product });
  const stars = { asDescribed: 1, communication: 1, punctuality: 1 };
  const reviewId = await reportedReview(seller, buyer, listing._id, { ...stars, comment: 'Pay me extra' }, 'extortion');
  await decideCase(adminApi, reviewId, { action: 'hide_review', reason: 'harassment', note: 'Threatens the seller' });

  for (const [lang, button, words] of [
    ['bn', 'রিভিউ', 'PhoneHaat লুকিয়েছে: হয়রানি: Threatens the seller'],
    [undefined, 'Reviews', 'Hidden by PhoneHaat: Harassment: Threatens the seller'],
  ] as const) {
    const page = await openWindow({ as: seller, lang });
    await page.goto(paths.bookingRequests);
    const row = page.getByRole('row').filter({ hasText: product });
    await row.getByRole('button', { name: button }).click({ timeout: timeLimit(15_000) });
    await expect(page.getByRole('dialog').getByText(words)).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  }
});
