import { linkIn, waitForMail } from '../support/mail-folder';
import { messages } from '#shared/messages';
import { paths } from '#shared/paths';
import { e2eMailFolder, expect, expectNoSeriousAxeViolations, test } from './support/fixtures';

/*
 * A suspended seller cannot sign in: the login screen says how to appeal, and the suspension mail's
 * link opens the appeal page, which works without a session. Reversed, the seller signs in again.
 */

for (const [size, viewport] of [
  ['phone-sized', { width: 390, height: 844 }],
  ['desktop-sized', { width: 1366, height: 850 }],
] as const) {
  test(`a suspended seller appeals from the mail's link, on a ${size} window`, async ({
    browser,
    seller,
    buyer,
    createListing,
    adminApi,
  }) => {
    test.slow();
    const listing = await createListing(seller);
    const reported = await buyer.api.post('/api/report/product', {
      data: { product_id: listing._id, reason: 'advance_payment' },
    });
    expect(reported.ok(), await reported.text()).toBe(true);
    const cases = (await (await adminApi.get('/api/moderation/cases?limit=100')).json()) as Array<{
      _id: string;
      subjectId: string;
    }>;
    const caseId = cases.find((c) => c.subjectId === listing._id)!._id;
    const suspended = await adminApi.post(`/api/moderation/cases/${caseId}/actions`, {
      data: { action: 'suspend', reason: 'scam' },
    });
    expect(suspended.ok(), await suspended.text()).toBe(true);

    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    try {
      const login = async () => {
        await page.goto(paths.login);
        await page.getByLabel('Email').fill(seller.email);
        await page.getByLabel('Password').fill(seller.password);
        await page.getByRole('button', { name: 'Login', exact: true }).click();
      };
      await login();
      await expect(page.getByText(/cannot sign in.*open "Appeal this decision" in that mail/)).toBeVisible();

      const mail = await waitForMail(e2eMailFolder(), seller.email, /a moderator acted on your account/);
      const link = new URL(linkIn(mail, paths.appeal));
      await page.goto(`${link.pathname}${link.search}`);
      await expect(page.getByRole('heading', { name: 'Appeal your suspension' })).toBeVisible();
      await page.getByLabel('Why is the decision wrong?').fill('I never asked for bKash; the buyer mixed us up');
      await expectNoSeriousAxeViolations(page);
      await page.getByRole('button', { name: 'Send appeal' }).click();
      await expect(page.getByText('Your appeal is sent.')).toBeVisible();

      const appeals = (await (await adminApi.get('/api/moderation/appeals?limit=100')).json()) as Array<{
        _id: string;
        text: string;
      }>;
      const appeal = appeals.find((a) => a.text === 'I never asked for bKash; the buyer mixed us up')!;
      const decided = await adminApi.put(`/api/moderation/appeals/${appeal._id}`, {
        data: { decision: 'reversed', reason: 'The buyer confused two sellers' },
      });
      expect(decided.ok(), await decided.text()).toBe(true);
      await login();
      await expect(page.getByText(messages.loginSuccess)).toBeVisible();
    } finally {
      await context.close();
    }
  });
}
