import type { Locator, Page } from '@playwright/test';
import { CATEGORY_CATALOGUE } from '#server/start/seed/categories';
import { timeLimit } from '../support/time-limits';
import { expect, expectNoSeriousAxeViolations, test } from './support/fixtures';
import { paths } from '#shared/paths';

const iphone = CATEGORY_CATALOGUE[0]!;

// axe runs every rule over the whole screen: a few seconds alone, over 15 s when CI's two cores are
// busy with the other browser and the server (a trace of a timed-out run: the dialog open 11 s after
// the page was asked for, axe still working 16 s later at the 30 s limit). What is checked here is
// the markup, not speed.
test.describe.configure({ timeout: timeLimit(60_000) });

/** Opens `path` and waits for `ready`, so axe checks the finished screen rather than a spinner. */
async function checkScreen(page: Page, path: string, ready: (page: Page) => Locator) {
  await page.goto(path);
  await expect(ready(page).first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);
}

test.describe('public screens', () => {
  test('home', async ({ page, seller, createListing }) => {
    const listing = await createListing(seller);
    expect((await seller.api.put(`/api/advertise/product/${listing._id}`)).ok()).toBe(true);
    await checkScreen(page, '/', (p) => p.getByRole('heading', { name: 'Advertised Phone', exact: true }));
  });

  test('category', async ({ page, seller, createListing }) => {
    const listing = await createListing(seller, { category_id: iphone.id });
    await checkScreen(page, paths.category(iphone.id), (p) =>
      p.getByRole('heading', { name: listing.productName, exact: true }),
    );
  });

  test('product', async ({ page, seller, createListing }) => {
    const listing = await createListing(seller);
    await checkScreen(page, paths.product(listing._id), (p) => p.getByRole('button', { name: 'Book Now' }));
  });

  test('login', async ({ page }) => {
    await checkScreen(page, paths.login, (p) => p.getByRole('heading', { name: 'Welcome To PhoneHaat, Login Now !' }));
  });

  test('login with its error messages', async ({ page }) => {
    await page.goto(paths.login);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Email is required !')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });

  test('register', async ({ page }) => {
    await checkScreen(page, paths.register, (p) => p.getByLabel('Register As'));
  });

  test('blog', async ({ page }) => {
    await checkScreen(page, '/blog', (p) => p.getByRole('heading', { name: 'Web Blogs', exact: true }));
  });

  test('not found', async ({ page }) => {
    await checkScreen(page, '/nothing-here', (p) => p.getByText('Opppsss not found !'));
  });
});

test.describe('admin screens', () => {
  test.beforeEach(async ({ page, loginAs, adminCredentials }) => {
    await loginAs(page, adminCredentials);
  });

  const screens: Array<[path: string, heading: string]> = [
    [paths.dashboard, 'You can see your all activities here'],
    [paths.allSellers, 'All Seller'],
    [paths.allBuyers, 'All Buyer'],
    [paths.sellerVerification, 'Seller Verification Request'],
    [paths.reportedProducts, 'All Reported Mobile'],
  ];
  for (const [path, text] of screens) {
    test(path, async ({ page, seller, buyer, createListing }) => {
      // Filled lists, so the tables themselves are checked and not only their empty states.
      await seller.api.post('/api/seller/verification', {
        data: { name: seller.name, email: seller.email, photoURL: seller.photoURL },
      });
      const listing = await createListing(seller);
      await buyer.api.post('/api/report/product', { data: { product_id: listing._id } });
      await checkScreen(page, path, (p) => p.getByText(text, { exact: true }));
    });
  }
});

test.describe('seller screens', () => {
  for (const [path, ready] of [
    [paths.dashboard, 'You can see your all activities here'],
    [paths.addProduct, 'Apply Verification'],
    [paths.myProducts, 'Advertise'],
  ] as const) {
    test(path, async ({ page, seller, createListing, loginAs }) => {
      await createListing(seller);
      await loginAs(page, seller);
      await checkScreen(page, path, (p) => p.getByText(ready, { exact: true }));
    });
  }

  test('/dashboard/addproduct with its error messages', async ({ page, signedInSeller: _seller }) => {
    await page.goto(paths.addProduct);
    await page.getByRole('button', { name: /add product/i }).click();
    await expect(page.getByText('Provide your proudct name')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
});

test.describe('buyer screens', () => {
  test('/dashboard/myorders', async ({ page, seller, createListing, buyer, loginAs }) => {
    const listing = await createListing(seller);
    await buyer.api.post('/api/store/booking/product', {
      data: { productId: listing._id, phoneNumber: '01712345678', meetLocation: 'Rangpur' },
    });
    await loginAs(page, buyer);
    await checkScreen(page, paths.myOrders, (p) => p.getByRole('row').filter({ hasText: listing.productName }));
  });

  test('the booking dialog', async ({ page, seller, createListing, signedInBuyer: _buyer }) => {
    const listing = await createListing(seller);
    await page.goto(paths.product(listing._id));
    await page.getByRole('button', { name: 'Book Now' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('home with the menu open', async ({ page }) => {
    await page.goto(paths.home);
    await page.getByRole('button', { name: /menu/i }).click();
    await expect(page.getByRole('link', { name: 'Blog', exact: true })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
});
