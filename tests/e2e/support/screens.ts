import { expect, type Locator, type Page } from '@playwright/test';
import { paths } from '#shared/paths';
import type { Credentials } from './fixtures';

/*
 * What a person does on the way to the screen a test is about, written once:
 * - `PHONE`, `DESKTOP`, `phoneAndDesktop`: the window sizes a screen is checked on where its layout
 *   differs (`for (const [size, viewport] of phoneAndDesktop) test(`… on a ${size} window` …)`).
 * - `logInOnForm(page, user)`: types the email and password on the login page and signs in.
 * - `openBookingForm(page, productId, meetLocation?)`: Book Now on the product page, the form filled,
 *   not yet sent; answers the dialog.
 * - `expectHelpLinks(container)`: the spec's three help links are in `container` (the footer, Account
 *   settings), each to a page of its own.
 */

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 850 };
export const phoneAndDesktop = [
  ['phone-sized', PHONE],
  ['desktop-sized', DESKTOP],
] as const;

export async function logInOnForm(page: Page, { email, password }: Credentials): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** The number buyers type into the booking form. */
export const TYPED_PHONE = '01712345678';

export async function openBookingForm(page: Page, productId: string, meetLocation = 'Rangpur'): Promise<Locator> {
  await page.goto(paths.product(productId));
  await page.getByRole('button', { name: 'Book Now' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Phone Number').fill(TYPED_PHONE);
  await dialog.getByLabel('Meet Location').fill(meetLocation);
  return dialog;
}

export async function expectHelpLinks(container: Locator): Promise<void> {
  for (const [name, href] of [
    ['F.A.Q', paths.faq],
    ['Privacy Policy', paths.privacy],
    ['Terms & Conditions', paths.terms],
  ] as const) {
    await expect(container.getByRole('link', { name })).toHaveAttribute('href', href);
  }
}
