import type { Page } from '@playwright/test';
import { CATEGORY_CATALOGUE } from '#server/start/seed/categories';

/** Fills every field of the add-product form but the photo, as a seller types them. */
export async function fillPhoneFields(page: Page, productName: string) {
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
