import type { Page } from '@playwright/test';
import { CATEGORY_CATALOGUE } from '#server/start/seed/categories';
import { messages } from '#shared/messages';
import { paths } from '#shared/paths';
import { timeLimit } from '../support/time-limits';
import { expect, expectNoSeriousAxeViolations, expectOk, test, uniqueText } from './support/fixtures';
import { acceptedDeal, bookPhone, moveBooking } from './support/deals';
import { openBookingForm, PHONE, phoneAndDesktop, TYPED_PHONE } from './support/screens';

const samsung = CATEGORY_CATALOGUE[1]!;

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

for (const [size, viewport] of phoneAndDesktop) {
  test(`the deal from request to sold, on a ${size} window${size === 'desktop-sized' ? ' @engine' : ''}`, async ({
    seller,
    buyer,
    registerBuyer,
    createListing,
    loginAs,
    openWindow,
  }) => {
    test.slow();
    const secondBuyer = await registerBuyer({ name: uniqueText('Second') });
    const listing = await createListing(seller, { category_id: samsung.id, productName: uniqueText('Deal Galaxy') });
    // Advertised, so it is on the home page until it is sold.
    await expectOk(await seller.api.put(`/api/advertise/product/${listing._id}`), 'advertising');
    await bookPhone(secondBuyer, listing._id);
    const sellerPage = await openWindow({ as: seller, viewport });
    const buyerPage = await openWindow({ as: buyer, viewport });
    // The seller is looking at their requests when the buyer books: the bell counts up on its own.
    await sellerPage.goto(paths.bookingRequests);
    // The first dashboard screen of a fresh browser loads its code and the roles first.
    await expect(sellerPage.getByRole('row').filter({ hasText: secondBuyer.name })).toContainText('New request', {
      timeout: timeLimit(15_000),
    });
    await expect(bell(sellerPage)).toHaveAccessibleName('Notifications, 1 unread');

    await (
      await openBookingForm(buyerPage, listing._id, 'Bashundhara City, gate 1')
    )
      .getByRole('button', { name: 'Submit' })
      .click();
    await expect(buyerPage.getByText(messages.productBooked)).toBeVisible();
    await expect(bell(sellerPage)).toHaveAccessibleName('Notifications, 2 unread');
    const request = sellerPage.getByRole('row').filter({ hasText: buyer.name });
    await expect(request).toContainText('Bashundhara City, gate 1');
    await expect(request).toContainText(TYPED_PHONE);
    await expectNoSeriousAxeViolations(sellerPage);

    // Reading the notifications clears the count.
    await bell(sellerPage).click();
    const panel = sellerPage.getByRole('region', { name: 'Notifications' });
    await expect(panel.getByText(`${buyer.name} asked to book your ${listing.productName}`)).toBeVisible();
    await expect(bell(sellerPage)).toHaveAccessibleName('Notifications');
    await sellerPage.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    // Accepting reserves the phone: asked first, and nothing happens on Cancel.
    const confirm = sellerPage.getByRole('dialog');
    await request.getByRole('button', { name: 'Accept' }).click();
    await expect(confirm).toContainText(`Accept ${buyer.name}'s request?`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(request).toContainText('New request');
    await request.getByRole('button', { name: 'Accept' }).click();
    await confirm.getByRole('button', { name: 'Yes, accept' }).click();
    await expect(sellerPage.getByText('Accepted: the phone is reserved for this buyer.')).toBeVisible();
    await expect(request).toContainText('Accepted');

    // The buyer hears of it without reloading, and My orders gives the meeting details.
    await expect(bell(buyerPage)).toHaveAccessibleName('Notifications, 1 unread');
    await buyerPage.goto(paths.myOrders);
    const order = buyerPage.getByRole('row').filter({ hasText: listing.productName });
    await expect(order).toContainText('Accepted');
    await expect(order).toContainText('Meet at Bashundhara City, gate 1');
    await expect(order.getByRole('link', { name: listing.sellerMobile })).toBeVisible();
    await expectNoSeriousAxeViolations(buyerPage);

    await request.getByRole('button', { name: 'Mark sold' }).click();
    await expect(confirm).toContainText(`Mark ${listing.productName} sold to ${buyer.name}?`);
    await confirm.getByRole('button', { name: 'De-registered: mark sold' }).click();
    await expect(sellerPage.getByText('Marked sold. Congratulations on the sale!')).toBeVisible();
    await expect(request).toContainText('Sold');
    await expect(sellerPage.getByRole('row').filter({ hasText: secondBuyer.name })).toContainText(
      'sold to another buyer',
    );

    await expect(order).toContainText('Sold to you');
    await buyerPage.goto(paths.product(listing._id));
    await expect(buyerPage.getByText('Sold', { exact: true })).toBeVisible();
    // Gone from the lists, where a phone listed after it shows: the lists did load.
    const other = await createListing(seller, { category_id: samsung.id, productName: uniqueText('Still for sale') });
    await expectOk(await seller.api.put(`/api/advertise/product/${other._id}`), 'advertising');
    for (const path of ['/', paths.category(samsung.id)]) {
      await buyerPage.goto(path);
      await expect(buyerPage.getByText(other.productName).first()).toBeVisible();
      await expect(buyerPage.getByText(listing.productName)).toHaveCount(0);
    }

    // The second buyer's request was declined for them.
    await loginAs(buyerPage, secondBuyer);
    await buyerPage.goto(paths.myOrders);
    const declined = buyerPage.getByRole('row').filter({ hasText: listing.productName });
    await expect(declined).toContainText('Declined');
    await expect(declined).toContainText('sold to another buyer');
  });
}

test('a seller declines a request with a reason, and the buyer reads it in My orders', async ({
  page,
  signedInSeller: seller,
  buyer,
  createListing,
  openWindow,
}) => {
  test.slow();
  const listing = await createListing(seller, { productName: uniqueText('Declined Pixel') });
  await bookPhone(buyer, listing._id, 'Mirpur');

  await page.goto(paths.bookingRequests);
  const row = page.getByRole('row').filter({ hasText: buyer.name });
  await expect(row).toContainText('New request', { timeout: timeLimit(15_000) });
  await row.getByRole('button', { name: 'Decline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Decline this request?' });
  await expect(dialog.getByLabel('Reason (optional)')).toBeFocused();
  await dialog.getByLabel('Reason (optional)').fill('Promised it to my cousin');
  await dialog.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('Request declined. The buyer has been told.')).toBeVisible();
  await expect(row).toContainText('Declined');

  const buyerPage = await openWindow({ as: buyer });
  await buyerPage.goto(paths.myOrders);
  const order = buyerPage.getByRole('row').filter({ hasText: listing.productName });
  await expect(order).toContainText('Declined');
  await expect(order).toContainText('Promised it to my cousin');
  // Declined: the buyer may ask again from the product page.
  await buyerPage.goto(paths.product(listing._id));
  await expect(buyerPage.getByRole('button', { name: 'Book Now' })).toBeEnabled();
});

