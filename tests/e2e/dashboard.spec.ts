import { expect, test } from './support/fixtures';
import { paths } from '#shared/paths';

test('a failed role check says why and offers a retry, instead of sending the user away', async ({
  page,
  signedInSeller: seller,
}) => {
  const isSellerCheck = (url: URL) => url.pathname === `/api/seller/${encodeURIComponent(seller.email)}`;
  // A refusal rather than a 5xx, so the client does not spend seconds retrying before it gives up.
  await page.route(isSellerCheck, (route) =>
    route.fulfill({ status: 429, json: { message: 'Too many requests. Please wait a minute.', code: 'RATE_LIMITED' } }),
  );

  await page.goto(paths.addProduct);
  const failure = page.getByRole('alert');
  await expect(failure).toContainText('Could not check your account');
  await expect(failure).toContainText('Too many requests. Please wait a minute.');
  await expect(page).toHaveURL(paths.addProduct);

  await page.unroute(isSellerCheck);
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Add Product', exact: true })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Add Product' }),
  ).toBeVisible();
});
