import { messages } from '#shared/messages';
import { paths } from '#shared/paths';
import { expect, expectNoSeriousAxeViolations, test } from './support/fixtures';
import { logInOnForm, phoneAndDesktop } from './support/screens';

/*
 * Reporting a seller from their public page: a signed-out buyer is sent to sign in and comes back,
 * reports with a reason, is refused a second report with the server's words; the admin sees the
 * case in the moderation queue.
 */

for (const [size, viewport] of phoneAndDesktop) {
  test(`a buyer reports a seller from the seller page, on a ${size} window`, async ({
    seller,
    buyer,
    createListing,
    adminCredentials,
    openWindow,
  }) => {
    test.slow();
    const sellerName = seller.name;
    await createListing(seller);
    const b = await openWindow({ viewport });
    // Signed out: the action leads to the login page, and back to the seller after it.
    await b.goto(paths.seller(seller._id));
    await b.getByRole('button', { name: 'Report this seller' }).click();
    await expect(b).toHaveURL(paths.login);
    await logInOnForm(b, buyer);
    await expect(b.getByText(messages.loginSuccess)).toBeVisible();
    await expect(b).toHaveURL(paths.seller(seller._id));

    await b.getByRole('button', { name: 'Report this seller' }).click();
    const dialog = b.getByRole('dialog', { name: `Report ${sellerName}?` });
    await dialog.getByLabel('Reason').selectOption({ label: 'Other' });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('Tell us what is wrong')).toBeVisible();
    await dialog.getByLabel('Reason').selectOption({ label: 'Scam' });
    await dialog.getByLabel(/What is wrong/).fill('Asked me to send bKash before meeting');
    await expectNoSeriousAxeViolations(b);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(b.getByText('Reported to admin. Thank you for keeping PhoneHaat safe.')).toBeVisible();
    await expect(dialog).toBeHidden();

    // A second report of the same seller is refused with the server's words.
    await b.getByRole('button', { name: 'Report this seller' }).click();
    await dialog.getByLabel('Reason').selectOption({ label: 'Spam' });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(b.getByText('You have reported this already. An admin will look at it.')).toBeVisible();

    // The admin finds the case in the queue, with its reason.
    const a = await openWindow({ as: adminCredentials, viewport });
    await a.goto(paths.moderation);
    const card = a.getByRole('article').filter({ hasText: sellerName });
    await expect(card).toContainText('Scam ×1');
    await expectNoSeriousAxeViolations(a);
  });
}