test('a buyer cancels an accepted booking with a reason; the phone is available again', async ({
  page,
  seller,
  signedInBuyer: buyer,
  createListing,
}) => {
  const listing = await createListing(seller, { productName: uniqueText('Cancelled Xiaomi') });
  await acceptedDeal(seller, buyer, listing._id, 'Mirpur');

  await page.goto(paths.myOrders);
  const order = page.getByRole('row').filter({ hasText: listing.productName });
  await order.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(dialog.getByText('Please give a short reason: the other side will read it')).toBeVisible();
  await dialog.getByLabel('Reason', { exact: true }).fill('Found one closer to home');
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByText('Booking cancelled. The seller has been told.')).toBeVisible();
  await expect(order).toContainText('Cancelled');

  await page.goto(paths.product(listing._id));
  await expect(page.getByText('Available', { exact: true })).toBeVisible();
});

test('a buyer who booked and cancelled a phone three times today is told on the booking form to wait', async ({
  page,
  seller,
  signedInBuyer: buyer,
  createListing,
}) => {
  await page.setViewportSize(PHONE);
  const listing = await createListing(seller, { productName: uniqueText('Looping Realme') });
  for (let i = 0; i < 3; i++) await moveBooking(buyer, await bookPhone(buyer, listing._id, 'Mirpur'), 'cancel');

  const dialog = await openBookingForm(page, listing._id, 'Mirpur 10');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(
    dialog.getByText(/^You have asked to book this phone 3 times today\. Please wait \d+ hours?/),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('booking-limit-phone.png') });
});
