import type { Browser, Page } from '@playwright/test';
import { expect, expectNoSeriousAxeViolations, test, uniqueText, waitForTheAppOnLoad } from './support/fixtures';

/*
 * The moderation desk's acceptance flow: a buyer reports a listing with a reason; the seller edits
 * it; the admin sees the listing as it was reported beside how it is now, and restricts the seller
 * for 7 days; the seller sees the notice, cannot list, and appeals; the admin reverses it.
 */

async function pageOf(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  context.on('page', waitForTheAppOnLoad);
  return { context, page: await context.newPage() };
}

const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

for (const [size, viewport] of [
  ['phone-sized', { width: 390, height: 844 }],
  ['desktop-sized', { width: 1366, height: 850 }],
] as const) {
  test(`report, restrict for 7 days, appeal and reverse, on a ${size} window${size === 'desktop-sized' ? ' @engine' : ''}`, async ({
    browser,
    registerSeller,
    registerBuyer,
    createListing,
    loginAs,
    adminCredentials,
  }) => {
    test.slow();
    const seller = await registerSeller({ name: uniqueText('Seller') });
    const buyer = await registerBuyer();
    const name = uniqueText('Reported Pixel');
    const listing = await createListing(seller, { productName: name });
    const buyerSide = await pageOf(browser, viewport);
    const adminSide = await pageOf(browser, viewport);
    const sellerSide = await pageOf(browser, viewport);
    try {
      await loginAs(buyerSide.page, buyer);
      await loginAs(adminSide.page, adminCredentials);
      await loginAs(sellerSide.page, seller);

      // The buyer reports the listing with a reason.
      const b = buyerSide.page;
      await b.goto(`/productId/${listing._id}`);
      await b.getByRole('button', { name: 'Report to admin' }).click();
      const dialog = b.getByRole('dialog');
      await dialog.getByLabel('Reason').selectOption({ label: 'Fake or stock photos' });
      await dialog.getByLabel(/What is wrong/).fill('These are photos from the maker’s site');
      await expectNoSeriousAxeViolations(b);
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await expect(b.getByText('Reported to admin. Thank you for keeping PhoneHaat safe.')).toBeVisible();

      // The seller changes the listing after the report.
      const { _id, ...fields } = listing;
      const edited = await seller.api.put(`/api/edit/product/${_id}`, {
        data: { ...fields, productName: `${name} edited` },
      });
      expect(edited.ok(), await edited.text()).toBe(true);

      // The admin sees the case with the listing as it was, and how it is now.
      const a = adminSide.page;
      await a.goto('/dashboard/moderation');
      const card = a.getByRole('article').filter({ hasText: name });
      await expect(card).toContainText('Fake or stock photos ×1');
      await expect(card).toContainText('Email verified');
      await card.getByRole('link', { name: `Open the case of ${name}` }).click();
      const evidence = a.getByRole('region', { name: 'Reports, as they were when reported' });
      await expect(evidence.getByText(name, { exact: true })).toBeVisible();
      await expect(evidence).toContainText('These are photos from the maker’s site');
      const now = a.getByRole('region', { name: /^The listing now/ });
      await expect(now.getByText(`${name} edited`)).toBeVisible();
      await expect(now).toContainText('(changed)');
      await expectNoSeriousAxeViolations(a);

      const decide = a.getByRole('region', { name: 'Decide' });
      await decide.getByLabel('Action').selectOption({ label: 'Restrict the user' });
      await decide.getByLabel('For how long').selectOption({ label: '7 days' });
      await decide.getByLabel('Reason').selectOption({ label: 'Misleading listing (photos, model, price)' });
      await decide.getByLabel(/^Note/).fill('Use photos of your own phone');
      await decide.getByRole('button', { name: 'Apply' }).click();
      await expect(toast(a, 'Done: Restrict the user')).toBeVisible();

      // The seller is told, cannot list, and appeals.
      const s = sellerSide.page;
      await s.goto('/dashboard/addproduct');
      await expect(s.getByText(/Your account is restricted until/)).toBeVisible();
      await expect(s.getByText(/You cannot list phones until then/)).toBeVisible();
      const refused = await seller.api.post('/api/store_products', { data: fields });
      expect(refused.status()).toBe(403);
      expect((await refused.json()).message).toMatch(/^Your account is restricted until/);
      await s.getByRole('link', { name: 'See why and appeal' }).click();
      await expect(s.getByRole('heading', { name: 'Account standing' })).toBeVisible();
      await expect(
        s.getByText('Reason: Misleading listing (photos, model, price) (Use photos of your own phone)'),
      ).toBeVisible();
      await s.getByRole('button', { name: 'Appeal' }).click();
      await s.getByRole('dialog').getByLabel('Why is the decision wrong?').fill('I took these photos myself yesterday');
      await expectNoSeriousAxeViolations(s);
      await s.getByRole('dialog').getByRole('button', { name: 'Send appeal' }).click();
      await expect(s.getByText('Appeal sent. A moderator will decide and tell you.')).toBeVisible();
      await expect(s.getByText('Appeal pending')).toBeVisible();

      // The admin reverses it: the restriction is gone.
      await a.goto('/dashboard/moderation/appeals');
      const row = a.getByRole('row').filter({ hasText: seller.name });
      await expect(row).toContainText('I took these photos myself yesterday');
      await row.getByRole('button', { name: 'Decide' }).click();
      const decision = a.getByRole('dialog');
      await decision.getByLabel('Decision').selectOption({ label: 'Reversed: undo the action' });
      await decision.getByLabel(/^Reason/).fill('The photos are the seller’s own');
      await decision.getByRole('button', { name: 'Decide' }).click();
      await expect(a.getByText('Reversed: the action is undone.')).toBeVisible();

      await s.reload();
      await expect(s.getByText('Appeal reversed')).toBeVisible();
      await expect(s.getByText(/Your account is restricted until/)).toHaveCount(0);
      await s.goto('/dashboard/addproduct');
      await expect(s.getByRole('heading', { name: 'Add Product' })).toBeVisible();
      await expect(s.getByText(/Your account is restricted until/)).toHaveCount(0);

      await a.goto('/dashboard/moderation/log');
      await expect(a.getByRole('row').filter({ hasText: 'Appeal decided: reversed' }).first()).toBeVisible();
      await expectNoSeriousAxeViolations(a);
    } finally {
      await Promise.all([buyerSide.context.close(), adminSide.context.close(), sellerSide.context.close()]);
    }
  });
}

