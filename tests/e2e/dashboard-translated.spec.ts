import type { Page } from '@playwright/test';
import { expect, expectNoSeriousAxeViolations, test as base, uniqueText } from './support/fixtures';
import { acceptedDeal } from './support/deals';
import { expectAllTranslated, usePseudoLocale } from './support/translated';
import { E2E_BASE_URL } from './support/settings';
import { paths } from '#shared/paths';

/*
 * The sign-in screens, the dashboard and its seller, buyer and admin screens say nothing that is
 * not in a catalog (checked in the pseudo-locale), and read well in Bangla on a phone and a desktop.
 */

/** A listing of `seller` that `buyer` booked and the seller accepted: every deal screen has a row. */
const test = base.extend<{ acceptedListing: string }>({
  acceptedListing: async ({ seller, buyer, createListing }, use) => {
    const productName = uniqueText('Translated Galaxy');
    const listing = await createListing(seller, { productName, resalePrice: 52000 });
    await acceptedDeal(seller, buyer, listing._id, 'Mirpur 10 roundabout');
    await use(productName);
  },
});

/** Opens `path` and waits for its heading, then checks every word on it. */
async function expectScreenTranslated(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /loading/i })).toHaveCount(0);
  await expectAllTranslated(page);
}

test.describe('in the pseudo-locale, every word comes from a catalog', () => {
  test.beforeEach(async ({ page }) => {
    await usePseudoLocale(page);
  });

  test('the sign-in, password and unsubscribe screens', async ({ page }) => {
    for (const path of [paths.login, paths.register, paths.forgotPassword, `${paths.resetPassword}?token=x`]) {
      await expectScreenTranslated(page, path);
    }
    await expectScreenTranslated(page, `${paths.unsubscribe}?token=x`);
  });

  test("a seller's dashboard, Add Product, My Product, Booking requests and Account settings", async ({
    page,
    acceptedListing: productName,
    signedInSeller: _seller,
  }) => {
    test.slow();
    for (const path of [paths.dashboard, paths.addProduct, paths.account]) await expectScreenTranslated(page, path);

    await expectScreenTranslated(page, paths.myProducts);
    await expect(page.getByRole('row').filter({ hasText: productName })).toBeVisible();

    await expectScreenTranslated(page, paths.bookingRequests);
    const request = page.getByRole('row').filter({ hasText: productName });
    await request.getByRole('button', { name: /Handover checklist/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAllTranslated(page);
  });

  test("a buyer's Start selling and orders, with the pay and handover dialogs", async ({
    page,
    acceptedListing: productName,
    signedInBuyer: _buyer,
  }) => {
    test.slow();
    await expectScreenTranslated(page, paths.startSelling);
    await expectScreenTranslated(page, paths.myOrders);
    const order = page.getByRole('row').filter({ hasText: productName });
    await order.getByRole('button', { name: /Pay/ }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAllTranslated(page);
    await page.keyboard.press('Escape');
    await order.getByRole('button', { name: /Handover checklist/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAllTranslated(page);
  });

  test("the admin's tables and moderation desk", async ({ page, seller: _seller, loginAs, adminCredentials }) => {
    await loginAs(page, adminCredentials);
    for (const path of [
      paths.allSellers,
      paths.allBuyers,
      paths.sellerVerification,
      paths.reportedProducts,
      paths.reportedReviews,
      paths.moderation,
      paths.moderationLog,
      paths.moderationAppeals,
    ])
      await expectScreenTranslated(page, path);
  });
});

for (const [size, viewport] of [
  ['phone-sized', { width: 360, height: 800 }],
  ['desktop-sized', { width: 1280, height: 900 }],
] as const) {
  test.describe(`in Bangla, on a ${size} window`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.context().addCookies([{ name: 'lang', value: 'bn', url: E2E_BASE_URL }]);
    });

    /** Nothing is wider than the window: no Bangla word pushes the screen sideways. */
    async function expectNothingOverflows(page: Page) {
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    }

    test("the seller's and buyer's screens read in Bangla, prices in Bengali digits", async ({
      page,
      acceptedListing: productName,
      signedInSeller: _seller,
      buyer,
      loginAs,
    }) => {
      test.slow();

      await page.goto(paths.myProducts);
      await expect(page.getByRole('heading', { name: 'আমার ফোন', level: 1 })).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: productName })).toContainText('৫২,০০০ টাকা');
      await expectNothingOverflows(page);
      await expectNoSeriousAxeViolations(page);

      await page.goto(paths.bookingRequests);
      await expect(page.getByRole('heading', { name: 'বুকিং অনুরোধ', level: 1 })).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: productName })).toContainText('গ্রহণ করা হয়েছে');
      await expectNothingOverflows(page);
      await expectNoSeriousAxeViolations(page);

      await page.goto(paths.addProduct);
      await expect(page.getByRole('heading', { name: 'ফোন যোগ করুন', level: 1 })).toBeVisible();
      await expect(page.getByLabel('বিক্রির দাম')).toHaveAttribute('placeholder', '৫২০০০');
      await expectNothingOverflows(page);
      await expectNoSeriousAxeViolations(page);

      await loginAs(page, buyer);
      await page.goto(paths.myOrders);
      await expect(page.getByRole('heading', { name: 'আমার অর্ডার', level: 1 })).toBeVisible();
      await expect(page.getByRole('columnheader', { name: 'দাম (টাকা)' })).toBeAttached();
      await expect(page.getByRole('row').filter({ hasText: productName })).toContainText('৫২,০০০');
      await expectNothingOverflows(page);
      await expectNoSeriousAxeViolations(page);
    });
  });
}
