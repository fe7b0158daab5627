import type { Browser, Page, TestInfo } from '@playwright/test';
import { paths } from '#shared/paths';
import { E2E_BASE_URL } from './support/settings';
import { timeLimit } from '../support/time-limits';
import {
  expect,
  expectNoSeriousAxeViolations,
  test,
  uniqueText,
  waitForTheAppOnLoad,
  type TestUser,
} from './support/fixtures';
import { expectAllTranslated, usePseudoLocale } from './support/translated';

/*
 * The conversations, offers, reviews, alerts and account standing of people who chose Bangla
 * (the `lang` cookie), on a 360 px phone and a desktop: every text in Bangla, prices and counts in
 * Bengali digits, and what people wrote as they wrote it. Screenshots are kept with the results.
 */

async function banglaPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  await context.addCookies([{ name: 'lang', value: 'bn', url: E2E_BASE_URL }]);
  context.on('page', waitForTheAppOnLoad);
  return { context, page: await context.newPage() };
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

const ok = async (response: Promise<{ ok(): boolean; text(): Promise<string>; json(): Promise<unknown> }>) => {
  const answer = await response;
  expect(answer.ok(), await answer.text()).toBe(true);
  return answer.json() as Promise<Record<string, unknown>>;
};

/** A sold deal both sides reviewed, so the seller's page has a review to show. */
async function reviewedDeal(seller: TestUser, buyer: TestUser, productId: string) {
  const booked = await ok(
    buyer.api.post('/api/store/booking/product', {
      data: { productId, phoneNumber: '01812345678', meetLocation: 'Farmgate' },
    }),
  );
  const id = String(booked.insertedId);
  for (const move of ['accept', 'sold']) await ok(seller.api.put(`/api/bookings/${id}/${move}`));
  // Published once both sides wrote theirs.
  await ok(
    buyer.api.post(`/api/bookings/${id}/review`, {
      data: { asDescribed: 5, communication: 4, punctuality: 5, comment: 'Exactly as described, met on time.' },
    }),
  );
  await ok(
    seller.api.post(`/api/bookings/${id}/review`, { data: { paidAsAgreed: 5, communication: 5, punctuality: 5 } }),
  );
}

