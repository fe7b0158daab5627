import type { Page } from '@playwright/test';
import { phonePicture } from '#server/start/seed/pictures';
import { paths } from '#shared/paths';
import { timeLimit } from '../support/time-limits';
import {
  expect,
  expectNoSeriousAxeViolations,
  test as base,
  uniqueText,
  type TestListing,
  type TestUser,
} from './support/fixtures';
import { bookPhone, startConversation } from './support/deals';
import { phoneAndDesktop } from './support/screens';

/** The seller's phone, and the seller and a buyer each in a window of their own at the test's size. */
const test = base.extend<{
  chat: { buyer: TestUser; listing: TestListing; sellerPage: Page; buyerPage: Page };
}>({
  chat: async ({ seller, buyer, createListing, openWindow }, use) => {
    const listing = await createListing(seller, { productName: uniqueText('Chat phone'), resalePrice: 40000 });
    const [sellerPage, buyerPage] = [await openWindow({ as: seller }), await openWindow({ as: buyer })];
    await use({ buyer, listing, sellerPage, buyerPage });
  },
});

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

async function sendText(page: Page, text: string) {
  await page.getByLabel('Message', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');
}

for (const [size, viewport] of phoneAndDesktop) {
  test.describe(() => {
    test.use({ viewport });
    test(`a buyer asks, the seller answers live, on a ${size} window${size === 'desktop-sized' ? ' @engine' : ''}`, async ({
      chat: { buyer, listing, sellerPage, buyerPage },
    }) => {
      test.slow();

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
      await bookPhone(buyer, listing._id, 'Farmgate');
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
    });

    test(`a number before a deal is warned, and blocking stops the other side, on a ${size} window`, async ({
      chat: { buyer, listing, sellerPage, buyerPage },
    }) => {
      test.slow();
      const id = await startConversation(buyer, listing._id, 'Hi!');
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
    });
    test(`the buyer offers, the seller counters, the buyer accepts: Reserved at the agreed price, on a ${size} window${size === 'desktop-sized' ? ' @engine' : ''}`, async ({
      chat: { buyer, listing, sellerPage, buyerPage },
    }) => {
      test.slow();
      const id = await startConversation(buyer, listing._id, 'Is the price negotiable?');
      for (const page of [sellerPage, buyerPage]) {
        await page.goto(paths.conversation(id));
        await expect(page.getByRole('heading', { name: listing.productName })).toBeVisible({
          timeout: timeLimit(15_000),
        });
      }

      // The seller shows the box in a photo; the buyer sees it live.
      await sellerPage.locator('input[type=file]').setInputFiles({
        name: 'box.png',
        mimeType: 'image/png',
        buffer: await phonePicture({ caption: 'Box', hue: 200, width: 320, height: 240 }),
      });
      await expect(sellerPage.getByAltText('Photo 1 to send')).toBeVisible({ timeout: timeLimit(15_000) });
      await sendText(sellerPage, 'With the box');
      await expect(buyerPage.getByAltText('Photo 1 of 1')).toBeVisible();

      // The buyer offers in Bengali digits; a price under half the asking price is refused first.
      await buyerPage.getByRole('button', { name: 'Make an offer' }).click();
      const dialog = buyerPage.getByRole('dialog', { name: 'Make an offer' });
      await dialog.getByLabel('Your price (Tk)').fill('15000');
      await dialog.getByRole('button', { name: 'Send offer' }).click();
      await expect(dialog.getByText('Offer at least half the asking price, 20000Tk')).toBeVisible();
      await expectNoSeriousAxeViolations(buyerPage);
      await dialog.getByLabel('Your price (Tk)').fill('৩২০০০');
      await dialog.getByLabel('Note (optional)').fill('Cash today');
      await dialog.getByRole('button', { name: 'Send offer' }).click();
      await expect(buyerPage.getByText('Offer sent. The seller has 48 hours to answer.')).toBeVisible();
      const buyerOffer = buyerPage.getByRole('region', { name: 'Offer' });
      await expect(buyerOffer).toContainText('Your offer: 32000Tk');
      await expect(buyerOffer).toContainText('Waiting for the seller');

      // The seller sees it live and counters.
      const sellerOffer = sellerPage.getByRole('region', { name: 'Offer' });
      await expect(sellerOffer).toContainText(`${buyer.name}'s offer: 32000Tk`);
      await expect(sellerPage.getByText(`${buyer.name} offered 32000Tk: Cash today`)).toBeVisible();
      await sellerOffer.getByRole('button', { name: 'Counter' }).click();
      const counter = sellerPage.getByRole('dialog', { name: 'Counter the offer' });
      await counter.getByLabel('Your price (Tk)').fill('36000');
      await counter.getByRole('button', { name: 'Send counter' }).click();
      await expect(sellerOffer).toContainText('Your counter: 36000Tk');
      await expectNoSeriousAxeViolations(sellerPage);

      // The buyer accepts the counter: both see the phone Reserved at the agreed price.
      await expect(buyerOffer).toContainText("The seller's counter: 36000Tk");
      await buyerOffer.getByRole('button', { name: 'Accept 36000Tk' }).click();
      await buyerPage.getByRole('dialog').getByRole('button', { name: 'Yes, accept' }).click();
      await expect(buyerPage.getByText('Accepted: the phone is reserved at the agreed price.')).toBeVisible();
      for (const page of [buyerPage, sellerPage]) {
        await expect(page.getByText('Reserved', { exact: true })).toBeVisible();
        await expect(page.getByText('Agreed price: 36000Tk').first()).toBeVisible();
      }
      await expectNoSeriousAxeViolations(buyerPage);

      // My orders keeps the agreed price with the booking.
      await buyerPage.goto(paths.myOrders);
      await expect(buyerPage.getByText('Agreed price (listed at 40000)')).toBeVisible({ timeout: timeLimit(15_000) });
    });
  });
}

/** `buyer` asks about the phone, then blocks its seller from the conversation. */
async function blockSellerOf(buyer: TestUser, productId: string) {
  const id = await startConversation(buyer, productId, 'Is it still available?');
  expect((await buyer.api.put(`/api/conversations/${id}/block`)).ok()).toBe(true);
}

test('a buyer who blocked a seller no longer sees their phones in search', async ({
  seller,
  buyer,
  registerSeller,
  createListing,
  openWindow,
}) => {
  // One word of letters only (the search splits letters from digits), in both sellers' phones.
  const word = `Kingfisher${Date.now().toString(36)}`.replace(/\d/g, (digit) => 'abcdefghij'.charAt(Number(digit)));
  const blocked = await createListing(seller, { productName: `Blocked ${word}` });
  const other = await createListing(await registerSeller(), { productName: `Other ${word}` });
  await blockSellerOf(buyer, blocked._id);

  const page = await openWindow({ as: buyer });
  await page.goto(`${paths.search}?q=${word}`);
  const card = (name: string) => page.getByRole('article').filter({ hasText: name });
  await expect(card(other.productName)).toBeVisible({ timeout: timeLimit(15_000) });
  await expect(card(blocked.productName)).toHaveCount(0);
});

test('a buyer who blocked a seller no longer sees their phones in the home banner', async ({
  buyer,
  seller,
  createListing,
  registerSeller,
  openWindow,
}) => {
  // The other seller's phone first, so the blocked seller's is newer: it would be in the banner whenever the other is.
  const other = await createListing(await registerSeller(), { productName: uniqueText('Banner other') });
  const blocked = await createListing(seller, { productName: uniqueText('Banner blocked') });
  await blockSellerOf(buyer, blocked._id);

  const page = await openWindow({ as: buyer });
  await page.goto(paths.home);
  const banner = page.getByRole('region', { name: 'Newest phones' });
  const photo = (name: string) => banner.locator(`img[alt="${name}"]`);
  // Reaching for the banner loads the carousel, which holds every slide, not only the first.
  await banner.locator('figure').first().hover();
  await expect(page.locator('.swiper-slide')).not.toHaveCount(1, { timeout: timeLimit(15_000) });
  await expect(photo(other.productName)).toHaveCount(1);
  await expect(photo(blocked.productName)).toHaveCount(0);
});

test('the seller declines a booking, then marks the next one sold, from the conversation’s phone card', async ({
  chat: { buyer, listing, sellerPage, buyerPage },
}) => {
  test.slow();
  const id = await startConversation(buyer, listing._id, 'Can I book it?');
  await bookPhone(buyer, listing._id, 'Farmgate');
  await sellerPage.goto(paths.conversation(id));
  await buyerPage.goto(paths.conversation(id));

  // Declined: the phone stays Available, and the buyer can book it again.
  await sellerPage.getByRole('button', { name: 'Decline' }).click();
  await expect(sellerPage.getByText('Declined. The buyer has been told.')).toBeVisible({ timeout: timeLimit(15_000) });
  await expect(sellerPage.getByRole('button', { name: 'Decline' })).toHaveCount(0);
  // The buyer's open page reads the conversation again by itself (the stream's `chat` event).
  await expect(buyerPage.getByRole('link', { name: 'Book Now' })).toBeVisible({ timeout: timeLimit(15_000) });

  // Booked again and accepted: Mark sold ends the deal, Sold on both sides.
  await bookPhone(buyer, listing._id, 'Farmgate');
  await sellerPage.getByRole('button', { name: 'Accept' }).click();
  await expect(sellerPage.getByText('Accepted: the phone is reserved for this buyer.')).toBeVisible();
  await sellerPage.getByRole('button', { name: 'Mark sold' }).click();
  await expect(sellerPage.getByText('Marked as sold to this buyer.')).toBeVisible();
  await expect(sellerPage.getByText('Sold', { exact: true }).first()).toBeVisible();
  await expect(buyerPage.getByText('Sold', { exact: true }).first()).toBeVisible({ timeout: timeLimit(15_000) });
  await expectNoSeriousAxeViolations(sellerPage);
});
