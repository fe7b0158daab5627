import { expect, test } from './support/fixtures';
import { paths } from '#shared/paths';
import { fillPhoneFields, pngPhoto } from './support/product-form';

test.beforeEach(async ({ page, registerSeller, loginAs }) => {
  await loginAs(page, await registerSeller());
});

test('with the categories failing to load, submitting still says a category is missing', async ({ page }) => {
  // A refusal rather than a 5xx, so the client does not spend seconds retrying before it gives up.
  await page.route('**/api/categoires', (route) =>
    route.fulfill({ status: 429, json: { message: 'Too many requests. Please wait a minute.', code: 'RATE_LIMITED' } }),
  );
  await page.goto(paths.addProduct);
  await expect(page.getByText('Something bad happened: Too many requests. Please wait a minute.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();

  await page.getByRole('button', { name: /add product/i }).click();
  await expect(page.getByText('Please choose a category', { exact: true })).toBeVisible();
});

test('an answer the form cannot read is reported under the form, and what was typed stays', async ({ page }) => {
  await page.route('**/api/store_products', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Gateway</h1>' }),
  );
  await page.goto(paths.addProduct);
  await fillPhoneFields(page, 'Pixel 7');
  await page.getByLabel('Product Image').setInputFiles(await pngPhoto('pixel.png'));
  await page.getByLabel('Description').fill('Screen like new.');
  await page.getByRole('button', { name: /add product/i }).click();

  await expect(
    page.getByRole('alert').filter({ hasText: 'The phone could not be listed. Please try again.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(paths.addProduct);
  await expect(page.getByLabel('Product Name')).toHaveValue('Pixel 7');
  await expect(page.getByLabel('Description')).toHaveValue('Screen like new.');
});
