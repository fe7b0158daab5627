import type { Page } from '@playwright/test';
import { CATEGORY_CATALOGUE } from '#server/start/seed/categories';
import { paths } from '#shared/paths';
import { waitForMail } from '../support/mail-folder';
import { timeLimit } from '../support/time-limits';
import { e2eMailFolder, expect, expectNoSeriousAxeViolations, test, uniqueText } from './support/fixtures';
import { E2E_BASE_URL } from './support/settings';
import { expectAllTranslated, usePseudoLocale } from './support/translated';

/*
 * Bangla and English (issue 24, docs/i18n.md): a browser that prefers Bangla lands on /bn/, sees
 * prices in Bengali digits, switches to English and back, and the choice survives a reload.
 */
const iphone = CATEGORY_CATALOGUE[0]!;
const BENGALI = /[\u0980-\u09FF]/;

const SIZES = [
  ['phone', { width: 360, height: 740 }],
  ['desktop', { width: 1280, height: 800 }],
] as const;

/** The header's switch: in the phone's menu on a phone, on the bar on a desktop. */
async function switchLanguage(page: Page, name: string, phone: boolean, openMenu: string) {
  if (phone) await page.getByRole('button', { name: openMenu }).click();
  await page.getByRole('button', { name }).filter({ visible: true }).click();
}

