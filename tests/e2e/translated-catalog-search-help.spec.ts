import type { Page } from '@playwright/test';
import { CATEGORY_CATALOGUE } from '#server/start/seed/categories';
import { expect, test, uniqueText } from './support/fixtures';
import { expectAllTranslated, usePseudoLocale } from './support/translated';
import { paths } from '#shared/paths';

/*
 * Every word of the home, category, product, search and help screens, the bell and the admin's
 * listing review comes from a message catalog (docs/i18n.md): shown in the pseudo-locale, nothing
 * but seller-written text is left unmarked.
 */

const samsung = CATEGORY_CATALOGUE.find((c) => c.name === 'Samsung')!;

/** Opens `path` in the pseudo-locale once the app has drawn it, and checks it. */
async function expectScreenTranslated(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  await page.goto(path);
  await ready(page);
  await expectAllTranslated(page);
}

const heading = (page: Page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible();

for (const [size, viewport] of [
  ['phone', { width: 360, height: 780 }],
  ['desktop', { width: 1280, height: 900 }],
] as const) {
  test.describe(`on a ${size}-sized window`, () => {
    test.use({ viewport });
    // Several screens, each opened and walked through on a busy machine.
    test.slow();

    test('home, a category, a product and search show only catalog words', async ({ page, seller, createListing }) => {
      const listing = await createListing(seller, {
        productName: uniqueText('Galaxy Pseudo'),
        brand: 'Samsung',
        category_id: samsung.id,
      });
      expect((await seller.api.put(`/api/advertise/product/${listing._id}`)).ok()).toBe(true);
      await usePseudoLocale(page);

      await expectScreenTranslated(page, paths.home, heading);
      await expectScreenTranslated(page, paths.category(samsung.id), (p) =>
        expect(p.getByRole('article').first()).toBeVisible(),
      );
      await expectScreenTranslated(page, paths.product(listing._id), (p) => expect(p.getByRole('table')).toBeVisible());
      await expectScreenTranslated(page, `${paths.search}?q=galaxy`, (p) =>
        expect(p.getByRole('article').first()).toBeVisible(),
      );
      // No result: the empty state, with its button that clears the filters.
      await expectScreenTranslated(page, `${paths.search}?q=galaxy&minPrice=999999`, (p) =>
        expect(p.getByText(/No phone matches these filters/)).toBeVisible(),
      );
    });

    test('the help pages and the blog show only catalog words', async ({ page }) => {
      await usePseudoLocale(page);
      for (const path of [paths.faq, paths.privacy, paths.terms, paths.blog]) {
        await expectScreenTranslated(page, path, heading);
      }
    });

    test("the bell's panel and the admin's listing review show only catalog words", async ({
      page,
      registerBuyer,
      loginAs,
      adminCredentials,
    }) => {
      await usePseudoLocale(page);
      await loginAs(page, await registerBuyer());
      await page.goto(paths.home);
      await page.getByRole('button', { name: /Notifications/ }).click();
      await expect(page.getByRole('region', { name: /Notifications/ })).toBeVisible();
      await expectAllTranslated(page);

      await loginAs(page, adminCredentials);
      await expectScreenTranslated(page, paths.listingReviews, heading);
    });
  });
}
