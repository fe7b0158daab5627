import type { Browser, ConsoleMessage, Page } from '@playwright/test';
import { CATEGORY_CATALOGUE } from '#server/start/seed/categories';
import { expect, expectNoSeriousAxeViolations, test, uniqueText } from './support/fixtures';
import { paths } from '#shared/paths';
import { PHONE } from './support/screens';

const iphone = CATEGORY_CATALOGUE[0]!;

/** A phone-sized window that runs no script: a page as the server sends it, before (or without) the app. */
async function openWithoutScript(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  return context.newPage();
}

/** Everything the page reports as wrong: console errors and warnings (React's hydration mismatches among them), uncaught errors. */
function complaintsOf(page: Page): string[] {
  const complaints: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    // Playwright's own note where it holds the app's service worker back (playwright.config.ts).
    if (message.text() === 'Service Worker registration blocked by Playwright') return;
    if (['error', 'warning'].includes(message.type())) complaints.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => complaints.push(`uncaught: ${error.message}`));
  return complaints;
}

/** The searches the page asks the API for, each address as it goes out. */
function searchReadsOf(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/search') reads.push(request.url());
  });
  return reads;
}

test('the public pages arrive with their content, before and without any script', async ({
  browser,
  seller,
  createListing,
}) => {
  const listing = await createListing(seller, { category_id: iphone.id, productName: uniqueText('Rendered iPhone') });
  // On a phone-sized window, as most visitors come.
  const page = await openWithoutScript(browser);

  await page.goto(paths.product(listing._id));
  await expect(page.getByRole('heading', { name: listing.productName })).toBeVisible();
  await expect(page.getByText(`${listing.resalePrice}Tk`).first()).toBeVisible();

  await page.goto(paths.home);
  await expect(page.getByRole('heading', { name: 'Used Phone' })).toBeVisible();
  // A link works as a link: the next page comes from the server, rendered too.
  await page.locator(`a[href="/category/${iphone.id}"]`).first().click();
  await expect(page).toHaveURL(paths.category(iphone.id));
  await expect(page.getByRole('heading', { name: iphone.name, exact: true })).toBeVisible();
  await expect(page.getByText(listing.productName)).toBeVisible();

  await page.goto(paths.login);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  // Without its script the form cannot be sent (it would put the password in the address).
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeDisabled();

  // A search, in Bangla: its heading, count and cards, the filters as its address gives them.
  await page.goto(
    `/bn${paths.search}?q=${encodeURIComponent(listing.productName)}&condition=${listing.productCondition}`,
  );
  await expect(page.getByRole('heading', { name: `“${listing.productName}”-এর ফলাফল` })).toBeVisible();
  await expect(page.getByText('১টি ফোন')).toBeVisible();
  await expect(page.getByRole('article').getByRole('heading', { name: listing.productName })).toBeVisible();
  await expect(page.getByLabel('অবস্থা', { exact: true })).toHaveValue(listing.productCondition);
  await page.context().close();
});

test('each rendered page takes over in the browser without a complaint, and responds', async ({
  page,
  seller,
  createListing,
}) => {
  // Its own name: other tests' phones share the demo names, and the search would show them too.
  const listing = await createListing(seller, { category_id: iphone.id, productName: uniqueText('Hydrated iPhone') });
  const complaints = complaintsOf(page);
  // The search pages hydrate from the answer they came with: the browser does not ask for it again.
  const searchReads = searchReadsOf(page);

  const search = `${paths.search}?q=${encodeURIComponent(listing.productName)}`;
  for (const path of ['/', paths.category(iphone.id), paths.product(listing._id), search, paths.login]) {
    await page.goto(path);
    await expect(page.locator('#server-state')).toHaveCount(1);
  }
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeEnabled();
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Email is required !')).toBeVisible();

  await page.goto(paths.product(listing._id));
  await page.getByRole('button', { name: 'Book Now' }).click();
  // Not signed in: the product page sends a visitor to sign in first.
  await expect(page).toHaveURL(/\/login/);

  // A search in Bangla (last: the address chooses the language), sorted once hydrated.
  await page.goto(`/bn${search}`);
  await expect(page.locator('#server-state')).toHaveCount(1);
  expect(searchReads).toEqual([]);
  await page.getByRole('combobox', { name: 'সাজান' }).selectOption('price_asc');
  await expect(page).toHaveURL((url) => url.searchParams.get('sort') === 'price_asc');
  await expect(page.getByRole('article').getByRole('heading', { name: listing.productName })).toBeVisible();
  expect(complaints).toEqual([]);
});

