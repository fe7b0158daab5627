import type { Browser } from '@playwright/test';
import { messages } from '#shared/messages';
import { paths } from '#shared/paths';
import { expect, expectNoSeriousAxeViolations, test, uniqueText, waitForTheAppOnLoad } from './support/fixtures';

/*
 * Reporting a seller from their public page: a signed-out buyer is sent to sign in and comes back,
 * reports with a reason, is refused a second report with the server's words; the admin sees the
 * case in the moderation queue.
 */

async function pageOf(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  context.on('page', waitForTheAppOnLoad);
  return { context, page: await context.newPage() };
}

for (const [size, viewport] of [
  ['phone-sized', { width: 390, height: 844 }],
  ['desktop-sized', { width: 1366, height: 850 }],
] as const) {
  test(`a buyer reports a seller from the seller page, on a ${size} window`, async ({
    browser,
    registerSeller,
    registerBuyer,
    createListing,
    loginAs,
    adminCredentials,
  }) => {
    test.slow();
    const sellerName = uniqueText('Reported Seller');
    const seller = await registerSeller({ name: sellerName });
    const buyer = await registerBuyer();
    const listing = await createListing(seller);
    const buyerSide = await pageOf(browser, viewport);
    const adminSide = await pageOf(browser, viewport);
    try {
      const b = buyerSide.page;
      const { sellerId } = (await (await b.request.get(`/api/addvertise/product/${listing._id}`)).json()) as {
        sellerId: string;
      };

      // Signed out: the action leads to the login page, and back to the seller after it.
      await b.goto(`/seller/${sellerId}`);
      await b.getByRole('button', { name: 'Report this seller' }).click();
      await expect(b).toHaveURL(paths.login);
      await b.getByLabel('Email').fill(buyer.email);
      await b.getByLabel('Password').fill(buyer.password);
      await b.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(b.getByText(messages.loginSuccess)).toBeVisible();
      await expect(b).toHaveURL(`/seller/${sellerId}`);

      await b.getByRole('button', { name: 'Report this seller' }).click();
      const dialog = b.getByRole('dialog', { name: `Report ${sellerName}?` });
      await dialog.getByLabel('Reason').selectOption({ label: 'Other' });
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await expect(dialog.getByText('Tell us what is wrong')).toBeVisible();
      await dialog.getByLabel('Reason').selectOption({ label: 'Scam' });
      await dialog.getByLabel(/What is wrong/).fill('Asked me to send bKash before meeting');
      await expectNoSeriousAxeViolations(b);
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await expect(b.getByText('Reported to admin. Thank you for keeping PhoneHaat safe.')).toBeVisible();
      await expect(dialog).toBeHidden();

      // A second report of the same seller is refused with the server's words.
      await b.getByRole('button', { name: 'Report this seller' }).click();
      await dialog.getByLabel('Reason').selectOption({ label: 'Spam' });
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await expect(b.getByText('You have reported this already. An admin will look at it.')).toBeVisible();

      // The admin finds the case in the queue, with its reason.
      await loginAs(adminSide.page, adminCredentials);
      const a = adminSide.page;
      await a.goto('/dashboard/moderation');
      const card = a.getByRole('article').filter({ hasText: sellerName });
      await expect(card).toContainText('Scam ×1');
      await expectNoSeriousAxeViolations(a);
    } finally {
      await buyerSide.context.close();
      await adminSide.context.close();
    }
  });
}