for (const [size, viewport] of [
  ['360 px', { width: 360, height: 780 }],
  ['1280 px', { width: 1280, height: 850 }],
] as const) {
  test(`in Bangla on a ${size} window: the inbox, an offer countered in Bengali digits, alerts, standing and a seller's page`, async ({
    browser,
    page,
    registerSeller,
    registerBuyer,
    createListing,
    loginAs,
  }, testInfo) => {
    test.slow();
    const seller = await registerSeller({ name: uniqueText('Seller') });
    const buyer = await registerBuyer({ name: uniqueText('Buyer') });
    const listing = await createListing(seller, { productName: uniqueText('Bangla Pixel'), resalePrice: 52000 });
    const sold = await createListing(seller, { productName: uniqueText('Sold Galaxy') });
    await reviewedDeal(seller, buyer, sold._id);

    const conversation = await ok(buyer.api.post('/api/conversations', { data: { productId: listing._id } }));
    const conversationId = String(conversation._id);
    await ok(
      buyer.api.post(`/api/conversations/${conversationId}/messages`, {
        data: { clientId: 'b'.repeat(32), text: 'Is the box included?', photos: [] },
      }),
    );
    await ok(buyer.api.post(`/api/conversations/${conversationId}/offers`, { data: { price: 48000 } }));
    await ok(buyer.api.post('/api/alerts', { data: { search: { q: 'Pixel', maxPrice: 60000, condition: 'Good' } } }));

    const sellerSide = await banglaPage(browser, viewport);
    const buyerSide = await banglaPage(browser, viewport);
    try {
      await loginAs(sellerSide.page, seller);
      await loginAs(buyerSide.page, buyer);
      const s = sellerSide.page;
      const b = buyerSide.page;

      // The seller's inbox and the conversation: the buyer's offer waits for their answer.
      await s.goto(paths.inbox);
      await expect(s.getByRole('heading', { name: 'ইনবক্স' })).toBeVisible({ timeout: timeLimit(15_000) });
      await expect(s.getByRole('tab', { name: 'বিক্রি করছি' })).toHaveAttribute('aria-selected', 'true');
      await expect(s.getByText(listing.productName)).toBeVisible();
      await expect(s.getByText('৫২,০০০ টাকা').first()).toBeVisible();
      // The offer's line, the newest message, in the seller's language.
      await expect(s.getByText(`${buyer.name} ৪৮,০০০ টাকা অফার করেছেন।`)).toBeVisible();
      await expectNoSeriousAxeViolations(s);
      await shot(s, testInfo, `inbox-${size}`);

      await s.goto(paths.conversation(conversationId));
      await expect(s.getByText('আপনার উত্তরের অপেক্ষায়')).toBeVisible({ timeout: timeLimit(15_000) });
      await expect(s.getByText(`${buyer.name}-এর অফার: ৪৮,০০০ টাকা`)).toBeVisible();
      await expect(s.getByText('Is the box included?')).toBeVisible();
      await expect(s.getByRole('listitem').getByText(`${buyer.name} ৪৮,০০০ টাকা অফার করেছেন।`)).toBeVisible();
      await s.getByRole('button', { name: 'দাম ফিক্সড' }).click();
      await expect(s.getByRole('textbox', { name: 'মেসেজ' })).toHaveValue('দাম ফিক্সড');
      await shot(s, testInfo, `conversation-seller-${size}`);

      // The counter, typed in Bengali digits.
      await s.getByRole('button', { name: 'পাল্টা দাম দিন' }).click();
      const dialog = s.getByRole('dialog', { name: 'পাল্টা দাম দিন' });
      await expect(dialog.getByText('আপনার চাওয়া দাম ৫২,০০০ টাকা।')).toBeVisible();
      await dialog.getByLabel('আপনার দাম (টাকা)').fill('৫০০০০');
      await shot(s, testInfo, `counter-dialog-${size}`);
      await dialog.getByRole('button', { name: 'পাল্টা দাম পাঠান' }).click();
      await expect(s.getByText('আপনার পাল্টা দাম: ৫০,০০০ টাকা')).toBeVisible({ timeout: timeLimit(15_000) });
      await expect(s.getByText('ক্রেতার উত্তরের অপেক্ষায়')).toBeVisible();
      await expect(s.getByText(`${seller.name} পাল্টা ৫০,০০০ টাকা চেয়েছেন।`)).toBeVisible();
      await expectNoSeriousAxeViolations(s);

      // The buyer sees the counter, and may accept it.
      await b.goto(paths.conversation(conversationId));
      await expect(b.getByText('বিক্রেতার পাল্টা দাম: ৫০,০০০ টাকা')).toBeVisible({ timeout: timeLimit(15_000) });
      await expect(b.getByRole('button', { name: '৫০,০০০ টাকা গ্রহণ করুন' })).toBeVisible();
      await expect(b.getByRole('button', { name: 'দাম কি একটু কম হবে?' })).toBeVisible();
      await expectNoSeriousAxeViolations(b);
      await shot(b, testInfo, `conversation-buyer-${size}`);

      // The saved search as a Bangla sentence.
      await b.goto(paths.myAlerts);
      await expect(b.getByRole('heading', { name: 'আমার অ্যালার্ট' })).toBeVisible({ timeout: timeLimit(15_000) });
      await expect(b.getByRole('heading', { name: '“Pixel” · ৬০,০০০ টাকা পর্যন্ত · ভালো কন্ডিশন' })).toBeVisible();
      await expectNoSeriousAxeViolations(b);
      await shot(b, testInfo, `alerts-${size}`);

      await b.goto(paths.accountStanding);
      await expect(b.getByRole('heading', { name: 'অ্যাকাউন্টের অবস্থা' })).toBeVisible({ timeout: timeLimit(15_000) });
      await expect(b.getByText('সব ঠিক আছে')).toBeVisible();
      await shot(b, testInfo, `standing-${size}`);

      // The seller's public page: the review in Bangla words, its comment as written.
      const { sellerId } = (await (await page.request.get(`/api/addvertise/product/${listing._id}`)).json()) as {
        sellerId: string;
      };
      await b.goto(paths.seller(sellerId));
      await expect(b.getByRole('heading', { level: 1 })).toContainText(seller.name, { timeout: timeLimit(15_000) });
      await expect(b.getByText('১টি রিভিউ', { exact: true })).toBeVisible();
      await expect(b.getByText('Exactly as described, met on time.')).toBeVisible();
      await expect(b.getByText('বিক্রির ফোন')).toBeVisible();
      await expectNoSeriousAxeViolations(b);
      await shot(b, testInfo, `seller-page-${size}`);
    } finally {
      await Promise.all([sellerSide.context.close(), buyerSide.context.close()]);
    }
  });
}

