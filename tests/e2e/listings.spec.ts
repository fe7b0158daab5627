import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { CATEGORY_CATALOGUE } from '../../src/server/db/seed/categories';
import { messages } from '../../src/shared/messages';
import type { Product } from '../../src/shared/products';
import type { UploadResponse } from '../../src/shared/uploads';
import { expect, expectNoSeriousAxeViolations, test, uniqueText, type TestUser } from './support/fixtures';

/** A small PNG of one colour, as a seller's photo would be; each colour makes a different file. */
async function photo(name: string, background: { r: number; g: number; b: number }) {
  return {
    name: `${name}.png`,
    mimeType: 'image/png',
    buffer: await sharp({ create: { width: 320, height: 240, channels: 3, background } })
      .png()
      .toBuffer(),
  };
}

const chosenPhotos = (page: Page) => page.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem');

/** Records every photo upload the page makes, with the address the server answered, in order. */
function watchUploads(page: Page): string[] {
  const urls: string[] = [];
  page.on('response', async (response) => {
    const request = response.request();
    if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/api/uploads') return;
    urls.push(((await response.json()) as UploadResponse).data.url);
  });
  return urls;
}

async function fillPhoneFields(page: Page, productName: string) {
  await page.getByLabel('Product Name').fill(productName);
  await page.getByLabel('Brand').fill('Samsung');
  await page.getByLabel('Category').selectOption({ label: CATEGORY_CATALOGUE[1]!.name });
  await page.getByLabel('Original Price').fill('89000');
  await page.getByLabel('Resale Price').fill('52000');
  await page.getByLabel('Purchase Year').fill('2021');
  await page.getByLabel('Condition').selectOption('Good');
  await page.getByLabel('Seller Mobile').fill('+880 1712 345678');
  await page.getByLabel('Location').fill('Rangpur');
  await page.getByLabel('Description').fill('Two years old, light marks on the frame, battery holds a day.');
}

async function ownListing(seller: TestUser, productName: string): Promise<Product> {
  const response = await seller.api.get(`/api/products?email=${encodeURIComponent(seller.email)}&limit=100`);
  const found = ((await response.json()) as Product[]).find((product) => product.productName === productName);
  if (!found) throw new Error(`${productName} is not among the seller's products`);
  return found;
}

test('a seller lists a phone with three photos, each uploaded once, and makes the last one the cover', async ({
  page,
  registerSeller,
  loginAs,
}) => {
  const seller = await registerSeller();
  await loginAs(page, seller);
  const uploads = watchUploads(page);
  const productName = uniqueText('Three photo phone');

  await page.goto('/dashboard/addproduct');
  await fillPhoneFields(page, productName);
  // Two at once, then one more on its own.
  await page
    .getByLabel('Product Image')
    .setInputFiles([await photo('front', { r: 200, g: 40, b: 40 }), await photo('back', { r: 40, g: 160, b: 60 })]);
  await page.getByLabel('Product Image').setInputFiles(await photo('side', { r: 40, g: 80, b: 200 }));
  const tiles = chosenPhotos(page);
  await expect(tiles).toHaveCount(3);
  await expect(tiles.getByText('Uploaded')).toHaveCount(3);
  await expect(tiles.first()).toHaveAccessibleName('Photo 1, the cover');
  await expectNoSeriousAxeViolations(page);

  // With the keyboard: the third photo's Make cover, then Enter.
  const sidePreview = await tiles.nth(2).getByRole('img').getAttribute('src');
  await tiles
    .nth(2)
    .getByRole('button', { name: /Make cover/ })
    .focus();
  await page.keyboard.press('Enter');
  await expect(tiles.first().getByRole('img')).toHaveAttribute('src', sidePreview!);
  await expect(tiles.first()).toBeFocused();
  await expect(tiles.first().getByRole('button', { name: /Make cover/ })).toHaveCount(0);

  await page.getByRole('button', { name: /add product/i }).click();
  await expect(page.getByText(messages.productAdded)).toBeVisible();
  await expect(page).toHaveURL('/dashboard/myproducts');

  expect(uploads).toHaveLength(3);
  const listing = await ownListing(seller, productName);
  expect(listing.photos.map((p) => p.url)).toEqual([uploads[2], uploads[0], uploads[1]]);
  expect(listing.productImg).toBe(uploads[2]);
});

test('removing a photo, a file that is no picture, and no photo at all are each told', async ({
  page,
  registerSeller,
  loginAs,
}) => {
  await loginAs(page, await registerSeller());
  await page.goto('/dashboard/addproduct');
  await page
    .getByLabel('Product Image')
    .setInputFiles([await photo('front', { r: 200, g: 40, b: 40 }), await photo('back', { r: 40, g: 160, b: 60 })]);
  const tiles = chosenPhotos(page);
  await expect(tiles).toHaveCount(2);
  const backPreview = await tiles.nth(1).getByRole('img').getAttribute('src');

  await tiles
    .first()
    .getByRole('button', { name: /Remove/ })
    .click();
  await expect(tiles).toHaveCount(1);
  // The next photo is the cover now.
  await expect(tiles.first()).toHaveAccessibleName('Photo 1, the cover');
  await expect(tiles.first().getByRole('img')).toHaveAttribute('src', backPreview!);

  await page
    .getByLabel('Product Image')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await expect(page.getByText('notes.txt: Choose a JPEG, PNG, WebP, GIF or AVIF picture')).toBeVisible();
  await expect(tiles).toHaveCount(1);

  await tiles
    .first()
    .getByRole('button', { name: /Remove/ })
    .click();
  await expect(tiles).toHaveCount(0);
  await expect(page.getByLabel('Product Image')).toBeFocused();
  await page.getByRole('button', { name: /add product/i }).click();
  await expect(page.getByText(messages.productImgRequired, { exact: true })).toBeVisible();
});
