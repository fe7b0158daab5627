import { CATEGORY_CATALOGUE } from '#server/start/seed/categories';
import { expect, expectNoSeriousAxeViolations, test, uniqueText } from './support/fixtures';
import { paths } from '#shared/paths';
import { expectHelpLinks } from './support/screens';

const [iphone, samsung] = CATEGORY_CATALOGUE;

test.describe('signed-out browsing', () => {
  test('home lists the used-phone categories, each linking to its page', async ({ page }) => {
    await page.goto(paths.home);
    await expect(page.getByRole('heading', { name: 'Used Phone', exact: true })).toBeVisible();
    for (const category of CATEGORY_CATALOGUE) {
      await expect(page.locator(`a[href="/category/${category.id}"]`).first()).toBeVisible();
      await expect(page.getByRole('heading', { name: category.name, exact: true })).toBeVisible();
    }
    await page.locator(`a[href="/category/${samsung!.id}"]`).first().click();
    await expect(page).toHaveURL(paths.category(samsung!.id));
    await expect(page.getByRole('heading', { name: samsung!.name, exact: true })).toBeVisible();
  });

  test('home shows an advertised product card that leads to its details', async ({ page, seller, createListing }) => {
    const listing = await createListing(seller, { productName: uniqueText('Ad phone') });
    expect((await seller.api.put(`/api/advertise/product/${listing._id}`)).ok()).toBe(true);

    await page.goto(paths.home);
    await expect(page.getByRole('heading', { name: 'Advertised Phone', exact: true })).toBeVisible();
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: listing.productName, exact: true }) });
    await expect(card.getByText('Used', { exact: true })).toBeVisible();
    await expect(card.getByText(`Price : ${listing.resalePrice}Tk`)).toBeVisible();
    await card.getByRole('link', { name: /^Details/ }).click();
    await expect(page).toHaveURL(paths.product(listing._id));
    await expect(page.getByRole('heading', { name: listing.productName, exact: true })).toBeVisible();
  });

  test('home has no advertised section while nothing is advertised', async ({ page }) => {
    // Other tests advertise products on the same server, so the empty answer is given here, to the
    // home screen opened in the browser (the page the server renders reads the real list).
    const isAdvertisedList = (url: URL) => url.pathname === '/api/advertised_products';
    await page.route(isAdvertisedList, (route) => route.fulfill({ json: [] }));
    await page.goto(paths.login);
    const advertised = page.waitForResponse((response) => isAdvertisedList(new URL(response.url())));
    await page.getByRole('link', { name: 'Home', exact: true }).first().click();
    await advertised;
    await expect(page.getByRole('heading', { name: 'Used Phone', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Advertised Phone', exact: true })).toHaveCount(0);
  });

  test('a category page shows its name, description and products', async ({ page, seller, createListing }) => {
    const listing = await createListing(seller, { category_id: iphone!.id, productName: uniqueText('Category phone') });

    await page.goto(paths.category(iphone!.id));
    await expect(page.getByRole('heading', { name: iphone!.name, exact: true })).toBeVisible();
    await expect(page.getByText(iphone!.desc)).toBeVisible();
    await expect(page.getByRole('heading', { name: listing.productName, exact: true })).toBeVisible();
  });

  test('an empty category says so', async ({ page }) => {
    // Every category may hold other tests' listings, so this one is shown empty, opened in the
    // browser (the page the server renders reads the real list).
    const none = {
      items: [],
      total: 0,
      page: 1,
      limit: 24,
      sort: 'newest',
      searchedFor: null,
      facets: { category: [], brand: [], condition: [], district: [], verified: [], posted: [] },
    };
    await page.route(
      (url) => url.pathname === '/api/search' && url.searchParams.get('category') === samsung!.id,
      (route) => route.fulfill({ json: none }),
    );
    await page.goto(paths.home);
    await page.locator(`a[href="/category/${samsung!.id}"]`).first().click();
    await expect(page.getByRole('heading', { name: samsung!.name, exact: true })).toBeVisible();
    await expect(page.getByText('No product Available')).toBeVisible();
  });

  test('a product page shows every row of the listing', async ({ page, seller, createListing, adminApi }) => {
    expect((await adminApi.put(`/api/verify_seller?email=${encodeURIComponent(seller.email)}`)).ok()).toBe(true);
    const listing = await createListing(seller, { category_id: iphone!.id });

    await page.goto(paths.product(listing._id));
    const today = new Date().toISOString().split('T')[0]!;
    const rows: Array<[string, string]> = [
      ['Brand', listing.brand],
      ['Category', iphone!.name],
      ['Posted On', today],
      ['Original Price', `${listing.originalPrice}Tk`],
      ['Resale Price', `${listing.resalePrice}Tk`],
      ['Purchase Year', String(listing.yearOfPurchase)],
      ['Condition', listing.productCondition],
      ['Seller', seller.name],
      ['Seller Email', seller.email],
      ['Seller Mob', listing.sellerMobile],
      ['Location', listing.location],
      ['Description', listing.description],
    ];
    const rowOf = (label: string) =>
      page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
    for (const [label, value] of rows) await expect(rowOf(label), label).toContainText(value);
    await expect(rowOf('Seller').getByText('Verified', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Book Now' })).toBeVisible();
  });

  test('the blog answers four questions that open and close', async ({ page }) => {
    await page.goto(paths.blog);
    await expect(page.getByRole('heading', { name: 'Web Blogs', exact: true })).toBeVisible();
    const questions = page.locator('details');
    await expect(questions).toHaveCount(4);
    for (const topic of [/state/i, /prototypal inheritance/i, /unit test/i, /React vs\. Angular vs\. Vue/i]) {
      const item = questions.filter({ has: page.locator('summary', { hasText: topic }) });
      await item.locator('summary').click();
      await expect(item).toHaveAttribute('open', '');
      await item.locator('summary').click();
      await expect(item).not.toHaveAttribute('open');
    }
  });

  test('an unknown path shows the not-found screen with a way home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('Opppsss not found !')).toBeVisible();
    await page.getByRole('link', { name: 'Back To Home' }).click();
    await expect(page).toHaveURL(paths.home);
  });

  test('the footer gives the contact details and links', async ({ page }) => {
    await page.goto(paths.home);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText('Rangpur Bangladesh')).toBeVisible();
    await expect(footer.getByText(/2022/)).toBeVisible();
    await expectHelpLinks(footer);
    await footer.getByRole('link', { name: 'F.A.Q' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'F.A.Q' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How do I pay?' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    for (const [path, heading] of [
      [paths.privacy, 'What we collect, and why'],
      [paths.terms, 'Reports and moderation'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
    }
  });

  test('signed out, the header offers Home, Blog and Login', async ({ page }) => {
    await page.goto(paths.home);
    const header = page.getByRole('banner');
    for (const name of ['Home', 'Blog', 'Login'])
      await expect(header.getByRole('link', { name, exact: true }).first()).toBeVisible();
    await expect(header.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the mobile menu opens and closes', async ({ page }) => {
    await page.goto(paths.home);
    const toggle = page.getByRole('button', { name: /menu/i });
    await toggle.click();
    const blog = page.getByRole('link', { name: 'Blog', exact: true });
    await expect(blog).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(blog).toBeHidden();
  });

  test('the mobile menu closes on any navigation, also one it did not start', async ({ page }) => {
    const toggle = page.getByRole('button', { name: /menu/i });
    const menu = page.locator('#mobile-menu');
    await page.goto(paths.home);

    // One of its own items, even for the page already open.
    await toggle.click();
    await menu.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(menu).toBeHidden();

    await toggle.click();
    await menu.getByRole('link', { name: 'Blog', exact: true }).click();
    await expect(page).toHaveURL(paths.blog);
    await expect(menu).toBeHidden();

    // The logo, outside the menu.
    await toggle.click();
    await expect(menu).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'PhoneHaat home' }).click();
    await expect(page).toHaveURL(paths.home);
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    // The browser's back button.
    await toggle.click();
    await expect(menu).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(paths.blog);
    await expect(menu).toBeHidden();
  });
});