test('in Bangla: the admin warns a reported seller, who reads the warning and its reason in Bangla and appeals', async ({
  browser,
  page,
  registerSeller,
  registerBuyer,
  createListing,
  loginAs,
  adminCredentials,
}, testInfo) => {
  test.slow();
  const seller = await registerSeller({ name: uniqueText('Seller') });
  const buyer = await registerBuyer({ name: uniqueText('Buyer') });
  const listing = await createListing(seller, { productName: uniqueText('Reported Pixel') });
  const { sellerId } = (await (await page.request.get(`/api/addvertise/product/${listing._id}`)).json()) as {
    sellerId: string;
  };
  await ok(
    buyer.api.post('/api/moderation/reports/user', {
      data: { userId: sellerId, reason: 'scam', note: 'Asked for bKash before meeting' },
    }),
  );

  const adminSide = await banglaPage(browser, { width: 1280, height: 850 });
  const sellerSide = await banglaPage(browser, { width: 360, height: 780 });
  try {
    await loginAs(adminSide.page, adminCredentials);
    await loginAs(sellerSide.page, seller);
    const a = adminSide.page;
    await a.goto(paths.moderation);
    const card = a.getByRole('article').filter({ hasText: seller.name });
    await expect(card.getByText('প্রতারণা ×১')).toBeVisible({ timeout: timeLimit(15_000) });
    await expectNoSeriousAxeViolations(a);
    await shot(a, testInfo, 'moderation-queue-1280 px');
    await card.getByRole('link', { name: /-এর কেস খুলুন$/ }).click();
    await expect(a.getByRole('region', { name: 'রিপোর্ট, রিপোর্ট করার সময় যেমন ছিল' })).toContainText(
      'Asked for bKash before meeting',
    );
    await a.getByLabel('পদক্ষেপ').selectOption({ label: 'সতর্কতা' });
    await a.getByLabel('কারণ', { exact: true }).selectOption({ label: 'প্রতারণা বা জালিয়াতি' });
    await a.getByLabel('নোট (ব্যবহারকারী এটি পড়বেন)').fill('Meet buyers in person, never ask for money first.');
    await shot(a, testInfo, 'moderation-case-1280 px');
    await a.getByRole('button', { name: 'প্রয়োগ করুন' }).click();
    await expect(a.getByText('হয়ে গেছে: সতর্কতা। সংশ্লিষ্টদের জানানো হয়েছে।')).toBeVisible();

    const s = sellerSide.page;
    await s.goto(paths.accountStanding);
    const notice = s.getByRole('listitem').filter({ hasText: 'সতর্কতা' });
    await expect(notice).toContainText('কারণ: প্রতারণা বা জালিয়াতি', { timeout: timeLimit(15_000) });
    await expect(notice).toContainText('Meet buyers in person, never ask for money first.');
    await expectNoSeriousAxeViolations(s);
    await shot(s, testInfo, 'standing-warned-360 px');
    await notice.getByRole('button', { name: 'আপিল করুন' }).click();
    const dialog = s.getByRole('dialog', { name: 'এই সিদ্ধান্তের বিরুদ্ধে আপিল' });
    await expect(dialog).toContainText('সতর্কতা: প্রতারণা বা জালিয়াতি');
    await dialog.getByLabel('সিদ্ধান্তটি কেন ভুল?').fill('I never asked anyone for money.');
    await shot(s, testInfo, 'appeal-dialog-360 px');
    await dialog.getByRole('button', { name: 'আপিল পাঠান' }).click();
    await expect(s.getByText('আপিল পাঠানো হয়েছে। একজন মডারেটর সিদ্ধান্ত নিয়ে আপনাকে জানাবেন।')).toBeVisible();
    await expect(notice).toContainText('আপিল বিবেচনাধীন');
  } finally {
    await Promise.all([adminSide.context.close(), sellerSide.context.close()]);
  }
});

test('in the pseudo-locale: every text of the inbox, a conversation, alerts, standing and a seller page comes from a catalog', async ({
  browser,
  page,
  registerSeller,
  registerBuyer,
  createListing,
  loginAs,
}) => {
  test.slow();
  const seller = await registerSeller({ name: uniqueText('Seller') });
  const buyer = await registerBuyer({ name: uniqueText('Buyer') });
  const listing = await createListing(seller, { productName: uniqueText('Pseudo Pixel'), resalePrice: 52000 });
  const sold = await createListing(seller, { productName: uniqueText('Sold Galaxy') });
  await reviewedDeal(seller, buyer, sold._id);
  const conversation = await ok(buyer.api.post('/api/conversations', { data: { productId: listing._id } }));
  await ok(buyer.api.post(`/api/conversations/${String(conversation._id)}/offers`, { data: { price: 48000 } }));
  await ok(buyer.api.post('/api/alerts', { data: { search: { q: 'Pixel', maxPrice: 60000, condition: 'Good' } } }));
  const { sellerId } = (await (await page.request.get(`/api/addvertise/product/${listing._id}`)).json()) as {
    sellerId: string;
  };

  const buyerSide = await banglaPage(browser, { width: 1280, height: 850 });
  try {
    const b = buyerSide.page;
    await loginAs(b, buyer);
    await usePseudoLocale(b);
    const screens: Array<[string, string]> = [
      [paths.inbox, '⟦Inbox⟧'],
      [paths.conversation(String(conversation._id)), '⟦Withdraw⟧'],
      [paths.myAlerts, '⟦My alerts⟧'],
      [paths.accountStanding, '⟦Account standing⟧'],
      [paths.seller(sellerId), '⟦Reviews⟧'],
    ];
    for (const [path, shown] of screens) {
      await b.goto(path);
      await expect(b.getByText(shown).first()).toBeVisible({ timeout: timeLimit(15_000) });
      await expectAllTranslated(b);
    }
  } finally {
    await buyerSide.context.close();
  }
});