test.describe('a visitor whose browser prefers Bangla', () => {
  test.use({ locale: 'bn-BD' });

  for (const [size, viewport] of SIZES) {
    test(`lands on /bn/, reads prices in Bengali digits, and switches languages (${size})`, async ({
      page,
      seller,
      createListing,
    }) => {
      test.slow();
      const phone = size === 'phone';
      await page.setViewportSize(viewport);
      const listing = await createListing(seller, {
        productName: uniqueText('Bangla iPhone'),
        category_id: iphone.id,
        resalePrice: 52000,
        productCondition: 'Good',
        location: 'Dhaka, Mirpur',
      });

      await page.goto(paths.home);
      await expect(page).toHaveURL(`${E2E_BASE_URL}/bn/`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
      await expect(page.getByRole('navigation').first()).toBeVisible();
      await expectNoSeriousAxeViolations(page);

      await page.goto(`/bn${paths.category(iphone.id)}`);
      const card = page.getByRole('article').filter({ hasText: listing.productName });
      await expect(card.getByText('দাম : ৫২,০০০ টাকা')).toBeVisible();
      // Our words for the condition and the district are Bangla; the area the seller typed stays as typed.
      await expect(card.getByText('অবস্থা: ভালো')).toBeVisible();
      await expect(card.getByText('ঢাকা, Mirpur')).toBeVisible();
      await expect(card.getByRole('link', { name: `${listing.productName}-এর বিস্তারিত` })).toHaveAttribute(
        'href',
        `/bn${paths.product(listing._id)}`,
      );
      // Bangla fits a 360 px phone: nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectNoSeriousAxeViolations(page);

      await page.goto(`/bn${paths.product(listing._id)}`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
      await expect(page.getByText('ঢাকা, Mirpur')).toBeVisible();
      await page.goto(`/bn${paths.search}?q=${encodeURIComponent(listing.productName)}`);
      await expect(page.getByText('৫২,০০০ টাকা').first()).toBeVisible();

      await page.goto(`/bn${paths.category(iphone.id)}`);
      await switchLanguage(page, 'সাইটটি ইংরেজিতে দেখুন', phone, 'মেনু খুলুন');
      await expect(page).toHaveURL(`${E2E_BASE_URL}/en${paths.category(iphone.id)}`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(card.getByText('Price : 52000Tk')).toBeVisible();
      await expect(card.getByText('Good condition')).toBeVisible();
      await expect(card.getByText('Dhaka, Mirpur')).toBeVisible();
      await page.reload();
      await expect(card.getByText('Price : 52000Tk')).toBeVisible();
      // The choice is kept: the home no longer goes to /bn/.
      await page.goto(paths.home);
      await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');

      await page.goto(paths.category(iphone.id));
      await switchLanguage(page, 'Show the site in Bangla', phone, 'Open menu');
      await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
      await expect(card.getByText('দাম : ৫২,০০০ টাকা')).toBeVisible();
      await page.reload();
      await expect(card.getByText('দাম : ৫২,০০০ টাকা')).toBeVisible();
      await expectNoSeriousAxeViolations(page);
    });
  }
});

test('a rendered Bangla page fetches the rest of its own catalog only, and the next screen reads Bangla', async ({
  page,
}) => {
  // The page carries only the messages its render used; the rest is a file of its language (docs/i18n.md).
  const catalogs: string[] = [];
  page.on('request', (request) => {
    const locale = /\/assets\/catalog\.(\w+)-[\w-]+\.js(?:on)?$/.exec(new URL(request.url()).pathname)?.[1];
    if (locale) catalogs.push(locale);
  });
  await page.goto('/bn/');
  await expect.poll(() => catalogs).toContain('bn');
  expect(catalogs).not.toContain('en');
  // The login screen's words were not on the home's first screen.
  await page.getByRole('link', { name: 'লগইন' }).filter({ visible: true }).first().click();
  await expect(page.getByRole('heading', { name: /স্বাগতম, লগইন করুন/ })).toBeVisible();
  expect(catalogs).not.toContain('en');
});

test('the public pages carry their addresses in both languages for search engines', async ({ page }) => {
  await page.goto(`/bn${paths.category(iphone.id)}`);
  const link = (selector: string) => page.locator(`head link[${selector}]`);
  await expect(link('rel="canonical"')).toHaveAttribute('href', /\/bn\/category\//);
  await expect(link('hreflang="en"')).toHaveAttribute('href', /\/en\/category\//);
  await expect(link('hreflang="x-default"')).toHaveAttribute('href', new RegExp(`/category/${iphone.id}$`));
});

test('the header, footer and 404 show only catalog text', async ({ page }) => {
  await usePseudoLocale(page);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('⟦');
  await expectAllTranslated(page);
});

for (const [size, viewport] of SIZES) {
  test(`a buyer whose account is Bangla gets the booking-accepted notification and mail in Bangla; the English seller does not (${size})`, async ({
    buyer,
    seller,
    createListing,
    openWindow,
  }) => {
    test.slow();
    expect((await buyer.api.put('/api/language', { data: { locale: 'bn' } })).ok()).toBe(true);
    const listing = await createListing(seller, { productName: uniqueText('Galaxy') });
    const booked = await buyer.api.post('/api/store/booking/product', {
      data: { productId: listing._id, phoneNumber: '01812345678', meetLocation: 'Mirpur' },
    });
    expect(booked.ok()).toBe(true);
    const { insertedId } = (await booked.json()) as { insertedId: string };
    const page = await openWindow({ as: buyer, viewport, lang: 'bn' });
    await page.goto('/bn/');
    const bell = page.getByRole('button', { name: /^নোটিফিকেশন/ });
    await expect(bell).toHaveAccessibleName('নোটিফিকেশন');
    expect((await seller.api.put(`/api/bookings/${insertedId}/accept`)).ok()).toBe(true);

    // Written by the server in the recipient's language, and rung live on the buyer's open page.
    await expect(bell).toHaveAccessibleName('নোটিফিকেশন, ১টি পড়া হয়নি', { timeout: timeLimit(20_000) });
    await bell.click();
    const panel = page.getByRole('region', { name: 'নোটিফিকেশন' });
    await expect(
      panel.getByText(`বিক্রেতা আপনার ${listing.productName} বুকিং গ্রহণ করেছেন।`, { exact: false }),
    ).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    const mail = await waitForMail(e2eMailFolder(), buyer.email, /PhoneHaat: আপনার বুকিং গ্রহণ করা হয়েছে/);
    expect(mail.text).toContain(`বিক্রেতা আপনার ${listing.productName} বুকিং গ্রহণ করেছেন।`);

    const sellers = (await (await seller.api.get('/api/notifications')).json()) as Array<{ message: string }>;
    for (const { message } of sellers) expect(message).not.toMatch(BENGALI);
  });
}