test('a page whose screen code arrives late still takes over from the answers it came with', async ({
  page,
  seller,
  createListing,
}) => {
  const listing = await createListing(seller, { category_id: iphone.id, productName: uniqueText('Late iPhone') });
  // As on a slow machine: the category screen's code comes seconds after the page and its answers.
  await page.route(/\/assets\/CategoryPage-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await route.continue();
  });
  const searchReads = searchReadsOf(page);

  await page.goto(paths.category(iphone.id));
  // Sorted once hydrated: the browser asks for the new order only, never again for the one it came with.
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price_asc');
  await expect(page).toHaveURL((url) => url.searchParams.get('sort') === 'price_asc');
  await expect(page.getByRole('article').getByRole('heading', { name: listing.productName })).toBeVisible();
  expect(new Set(searchReads.map((url) => new URL(url).searchParams.get('sort')))).toEqual(new Set(['price_asc']));
});

test('sorting the search and category pages asks for each new order once', async ({ page, seller, createListing }) => {
  await createListing(seller, { category_id: iphone.id, productName: uniqueText('Sorted iPhone') });
  const sortOf = (url: string) => new URL(url).searchParams.get('sort');

  for (const path of [paths.search, paths.category(iphone.id)]) {
    await page.goto(path);
    const sort = page.getByRole('combobox', { name: 'Sort by' });
    await expect(sort).toBeEnabled();
    const searchReads = searchReadsOf(page);

    // The route's loader asks for the new order; the results, moving to it, take the loader's answer.
    await sort.selectOption('price_asc');
    await expect(sort).toHaveValue('price_asc');
    // The next order's request goes out after anything the results asked for as they moved to the first.
    const nextRead = page.waitForRequest((request) => sortOf(request.url()) === 'price_desc');
    await sort.selectOption('price_desc');
    await nextRead;
    expect(
      searchReads.map(sortOf).filter((order) => order === 'price_asc'),
      path,
    ).toEqual(['price_asc']);
  }
});

test("a product's page carries its link preview and Product data without any script, and each page its own title", async ({
  browser,
  page,
  seller,
  createListing,
}) => {
  const listing = await createListing(seller, { category_id: iphone.id, productName: uniqueText('Shared iPhone') });

  // As a link preview sees it (Facebook's and WhatsApp's fetchers run no script), on a phone.
  const preview = await openWithoutScript(browser);
  await preview.goto(paths.product(listing._id));
  const content = (selector: string) => preview.locator(`head ${selector}`).getAttribute('content');
  expect(await content('meta[property="og:title"]')).toBe(`${listing.productName}, ${listing.resalePrice}Tk`);
  expect(await content('meta[property="og:type"]')).toBe('product');
  // The canonical address names the page's language (docs/i18n.md): English for a visitor without a choice.
  expect(await content('meta[property="og:url"]')).toBe(new URL(`/en/productId/${listing._id}`, preview.url()).href);
  expect(await content('meta[property="product:price:amount"]')).toBe(String(listing.resalePrice));
  expect(await content('meta[name="twitter:card"]')).toBe('summary_large_image');
  const image = (await content('meta[property="og:image"]'))!;
  expect(new URL(image).pathname).toBe(new URL(listing.productImg, preview.url()).pathname);
  expect((await preview.request.get(image)).headers()['content-type']).toBe('image/webp');
  const data = JSON.parse((await preview.locator('head script[type="application/ld+json"]').textContent())!);
  expect(data).toMatchObject({
    '@type': 'Product',
    name: listing.productName,
    offers: { '@type': 'Offer', price: String(listing.resalePrice), priceCurrency: 'BDT' },
  });
  await expect(preview).toHaveTitle(`${listing.productName}, ${listing.resalePrice}Tk | PhoneHaat`);
  await preview.context().close();

  // In the browser, each page the visitor moves to names itself, on a desktop window.
  await page.setViewportSize({ width: 1366, height: 850 });
  await page.goto(paths.home);
  await expect(page).toHaveTitle('PhoneHaat: used phones you can trust');
  await page.locator(`a[href="/category/${iphone.id}"]`).first().click();
  await expect(page).toHaveTitle(`Used ${iphone.name} phones | PhoneHaat`);
  await expect(page.locator('head meta[name="description"]')).toHaveAttribute('content', iphone.desc);
  await page.getByRole('link', { name: 'Blog', exact: true }).click();
  await expect(page).toHaveTitle('Web Blogs | PhoneHaat');
  await page.goto(`${paths.search}?q=${encodeURIComponent(listing.productName)}`);
  await expect(page).toHaveTitle(`“${listing.productName}”: used phones | PhoneHaat`);
  await page.getByRole('link', { name: `Details of ${listing.productName}` }).click();
  await expect(page).toHaveTitle(`${listing.productName}, ${listing.resalePrice}Tk | PhoneHaat`);
  await expectNoSeriousAxeViolations(page);
});