test('a seller reports a buyer’s conversation; the admin sees the reported message as it was', async ({
  page,
  browser,
  registerSeller,
  registerBuyer,
  createListing,
  loginAs,
  adminCredentials,
}) => {
  const seller = await registerSeller();
  const buyer = await registerBuyer({ name: uniqueText('Buyer') });
  const listing = await createListing(seller, { productName: uniqueText('Chat Galaxy') });
  const started = await buyer.api.post('/api/conversations', { data: { productId: listing._id } });
  const { _id: conversationId } = (await started.json()) as { _id: string };
  const scam = `Send 2000 Tk advance by bKash first ${uniqueText('ref')}`;
  const sent = await buyer.api.post(`/api/conversations/${conversationId}/messages`, {
    data: { clientId: `e2e${Date.now()}`, text: scam },
  });
  expect(sent.ok(), await sent.text()).toBe(true);

  await loginAs(page, seller);
  await page.goto(`/dashboard/inbox/${conversationId}`);
  await page.getByRole('button', { name: 'Report', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').selectOption({ label: 'Asks for advance payment (bKash/Nagad)' });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Reported to admin. Thank you for keeping PhoneHaat safe.')).toBeVisible();

  const admin = await pageOf(browser, { width: 1366, height: 850 });
  try {
    await loginAs(admin.page, adminCredentials);
    await admin.page.goto('/dashboard/moderation');
    const card = admin.page.getByRole('article').filter({ hasText: buyer.name });
    await card.getByRole('link', { name: /^Open the case of/ }).click();
    const evidence = admin.page.getByRole('region', { name: 'Reports, as they were when reported' });
    const messages = evidence.getByRole('list', { name: /^Messages about/ });
    await expect(messages.getByRole('listitem').filter({ hasText: 'reported message' })).toContainText(scam);
    await expectNoSeriousAxeViolations(admin.page);
  } finally {
    await admin.context.close();
  }
});

test('the admin hides a reported review from its case; it leaves the seller page', async ({
  page,
  registerSeller,
  registerBuyer,
  createListing,
  loginAs,
  adminCredentials,
}) => {
  test.slow();
  const seller = await registerSeller({ name: uniqueText('Seller') });
  const buyer = await registerBuyer({ name: uniqueText('Buyer') });
  const listing = await createListing(seller, { productName: uniqueText('Reviewed Pixel') });
  const booked = await buyer.api.post('/api/store/booking/product', {
    data: { productId: listing._id, phoneNumber: '01812345678', meetLocation: 'Farmgate' },
  });
  const { insertedId } = (await booked.json()) as { insertedId: string };
  for (const move of ['accept', 'sold']) await seller.api.put(`/api/bookings/${insertedId}/${move}`);
  const comment = uniqueText('Call me on 01711000000');
  const stars = { asDescribed: 2, communication: 1, punctuality: 3, paidAsAgreed: 5 };
  const written = await buyer.api.post(`/api/bookings/${insertedId}/review`, { data: { ...stars, comment } });
  const { _id: reviewId } = (await written.json()) as { _id: string };
  await seller.api.post(`/api/bookings/${insertedId}/review`, { data: stars });
  const reported = await seller.api.post(`/api/reviews/${reviewId}/report`, {
    data: { reason: 'personal_information' },
  });
  expect(reported.ok(), await reported.text()).toBe(true);

  await loginAs(page, adminCredentials);
  await page.goto('/dashboard/moderation');
  const title = `${buyer.name}'s review of ${seller.name}`;
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card).toContainText('Personal information ×1');
  await card.getByRole('link', { name: `Open the case of ${title}` }).click();
  const evidence = page.getByRole('region', { name: 'Reports, as they were when reported' });
  await expect(evidence).toContainText(comment);
  await expect(evidence.getByText('1 of 5', { exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  const decide = page.getByRole('region', { name: 'Decide' });
  await decide.getByLabel('Action').selectOption({ label: 'Hide the review' });
  await decide.getByLabel('Reason').selectOption({ label: 'Other' });
  await decide.getByLabel(/^Note/).fill('Shares a phone number');
  await decide.getByRole('button', { name: 'Apply' }).click();
  await expect(toast(page, 'Done: Hide the review')).toBeVisible();

  const { sellerId } = (await (await page.request.get(`/api/addvertise/product/${listing._id}`)).json()) as {
    sellerId: string;
  };
  await page.goto(`/seller/${sellerId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(seller.name);
  await expect(page.getByText(comment)).toHaveCount(0);
});
