import type { Browser, Page } from '@playwright/test';
import { timeLimit } from '../support/time-limits';
import { expect, expectNoSeriousAxeViolations, test, uniqueText, waitForTheAppOnLoad } from './support/fixtures';
import { paths } from '#shared/paths';

/** A browser of its own for each side of the conversation. */
async function signedInPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  context.on('page', waitForTheAppOnLoad);
  return { context, page: await context.newPage() };
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

async function sendText(page: Page, text: string) {
  await page.getByLabel('Message', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');
}

for (const [size, viewport] of [
  ['phone-sized', { width: 390, height: 844 }],
  ['desktop-sized', { width: 1366, height: 850 }],
] as const) {
  test(`a buyer asks, the seller answers live, on a ${size} window${size === 'desktop-sized' ? ' @engine' : ''}`, async ({
    browser,
    registerSeller,
    registerBuyer,
    createListing,
    loginAs,
  }) => {
    test.slow();
    const seller = await registerSeller({ name: uniqueText('Seller') });
    const buyer = await registerBuyer({ name: uniqueText('Buyer') });
    const listing = await createListing(seller, { productName: uniqueText('Chat Pixel') });

    const sellerSide = await signedInPage(browser, viewport);
    const buyerSide = await signedInPage(browser, viewport);
    try {
      await loginAs(sellerSide.page, seller);
      await loginAs(buyerSide.page, buyer);
      const sellerPage = sellerSide.page;
      const buyerPage = buyerSide.page;

      // The seller has the inbox open, empty.
      await sellerPage.goto(paths.inbox);
      await expect(sellerPage.getByText('No conversations yet')).toBeVisible({ timeout: timeLimit(15_000) });
      await expect(sellerPage.getByRole('tab', { name: 'Selling' })).toHaveAttribute('aria-selected', 'true');

      // The buyer asks from the product page, with a quick reply.
      await buyerPage.goto(paths.product(listing._id));
      await buyerPage.getByRole('button', { name: 'Message the seller' }).click();
      await expect(buyerPage.getByRole('heading', { name: listing.productName })).toBeVisible({
        timeout: timeLimit(15_000),
      });
      await expect(buyerPage.getByText('Available', { exact: true })).toBeVisible();
      await buyerPage.getByRole('button', { name: 'Battery health?' }).click();
      await expect(buyerPage.getByLabel('Message', { exact: true })).toHaveValue('Battery health?');
      await buyerPage.getByRole('button', { name: 'Send' }).click();
      await expect(buyerPage.getByRole('list').getByText('Battery health?')).toBeVisible();
      await expect(buyerPage.getByText('Today')).toBeVisible();
      await expectNoSeriousAxeViolations(buyerPage);

      // The seller sees it arrive without reloading, and the bell rings.
      const row = sellerPage.getByRole('link').filter({ hasText: listing.productName });
      await expect(row).toContainText('Battery health?');
      await expect(row).toContainText(buyer.name);
      await expect(row).toContainText('New');
      await expect(bell(sellerPage)).toHaveAccessibleName('Notifications, 1 unread');
      await expectNoSeriousAxeViolations(sellerPage);
      await row.click();
      await expect(sellerPage.getByRole('heading', { name: listing.productName })).toBeVisible();
      await sendText(sellerPage, 'Yes, 91%. <b>not bold</b>');

      // The buyer sees the answer live; the seller then sees "Seen" under theirs.
      await expect(buyerPage.getByText('Yes, 91%. <b>not bold</b>')).toBeVisible();
      await expect(sellerPage.getByText('Seen', { exact: true })).toBeVisible();
      await expectNoSeriousAxeViolations(sellerPage);

      // The buyer books; the seller accepts right on the conversation, and both see Reserved.
      const booked = await buyer.api.post('/api/store/booking/product', {
        data: { productId: listing._id, phoneNumber: '01812345678', meetLocation: 'Farmgate' },
      });
      expect(booked.ok(), await booked.text()).toBe(true);
      await expect(
        sellerPage.getByText(`${buyer.name} asked to book this phone and would meet at Farmgate.`),
      ).toBeVisible();
      await sellerPage.getByRole('button', { name: 'Accept' }).click();
      await expect(sellerPage.getByText('Accepted: the phone is reserved for this buyer.')).toBeVisible();
      await expect(sellerPage.getByText('Reserved', { exact: true })).toBeVisible();
      await expect(buyerPage.getByText('Reserved', { exact: true })).toBeVisible();
      await expect(buyerPage.getByText("Booking accepted. Seller's number:")).toBeVisible();

      // An empty message is refused on the form.
      await buyerPage.getByRole('button', { name: 'Send' }).click();
      await expect(buyerPage.getByText('Write a message first')).toBeVisible();
    } finally {
      await Promise.all([sellerSide.context.close(), buyerSide.context.close()]);
    }
  });
}

for (const [size, viewport] of [
  ['phone-sized', { width: 390, height: 844 }],
  ['desktop-sized', { width: 1366, height: 850 }],
] as const) {
  test(`a number before a deal is warned, and blocking stops the other side, on a ${size} window`, async ({
    browser,
    registerSeller,
    registerBuyer,
    createListing,
    loginAs,
  }) => {
    test.slow();
    const seller = await registerSeller({ name: uniqueText('Seller') });
    const buyer = await registerBuyer({ name: uniqueText('Buyer') });
    const listing = await createListing(seller, { productName: uniqueText('Safe Nokia') });
    const started = await buyer.api.post('/api/conversations', { data: { productId: listing._id } });
    const { _id: id } = (await started.json()) as { _id: string };
    expect(
      (
        await buyer.api.post(`/api/conversations/${id}/messages`, { data: { clientId: 'hello-0001', text: 'Hi!' } })
      ).ok(),
    ).toBe(true);

    const sellerSide = await signedInPage(browser, viewport);
    const buyerSide = await signedInPage(browser, viewport);
    try {
      await loginAs(sellerSide.page, seller);
      await loginAs(buyerSide.page, buyer);
      const sellerPage = sellerSide.page;
      const buyerPage = buyerSide.page;
      await buyerPage.goto(paths.conversation(id));
      await expect(buyerPage.getByRole('heading', { name: listing.productName })).toBeVisible({
        timeout: timeLimit(15_000),
      });

      // A link is refused with a reason; a number is warned, and sent once confirmed.
      await buyerPage.getByLabel('Message', { exact: true }).fill('pay at bkash-verify.xyz/pay');
      await buyerPage.getByRole('button', { name: 'Send' }).click();
      await expect(buyerPage.getByText(/cannot be sent before the seller accepts a booking/)).toBeVisible();
      await buyerPage.getByLabel('Message', { exact: true }).fill('call me on ০১৭১২ ৩৪৫৬৭৮');
      await buyerPage.getByRole('button', { name: 'Send' }).click();
      const warning = buyerPage.getByRole('dialog');
      await expect(warning).toContainText('Sharing numbers early is how most scams start');
      await expectNoSeriousAxeViolations(buyerPage);
      await warning.getByRole('button', { name: 'Send anyway' }).click();
      await expect(buyerPage.getByText('call me on ০১৭১২ ৩৪৫৬৭৮')).toBeVisible();

      // The seller blocks the buyer; the buyer's page closes the conversation with a neutral sentence.
      await sellerPage.goto(paths.conversation(id));
      await expect(sellerPage.getByText('call me on ০১৭১২ ৩৪৫৬৭৮')).toBeVisible({ timeout: timeLimit(15_000) });
      await sellerPage.getByRole('button', { name: 'Block' }).click();
      await sellerPage.getByRole('dialog').getByRole('button', { name: 'Yes, block' }).click();
      await expect(sellerPage.getByText(`You blocked ${buyer.name}.`)).toBeVisible();
      await expect(buyerPage.getByText('This conversation is closed. You cannot message or book here.')).toBeVisible();
      await expect(buyerPage.getByLabel('Message', { exact: true })).toHaveCount(0);
      await expectNoSeriousAxeViolations(buyerPage);

      // Unblocked from Account settings, the buyer can write again.
      await sellerPage.getByRole('link', { name: 'Account settings' }).last().click();
      await sellerPage.getByRole('button', { name: `Unblock ${buyer.name}` }).click();
      await expect(sellerPage.getByText('You have not blocked anyone.')).toBeVisible();
      await expect(buyerPage.getByLabel('Message', { exact: true })).toBeVisible();
    } finally {
      await Promise.all([sellerSide.context.close(), buyerSide.context.close()]);
    }
  });
}
