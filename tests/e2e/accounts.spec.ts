import { CATEGORY_CATALOGUE, categoryImageName } from '#server/start/seed/categories';
import { messages } from '#shared/messages';
import { timeLimit } from '../support/time-limits';
import { linkIn, RESET_SUBJECT, VERIFY_SUBJECT, waitForMail } from '../support/mail-folder';
import {
  e2eMailFolder,
  expect,
  expectNoSeriousAxeViolations,
  test,
  uniqueText,
  waitForTheAppOnLoad,
} from './support/fixtures';
import { E2E_PASSWORD } from './support/settings';
import { fillPhoneFields, pngPhoto } from './support/product-form';
import { paths } from '#shared/paths';

/*
 * Accounts people can recover (docs/accounts.md), in the browser: the mail is the e2e server's own
 * (its worker writes .eml files, see scripts/e2e-server.ts), opened and followed as its owner would.
 */

// Whole journeys (register, mail, form; two browsers) on a shared machine: more than the default 30 s.
test.describe.configure({ timeout: timeLimit(120_000) });

const freshEmail = (role: string) => `${uniqueText(role).replace(' ', '.')}@e2e.test`;

test('a new seller registers, opens the verification mail and lists a phone', async ({ page, baseURL }) => {
  const email = freshEmail('verify');
  await page.goto(paths.register);
  await page.getByLabel('Name').fill('Verified Seller');
  await page.getByLabel(/photo url/i).fill(`${baseURL}/uploads/${categoryImageName(CATEGORY_CATALOGUE[0]!.id)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByLabel('Register As').selectOption({ label: 'Seller' });
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText(messages.registerSuccess)).toBeVisible();

  // Not verified yet: the banner says so, and Add Product says why it cannot list.
  await page.goto(paths.addProduct);
  await expect(page.getByRole('region', { name: 'Verify your email' })).toContainText(email);
  await expect(page.getByRole('alert').filter({ hasText: 'verify your email address before you list' })).toBeVisible();
  // Told before filling the form in: the form is not there until the address is verified.
  await expect(page.getByLabel('Product Name')).toHaveCount(0);

  const mail = await waitForMail(e2eMailFolder(), email, VERIFY_SUBJECT);
  await page.goto(linkIn(mail, '/verify-email'));
  await expect(page.getByText('Your email address is verified.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Verify your email' })).toHaveCount(0);

  const productName = uniqueText('Verified phone');
  await page.goto(paths.addProduct);
  await fillPhoneFields(page, productName);
  await page.getByLabel('Product Image').setInputFiles(await pngPhoto());
  await page.getByRole('button', { name: /add product/i }).click();
  await expect(page.getByText(messages.productAdded)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: productName })).toBeVisible();
});

test('forgot password: from the login page to a new password, and back in', async ({ page, buyer }) => {
  await page.goto(paths.login);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(paths.forgotPassword);
  await page.getByLabel('Email').fill(buyer.email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account uses this address');

  const mail = await waitForMail(e2eMailFolder(), buyer.email, RESET_SUBJECT);
  await page.goto(linkIn(mail, '/reset-password'));
  await page.getByLabel('New password', { exact: true }).fill('password1');
  await page.getByLabel('New password again').fill('password1');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText('one of the most common ones')).toBeVisible();

  const fresh = 'a brand new secret 2026';
  await page.getByLabel('New password', { exact: true }).fill(fresh);
  await page.getByLabel('New password again').fill(fresh);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page).toHaveURL(paths.login);

  await page.getByLabel('Email').fill(buyer.email);
  await page.getByLabel('Password').fill(fresh);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText(messages.loginSuccess)).toBeVisible();

  // The link worked once.
  await page.goto(linkIn(mail, '/reset-password'));
  await page.getByLabel('New password', { exact: true }).fill('yet another secret 1');
  await page.getByLabel('New password again').fill('yet another secret 1');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('alert')).toContainText('used already');
});

test("changing the password in Account settings ends another browser's session", async ({
  page,
  browser,
  seller,
  loginAs,
}) => {
  const other = await browser.newContext();
  other.on('page', waitForTheAppOnLoad);
  const otherPage = await other.newPage();
  await loginAs(otherPage, seller);
  await otherPage.goto(paths.myProducts);
  await expect(otherPage.getByRole('heading', { name: 'My Product' }).first()).toBeVisible();

  await loginAs(page, seller);
  await page.goto(paths.dashboard);
  await page.getByRole('link', { name: 'Account settings' }).first().click();
  await expect(page).toHaveURL(paths.account);
  await page.getByLabel('Current password').fill(seller.password);
  await page.getByLabel('New password', { exact: true }).fill('a changed password 77');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Every other device is signed out.')).toBeVisible();

  // This browser stays in; the other one is out at its next page.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/login$/);
  await other.close();
});

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 13; SM-A525F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';

for (const [size, viewport] of [
  ['phone-sized', { width: 390, height: 844 }],
  ['desktop-sized', { width: 1366, height: 850 }],
] as const) {
  test(`Account settings lists the signed-in devices and signs one out, on a ${size} window`, async ({
    page,
    playwright,
    baseURL,
    buyer,
    loginAs,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    // A phone the buyer signed in on elsewhere, with its own browser.
    const phone = await playwright.request.newContext({
      baseURL,
      userAgent: ANDROID_CHROME,
      extraHTTPHeaders: { origin: baseURL! },
    });
    try {
      expect(
        (await phone.post('/api/auth/login', { data: { email: buyer.email, password: buyer.password } })).ok(),
      ).toBe(true);
      await loginAs(page, buyer);
      await page.goto(paths.account);

      const list = page.getByRole('list', { name: 'Signed-in devices' });
      await expect(list.getByRole('listitem')).toHaveCount(3);
      const thisOne = list.getByRole('listitem').filter({ hasText: 'This device' });
      await expect(thisOne).toContainText('This computer');
      await expect(thisOne).toContainText('Last used just now');
      const android = list.getByRole('listitem').filter({ hasText: 'Chrome on Android' });
      await expect(android).toContainText('This computer');
      await expectNoSeriousAxeViolations(page);
      await page
        .getByRole('region', { name: 'Devices' })
        .screenshot({ path: testInfo.outputPath(`devices-${size}.png`) });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      await android.getByRole('button', { name: /^Sign out/ }).click();
      await expect(page.getByText('That device is signed out.')).toBeVisible();
      await expect(list.getByRole('listitem')).toHaveCount(2);
      await expect(list).not.toContainText('Chrome on Android');
      expect((await phone.get('/api/auth/me')).status()).toBe(401);

      // Signing out this device is a logout.
      await thisOne.getByRole('button', { name: /^Sign out/ }).click();
      await expect(page).toHaveURL(paths.login);
    } finally {
      await phone.dispose();
    }
  });
}
