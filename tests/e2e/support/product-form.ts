import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { CATEGORY_CATALOGUE } from '#server/start/seed/categories';
import { CHECKLIST_ITEMS, CHECKLIST_LABELS, withCheckDigit } from '#shared/trust';

/** A small PNG of one colour, as a seller's photo would be: each colour makes a different file. */
export async function pngPhoto(name = 'my-phone.png', background = { r: 40, g: 120, b: 200 }) {
  const buffer = await sharp({ create: { width: 320, height: 240, channels: 3, background } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** A valid IMEI (its check digit right) no other test uses. */
export const freshImei = () => withCheckDigit(`35${String(Date.now()).slice(-7)}${String(Math.random()).slice(2, 7)}`);

/** The trust part of the form (docs/trust.md): IMEI, NEIR's answer, origin, checklist, battery, sign-out. */
export async function fillTrustFields(page: Page, imei = freshImei()) {
  await page.getByLabel('IMEI 1').fill(imei);
  await page.getByRole('radio', { name: 'Valid', exact: true }).check();
  await page.getByRole('radio', { name: 'Official (BTRC-approved)' }).check();
  for (const item of CHECKLIST_ITEMS) {
    await page.getByRole('group', { name: CHECKLIST_LABELS[item] }).getByRole('radio', { name: 'Yes' }).check();
  }
  await page.getByLabel('Battery health (%)').fill('৮৮');
  await page.getByRole('checkbox', { name: /account signed out/ }).check();
}

/** Fills every field of the add-product form but the photo, as a seller types them. */
export async function fillPhoneFields(page: Page, productName: string) {
  await page.getByLabel('Product Name').fill(productName);
  await page.getByLabel('Brand').fill('Samsung');
  await page.getByLabel('Category').selectOption({ label: CATEGORY_CATALOGUE[1]!.name });
  await page.getByLabel('Original Price').fill('89000');
  await page.getByLabel('Resale Price').fill('52000');
  await page.getByLabel('Purchase Year').fill('2021');
  await page.getByLabel('Condition').selectOption('good');
  await fillTrustFields(page);
  await page.getByLabel('Seller Mobile').fill('+880 1712 345678');
  await page.getByLabel('Location').fill('Rangpur');
  await page.getByLabel('Description').fill('Two years old, light marks on the frame, battery holds a day.');
}
