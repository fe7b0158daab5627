import type { Page } from '@playwright/test';
import { startIdentityProvider, type TestIdentityProvider } from '../support/oidc-provider';
import { expect, test } from './support/fixtures';
import { E2E_GOOGLE, E2E_GOOGLE_ISSUER } from './support/google';
import { paths } from '#shared/paths';

/*
 * 'Login With Google' end to end: the browser opens the popup, goes through a real OpenID Connect
 * provider's own sign-in and consent screens, and comes back signed in. The provider listens where
 * the e2e server's GOOGLE_ISSUER points (see support/google.ts).
 */

let provider: TestIdentityProvider;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  provider = await startIdentityProvider({
    port: E2E_GOOGLE.port,
    client: E2E_GOOGLE.client,
    redirectUris: [E2E_GOOGLE.redirectUri],
  });
  expect(provider.issuer).toBe(E2E_GOOGLE_ISSUER);
});
test.afterAll(() => provider?.close());

const freshLogin = () => `google.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}`;

/** Clicks the Google button on /login and answers the popup it opens. */
async function openGooglePopup(page: Page): Promise<Page> {
  await page.goto(paths.login);
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Login With Google' }).click();
  const popup = await popupOpened;
  await expect(popup.locator('input[name="login"]')).toBeVisible();
  return popup;
}

test('a new user signs in with Google in the popup and lands signed in as a buyer', async ({ page }) => {
  const login = freshLogin();
  provider.setAccount(login, { name: 'Karim Google', email: `${login}@e2e.test`, email_verified: true });

  const popup = await openGooglePopup(page);
  await popup.locator('input[name="login"]').fill(login);
  await popup.locator('input[name="password"]').fill('any password');
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Sign-in' }).click();
  await popup.getByRole('button', { name: 'Continue' }).click();
  await closed;

  await expect(page.getByText('User login success')).toBeVisible();
  await expect(page).toHaveURL(paths.home);
  await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
  const email = `${login}@e2e.test`;
  expect(await page.evaluate(() => window.localStorage.getItem('accessToken'))).toBeTruthy();
  const isBuyer = await page.request.get(`/api/buyer/${encodeURIComponent(email)}`);
  expect(await isBuyer.json()).toEqual({ isBuyer: true });
});

test('cancelling at the provider leaves the user signed out, with the reason under the form', async ({ page }) => {
  const popup = await openGooglePopup(page);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('link', { name: '[ Cancel ]' }).click();
  await closed;

  await expect(page.getByText('The Google sign-in was cancelled, so you are not signed in.')).toBeVisible();
  await expect(page).toHaveURL(paths.login);
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
});

test('closing the popup says so', async ({ page }) => {
  const popup = await openGooglePopup(page);
  await popup.close();
  await expect(page.getByText('The Google sign-in window was closed')).toBeVisible();
  await expect(page).toHaveURL(paths.login);
});

test('a refusal that comes back from a full-page sign-in is shown in our words, never the link’s', async ({ page }) => {
  await page.goto(`${paths.register}?google_error=cancelled`);
  await expect(page.getByText('The Google sign-in was cancelled, so you are not signed in.')).toBeVisible();

  await page.goto(`${paths.login}?google_error=${encodeURIComponent('Your account is locked. Call 01700000000.')}`);
  await expect(page.getByText('Google could not complete the sign-in. Please try again.')).toBeVisible();
  await expect(page.getByText('Your account is locked')).toHaveCount(0);
});
