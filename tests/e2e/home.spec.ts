import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { paths } from '#shared/paths';

const sellYourPhone = (page: Page) => page.getByRole('link', { name: 'Sell your phone' });

test.describe("the banner's 'Sell your phone'", () => {
  test('sends a guest to register', async ({ page }) => {
    await page.goto(paths.home);
    await sellYourPhone(page).click();
    await expect(page).toHaveURL(paths.register);
  });

  test('sends a seller to Add Product', async ({ page, registerSeller, loginAs }) => {
    await loginAs(page, await registerSeller());
    await page.goto(paths.home);
    await expect(sellYourPhone(page)).toHaveAttribute('href', '/dashboard/addproduct');
    await sellYourPhone(page).click();
    await expect(page).toHaveURL(paths.addProduct);
    await expect(page.getByRole('heading', { name: 'Add Product', exact: true })).toBeVisible();
  });

  // Every account can sell: a buyer starts selling with the same account, never by registering again.
  test('sends a signed-in buyer to Start selling', async ({ page, signedInBuyer: buyer }) => {
    await page.goto(paths.home);
    await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
    await sellYourPhone(page).click();
    await expect(page).toHaveURL(paths.startSelling);
    await expect(page.getByRole('heading', { name: 'Start selling', exact: true })).toBeVisible();
    await expect(page.getByLabel('Seller name')).toHaveValue(buyer.name);
  });
});

test('a click on a slow connection shows a loading bar until the next screen is ready', async ({ page }) => {
  await page.goto(paths.home);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/search?*', async (route) => {
    await held;
    await route.continue();
  });
  const progress = page.getByRole('progressbar', { name: 'Loading the page' });
  await expect(progress).toHaveCount(0);

  await page
    .getByRole('link', { name: /See all phones/ })
    .first()
    .click();
  await expect(progress).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/category\//);
  await expect(progress).toHaveCount(0);
});
