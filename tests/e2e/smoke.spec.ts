import { expect, test } from './support/fixtures';
import { paths } from '#shared/paths';

test('the server answers its health check', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok' });
});

test('the home page loads with its categories', async ({ page }) => {
  await page.goto(paths.home);
  await expect(page).toHaveTitle(/PhoneHaat/);
  await expect(page.getByRole('heading', { name: 'Used Phone', exact: true })).toBeVisible();
});
