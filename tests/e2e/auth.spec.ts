import type { Page } from '@playwright/test';
import { CATEGORY_CATALOGUE, categoryImageName } from '#server/start/seed/categories';
import { messages } from '#shared/messages';
import { expect, test, uniqueText } from './support/fixtures';
import { E2E_PASSWORD } from './support/settings';
import { paths } from '#shared/paths';

const freshEmail = (role: string) => `${uniqueText(role).replace(' ', '.')}@e2e.test`;
const photoURL = `/uploads/${categoryImageName(CATEGORY_CATALOGUE[0]!.id)}`;

const accessToken = (page: Page) => page.evaluate(() => window.localStorage.getItem('accessToken'));

test.describe('register', () => {
  // The photo is optional, and Register As starts on Buyer: name, email and password are what a sign-up needs.
  test('submitting an empty form shows every required message', async ({ page }) => {
    await page.goto(paths.register);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    for (const message of [
      messages.registerNameRequired,
      messages.registerEmailRequired,
      messages.registerPasswordRequired,
    ]) {
      // Spaces included: most of the spec's register messages start with one.
      await expect(page.getByText(message.trim())).toHaveJSProperty('textContent', message);
    }
    await expect(page).toHaveURL(paths.register);
  });

  for (const role of ['Buyer', 'Seller'] as const) {
    test(`a new ${role.toLowerCase()} registers and is signed in`, async ({ page, baseURL }) => {
      const email = freshEmail(role.toLowerCase());
      await page.goto(paths.register);
      await page.getByLabel('Name').fill(`New ${role}`);
      await page.getByLabel(/photo url/i).fill(`${baseURL}${photoURL}`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(E2E_PASSWORD);
      await page.getByLabel('Register As').selectOption({ label: role });
      await page.getByRole('button', { name: 'Register', exact: true }).click();

      await expect(page.getByText(messages.registerSuccess)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
      await expect.poll(() => accessToken(page)).not.toBeNull();

      const roleCheck = await page.request.get(`/api/${role.toLowerCase()}/${encodeURIComponent(email)}`);
      expect(await roleCheck.json()).toEqual({ [`is${role}`]: true });
    });
  }

  test('a registration whose profile step failed is finished by registering again', async ({ page, baseURL }) => {
    const email = freshEmail('seller');
    // The account and its session exist by then; only the profile with the role is missing.
    await page.route(
      '**/api/addUser',
      (route) =>
        route.fulfill({ status: 503, json: { message: 'PhoneHaat is busy. Please try again.', code: 'UNAVAILABLE' } }),
      { times: 1 },
    );
    await page.goto(paths.register);
    await page.getByLabel('Name').fill('Half Made');
    await page.getByLabel(/photo url/i).fill(`${baseURL}${photoURL}`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByLabel('Register As').selectOption({ label: 'Seller' });
    const register = page.getByRole('button', { name: 'Register', exact: true });
    await register.click();
    await expect(page.getByText('PhoneHaat is busy. Please try again.')).toBeVisible();
    await expect(page).toHaveURL(paths.register);

    await register.click();
    await expect(page.getByText(messages.registerSuccess)).toBeVisible();
    await expect(page).toHaveURL(paths.home);
    const roleCheck = await page.request.get(`/api/seller/${encodeURIComponent(email)}`);
    expect(await roleCheck.json()).toEqual({ isSeller: true });
  });

  test('registering an email that already has an account shows the server message', async ({
    page,
    buyer,
    baseURL,
  }) => {
    await page.goto(paths.register);
    await page.getByLabel('Name').fill('Someone Else');
    await page.getByLabel(/photo url/i).fill(`${baseURL}${photoURL}`);
    await page.getByLabel('Email').fill(buyer.email);
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByLabel('Register As').selectOption({ label: 'Buyer' });
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText('An account with this email already exists. Please log in.')).toBeVisible();
    await expect(page).toHaveURL(paths.register);
  });
});

test.describe('login', () => {
  test('the login page greets with the product name and links to register', async ({ page }) => {
    await page.goto(paths.login);
    await expect(page.getByRole('heading', { name: 'Welcome To PhoneHaat, Login Now !' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login With Google' })).toBeVisible();
    await page.getByRole('link', { name: /register/i }).click();
    await expect(page).toHaveURL(paths.register);
  });

  test('submitting an empty form shows both required messages', async ({ page }) => {
    await page.goto(paths.login);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText(messages.loginEmailRequired, { exact: true })).toBeVisible();
    await expect(page.getByText(messages.loginPasswordRequired, { exact: true })).toBeVisible();
  });

  test('a wrong password shows the server message under the form', async ({ page, buyer }) => {
    await page.goto(paths.login);
    await page.getByLabel('Email').fill(buyer.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Wrong email or password')).toBeVisible();
    await expect(page).toHaveURL(paths.login);
    expect(await accessToken(page)).toBeNull();
  });

  test('a guest sent to login from the dashboard returns there, and logout ends the session', async ({
    page,
    buyer,
  }) => {
    await page.goto(paths.dashboard);
    await expect(page).toHaveURL(paths.login);

    await page.getByLabel('Email').fill(buyer.email);
    await page.getByLabel('Password').fill(buyer.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText(messages.loginSuccess)).toBeVisible();
    await expect(page).toHaveURL(paths.dashboard);
    await expect(page.getByText('You can see your all activities here')).toBeVisible();
    await expect.poll(() => accessToken(page)).not.toBeNull();

    await page.getByRole('button', { name: 'Logout' }).first().click();
    await expect(page.getByText(messages.logoutSuccess.trim())).toBeVisible();
    await expect(page).toHaveURL(paths.login);
    expect(await accessToken(page)).toBeNull();

    await page.goto(paths.dashboard);
    await expect(page).toHaveURL(paths.login);
  });

  test('logging in from the login page lands on home', async ({ page, seller }) => {
    await page.goto(paths.login);
    await page.getByLabel('Email').fill(seller.email);
    await page.getByLabel('Password').fill(seller.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText(messages.loginSuccess)).toBeVisible();
    await expect(page).toHaveURL(paths.home);
    await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
  });
});
