import type { Page } from '@playwright/test';
import { CATEGORY_CATALOGUE } from '#server/start/seed/categories';
import { expect, expectNoSeriousAxeViolations, test, type TestListing } from './support/fixtures';
import { paths } from '#shared/paths';

const samsung = CATEGORY_CATALOGUE.find((c) => c.name === 'Samsung')!;

/**
 * A word no other test's listing has, so a search for it finds only this test's phones: letters only,
 * since the search splits letters from digits.
 */
const uniqueWord = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.replace(/\d/g, (digit) =>
    'abcdefghij'.charAt(Number(digit)),
  );

const cardNames = (page: Page) =>
  page.getByRole('region', { name: 'Results' }).getByRole('article').getByRole('heading');

test.describe('search', () => {
  // Each test sets up listings and runs axe on a busy machine: three times the usual time.
  test.slow();

  test('@engine typing in the header box suggests phone names; a suggestion opens its results', async ({
    page,
    seller,
    createListing,
  }) => {
    const model = uniqueWord('Zenfone');
    await createListing(seller, { productName: `${model} Max`, brand: 'Asus', category_id: samsung.id });

    await page.goto(paths.home);
    const box = page.getByRole('combobox', { name: 'Search phones' });
    await box.fill(model.slice(0, -2));
    const suggestion = page.getByRole('option', { name: `Asus ${model} Max` });
    await expect(suggestion).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await box.press('ArrowDown');
    await expect(suggestion).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');

    await expect(page).toHaveURL(
      (url) => url.pathname === paths.search && url.searchParams.get('q') === `Asus ${model} Max`,
    );
    await expect(page.getByRole('heading', { name: `Results for “Asus ${model} Max”` })).toBeVisible();
    await expect(cardNames(page)).toHaveText([`${model} Max`]);
  });

  test('@engine filter by brand and price and sort by price; the URL holds it and Back restores it', async ({
    page,
    seller,
    createListing,
  }) => {
    const tag = uniqueWord('tag');
    const [lumo, vexa] = [uniqueWord('Lumo'), uniqueWord('Vexa')];
    const listed: TestListing[] = [];
    for (const [brand, price, name] of [
      [lumo, 10000, 'Lumo One'],
      [lumo, 30000, 'Lumo Three'],
      [lumo, 20000, 'Lumo Two'],
      [vexa, 15000, 'Vexa One'],
    ] as const) {
      listed.push(
        await createListing(seller, {
          productName: name,
          brand,
          resalePrice: price,
          description: `Kept in a case, ${tag}.`,
        }),
      );
    }
    expect(listed).toHaveLength(4);

    await page.goto(`${paths.search}?q=${tag}`);
    await expect(page.getByText('4 phones')).toBeVisible();
    await page.getByLabel('Brand').selectOption({ label: `${lumo} (3)` });
    await expect(page.getByText('3 phones')).toBeVisible();
    await page.getByLabel('Max price (Tk)').fill('25000');
    await page.getByRole('button', { name: 'Apply price' }).click();
    await expect(page.getByText('2 phones')).toBeVisible();
    await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
    await expect(cardNames(page)).toHaveText(['Lumo Two', 'Lumo One']);
    await expect(page.getByText('Price : 20000Tk')).toBeVisible();

    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: tag,
      brand: lumo.toLowerCase(),
      maxPrice: '25000',
      sort: 'price_desc',
    });
    await expectNoSeriousAxeViolations(page);

    // The URL alone brings the same screen back, in another tab or after a reload.
    await page.reload();
    await expect(cardNames(page)).toHaveText(['Lumo Two', 'Lumo One']);

    await page.goBack();
    await expect(page).not.toHaveURL(/sort=/);
    await expect(page.getByLabel('Sort by')).toHaveValue('best');
    await expect(page.getByText('2 phones')).toBeVisible();
    await page.goBack();
    await expect(page.getByText('3 phones')).toBeVisible();
    await expect(page.getByLabel('Max price (Tk)')).toHaveValue('');
    await page.goBack();
    await expect(page.getByText('4 phones')).toBeVisible();
    await expect(page.getByLabel('Brand')).toHaveValue('');
  });

  test('@engine on a phone-sized window the filters open in a panel, and a fruitless filter offers to clear them', async ({
    page,
    seller,
    createListing,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const tag = uniqueWord('tag');
    await createListing(seller, { productName: 'Pocket One', productCondition: 'Good', description: `Mint, ${tag}.` });
    await createListing(seller, { productName: 'Pocket Two', productCondition: 'Fair', description: `Worn, ${tag}.` });

    await page.goto(`${paths.search}?q=${tag}`);
    await expect(page.getByText('2 phones')).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Filters' })).toBeHidden();
    await page.getByRole('button', { name: 'Filters' }).click();
    const panel = page.getByRole('dialog', { name: 'Filters' });
    await expect(panel).toBeVisible();
    await panel.getByLabel('Condition').selectOption({ label: 'Fair (1)' });
    await expect(panel.getByRole('button', { name: 'Show 1 phone' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await panel.getByRole('button', { name: 'Show 1 phone' }).click();
    await expect(panel).toBeHidden();
    await expect(cardNames(page)).toHaveText(['Pocket Two']);

    await page.goto(`${paths.search}?q=${tag}&minPrice=9000000`);
    await expect(page.getByText('No phone matches these filters')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByText('2 phones')).toBeVisible();
    await expect(page).toHaveURL(`/search?q=${tag}`);
  });
  test('@engine "Good price only" keeps phones below their fair price: none until housekeeping has computed one', async ({
    page,
    seller,
    createListing,
  }) => {
    const tag = uniqueWord('tag');
    await createListing(seller, { productName: 'Bargain One', description: `Cheap, ${tag}.` });
    await createListing(seller, { productName: 'Bargain Two', description: `Cheaper, ${tag}.` });

    await page.goto(`${paths.search}?q=${tag}`);
    await expect(page.getByText('2 phones')).toBeVisible();
    const goodPrice = page.getByRole('checkbox', { name: 'Good price only' });
    // The box follows the address: a click changes it once the search has moved, so wait for that, not the click.
    await goodPrice.click();
    await expect(goodPrice).toBeChecked();
    await expect(page).toHaveURL((url) => url.searchParams.get('goodPrice') === 'true');
    // A model nobody sold yet has no fair price, so no phone of it is a good price (the API tests cover one that is).
    await expect(page.getByText('No phone matches these filters')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await goodPrice.click();
    await expect(goodPrice).not.toBeChecked();
    await expect(page.getByText('2 phones')).toBeVisible();
    await expect(page).toHaveURL(`/search?q=${tag}`);
  });

  test('@engine on a phone the header opens the search on every page; "name12" finds "Name 12", and too many words show the closest', async ({
    page,
    seller,
    createListing,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const model = uniqueWord('Nexo');
    // Three of the four words below: other tests' phones can match two of "12 pro max" (a name and
    // the demo description of another model), and a tie would show them beside it.
    await createListing(seller, { productName: `${model} 12 Pro`, brand: 'Nexo' });

    for (const path of ['/', '/blog', paths.login]) {
      await page.goto(path);
      const open = page.getByRole('banner').getByRole('button', { name: 'Search phones' });
      await expect(open).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Search phones' })).toBeHidden();
    }
    await page.getByRole('banner').getByRole('button', { name: 'Search phones' }).click();
    const box = page.getByRole('combobox', { name: 'Search phones' });
    await expect(box).toBeFocused();
    await expectNoSeriousAxeViolations(page);
    await box.fill(`${model}12`);
    await box.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === paths.search && url.searchParams.get('q') === `${model}12`);
    await expect(cardNames(page)).toHaveText([`${model} 12 Pro`]);
    // Opened from the results, the search closed on the way.
    await expect(box).toBeHidden();

    await page.getByRole('banner').getByRole('button', { name: 'Search phones' }).click();
    await box.fill(`${model} 12 pro max`);
    await box.press('Enter');
    await expect(page.getByText(`No phone matches all of ${model} 12 pro max. These are the closest`)).toBeVisible();
    await expect(cardNames(page)).toHaveText([`${model} 12 Pro`]);
    await expectNoSeriousAxeViolations(page);

    // On a desktop window the box is in the bar itself.
    await page.setViewportSize({ width: 1366, height: 850 });
    await expect(page.getByRole('banner').getByRole('button', { name: 'Search phones' })).toBeHidden();
    await expect(page.getByRole('banner').getByRole('combobox', { name: 'Search phones' })).toBeVisible();
  });
});
