import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { messages } from '#shared/messages';
import { linkIn, VERIFY_SUBJECT, waitForMail } from '../support/mail-folder';
import { timeLimit } from '../support/time-limits';
import { e2eMailFolder, expect, expectNoSeriousAxeViolations, test, uniqueText } from './support/fixtures';
import { fillPhoneFields } from './support/product-form';
import { expectHelpLinks, openBookingForm } from './support/screens';
import { E2E_PASSWORD } from './support/settings';
import { paths } from '#shared/paths';

/*
 * One account buys and sells (docs/accounts.md): a newcomer signs up with a name, an email and a
 * password, starts selling from "Sell your phone", lists a phone and books another seller's, all
 * from the same account; and renames themself in Account settings.
 */

// Whole journeys (register, mail, two forms, a booking) on a shared machine: more than the default 30 s.
test.describe.configure({ timeout: timeLimit(150_000) });

const freshEmail = () => `${uniqueText('newcomer').replace(' ', '.')}@e2e.test`;

const sizes = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1366, height: 850 }],
] as const;

const png = (r: number, g: number, b: number) =>
  sharp({ create: { width: 320, height: 320, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

async function signUp(page: Page, name: string, email: string) {
  await page.goto(paths.register);
  await expect(page.getByLabel('Register As')).toHaveValue('buyer');
  await expectNoSeriousAxeViolations(page);
  await expect(page.getByRole('link', { name: 'Terms & Conditions' }).first()).toHaveAttribute('href', '/terms');
  await expect(page.getByRole('link', { name: 'Privacy Policy' }).first()).toHaveAttribute('href', '/privacy');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText(messages.registerSuccess)).toBeVisible();
}

for (const [size, viewport] of sizes) {
  test.describe(`on a ${size}-sized window`, () => {
    test.use({ viewport });

    test('sign up without a photo, start selling from "Sell your phone", list, then book another seller\'s phone', async ({
      page,
      registerSeller,
      createListing,
    }) => {
      const other = await createListing(await registerSeller(), { productName: uniqueText("Another seller's phone") });
      const name = `Nadia ${uniqueText('Islam').split(' ')[1]}`;
      const email = freshEmail();
      await signUp(page, name, email);

      // The photo was optional: the account got one drawn with its initials.
      const me = await (await page.request.get('/api/auth/me')).json();
      expect(me.photoURL).toMatch(/^\/uploads\/avatar-[0-9a-f]{24}\.webp$/);

      // A signed-in buyer is taken to Start selling, which first asks for the verified address.
      await page.goto(paths.home);
      await page.getByRole('link', { name: 'Sell your phone' }).click();
      await expect(page).toHaveURL(paths.startSelling);
      await expect(page.getByRole('heading', { name: 'Step 1 of 2: verify your email address' })).toBeVisible();
      await expect(page.getByLabel('Mobile number')).toHaveCount(0);
      await expectNoSeriousAxeViolations(page);

      const mail = await waitForMail(e2eMailFolder(), email, VERIFY_SUBJECT);
      await page.goto(linkIn(mail, '/verify-email'));
      await expect(page.getByText('Your email address is verified.')).toBeVisible();

      await page.goto(paths.home);
      await page.getByRole('link', { name: 'Sell your phone' }).click();
      await expect(page.getByLabel('Seller name')).toHaveValue(name);
      await page.getByRole('button', { name: 'Start selling' }).click();
      await expect(page.getByText('Please provide seller mobile number')).toBeVisible();
      await expect(page.getByText('Please accept the Terms & Conditions to sell on PhoneHaat')).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await page.getByLabel('Mobile number').fill('01712 345678');
      await page.getByRole('checkbox', { name: /I have read the Terms & Conditions/ }).check();
      await page.getByRole('button', { name: 'Start selling' }).click();
      await expect(page.getByText('You can sell now: add your first phone.')).toBeVisible();

      // Add Product, with the number given a moment ago already filled in.
      await expect(page).toHaveURL(paths.addProduct);
      await expect(page.getByLabel('Seller Mobile')).toHaveValue('01712 345678');
      const productName = uniqueText('First listing');
      await fillPhoneFields(page, productName);
      await page.getByLabel('Product Image').setInputFiles({
        name: 'my-phone.png',
        mimeType: 'image/png',
        buffer: await png(40, 120, 200),
      });
      await page.getByRole('button', { name: /add product/i }).click();
      await expect(page.getByText(messages.productAdded)).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: productName })).toBeVisible();

      // The same account books another seller's phone.
      const dialog = await openBookingForm(page, other._id, 'Jamuna Future Park, gate 2');
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByText(messages.productBooked)).toBeVisible();

      await page.goto(paths.myOrders);
      await expect(page.getByRole('row').filter({ hasText: other.productName })).toContainText('Requested');
      await expectNoSeriousAxeViolations(page);

      // Its own phone it cannot book.
      await page.goto(paths.myProducts);
      await page.getByRole('row').filter({ hasText: productName }).getByRole('link', { name: productName }).click();
      await expect(page.getByText('This is your phone.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Book Now' })).toHaveCount(0);
      await expectNoSeriousAxeViolations(page);
    });

    test('rename in Account settings, and keep the photo', async ({ page, signedInBuyer: buyer }) => {
      await page.goto(paths.account);
      await expectHelpLinks(page.getByRole('region', { name: 'Help and policies' }));
      const newName = `Renamed ${uniqueText('Buyer').split(' ')[1]}`;
      await page.getByLabel('Name', { exact: true }).fill(newName);
      await page.getByRole('button', { name: 'Save profile' }).click();
      await expect(page.getByText('Your profile is saved')).toBeVisible();
      await expectNoSeriousAxeViolations(page);

      const me = await (await page.request.get('/api/auth/me')).json();
      expect(me).toMatchObject({ displayName: newName, photoURL: buyer.photoURL });
      await page.goto(paths.dashboard);
      await expect(page.getByRole('heading', { name: `Welcome, ${newName}` })).toBeVisible();
    });
  });
}

test('a photo from the device becomes the profile photo in Account settings', async ({
  page,
  signedInBuyer: buyer,
}) => {
  await page.goto(paths.account);
  await page.getByLabel('Upload from your device').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: await png(200, 80, 60),
  });
  // The spec's link field steps aside while a file is chosen.
  await expect(page.getByLabel('Photo URL')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile is saved')).toBeVisible();
  const me = await (await page.request.get('/api/auth/me')).json();
  expect(me.photoURL).toMatch(/^\/uploads\/[0-9a-f]{24}\.webp$/);
  await page.reload();
  await expect(page.getByRole('img', { name: `${buyer.name}'s profile photo` }).first()).toHaveAttribute(
    'src',
    me.photoURL,
  );
});

test('a photo from the device at sign-up becomes the profile photo', async ({ page }) => {
  const email = freshEmail();
  await page.goto(paths.register);
  await page.getByLabel('Name').fill('Photo Newcomer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByLabel('Upload from your device').setInputFiles({
    name: 'newcomer.png',
    mimeType: 'image/png',
    buffer: await png(30, 160, 90),
  });
  await expect(page.getByRole('img', { name: "Photo Newcomer's profile photo" })).toBeVisible();
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText(messages.registerSuccess)).toBeVisible();
  const newcomer = await (await page.request.get('/api/auth/me')).json();
  expect(newcomer).toMatchObject({ email, displayName: 'Photo Newcomer' });
  expect(newcomer.photoURL).toMatch(/^\/uploads\/[0-9a-f]{24}\.webp$/);
});
