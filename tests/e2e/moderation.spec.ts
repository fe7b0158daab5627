import type { Page } from '@playwright/test';
import { paths } from '#shared/paths';
import { expect, expectNoSeriousAxeViolations, test, uniqueText } from './support/fixtures';
import { decideCase, okJson, reportedReview, startConversation } from './support/deals';
import { DESKTOP, phoneAndDesktop } from './support/screens';

/*
 * The moderation desk's acceptance flow: a buyer reports a listing with a reason; the seller edits
 * it; the admin sees the listing as it was reported beside how it is now, and restricts the seller
 * for 7 days; the seller sees the notice, cannot list, and appeals; the admin reverses it.
 */

const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

for (const [size, viewport] of phoneAndDesktop) {
  test(`report, restrict for 7 days, appeal and reverse, on a ${size} window${size === 'desktop-sized' ? ' @engine' : ''}`, async ({
    seller,
    buyer,
    createListing,
    adminCredentials,
    openWindow,
  }) => {
    test.slow();
    const name = uniqueText('Reported Pixel');
    const listing = await createListing(seller, { productName: name });
    const b = await openWindow({ as: buyer, viewport });
    const a = await openWindow({ as: adminCredentials, viewport });
    const s = await openWindow({ as: seller, viewport });
    // The buyer reports the listing with a reason.
    await b.goto(paths.product(listing._id));
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
    await a.goto(paths.moderation);
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
    await s.goto(paths.addProduct);
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
    await a.goto(paths.moderationAppeals);
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
    await s.goto(paths.addProduct);
    await expect(s.getByRole('heading', { name: 'Add Product' })).toBeVisible();
    await expect(s.getByText(/Your account is restricted until/)).toHaveCount(0);

    await a.goto(paths.moderationLog);
    await expect(a.getByRole('row').filter({ hasText: 'Appeal decided: reversed' }).first()).toBeVisible();
    await expectNoSeriousAxeViolations(a);
  });
}

test('a seller reports a buyer’s conversation; the admin sees the reported message as it was', async ({
  page,
  signedInSeller: seller,
  buyer,
  createListing,
  adminCredentials,
  openWindow,
}) => {
  const listing = await createListing(seller, { productName: uniqueText('Chat Galaxy') });
  const scam = `Send 2000 Tk advance by bKash first ${uniqueText('ref')}`;
  const conversationId = await startConversation(buyer, listing._id, scam);

  await page.goto(paths.conversation(conversationId));
  await page.getByRole('button', { name: 'Report', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').selectOption({ label: 'Asks for advance payment (bKash/Nagad)' });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Reported to admin. Thank you for keeping PhoneHaat safe.')).toBeVisible();

  const admin = await openWindow({ as: adminCredentials, viewport: DESKTOP });
  await admin.goto(paths.moderation);
  const card = admin.getByRole('article').filter({ hasText: buyer.name });
  await card.getByRole('link', { name: /^Open the case of/ }).click();
  const evidence = admin.getByRole('region', { name: 'Reports, as they were when reported' });
  const messages = evidence.getByRole('list', { name: /^Messages about/ });
  await expect(messages.getByRole('listitem').filter({ hasText: 'reported message' })).toContainText(scam);
  await expectNoSeriousAxeViolations(admin);
});

test('the admin hides a reported review from its case; it leaves the seller page', async ({
  page,
  seller,
  buyer,
  createListing,
  loginAs,
  adminCredentials,
  openWindow,
}) => {
  test.slow();
  const listing = await createListing(seller);
  const comment = uniqueText('Call me on 01711000000');
  const stars = { asDescribed: 2, communication: 1, punctuality: 3 };
  await reportedReview(seller, buyer, listing._id, { ...stars, comment }, 'personal_information');

  await loginAs(page, adminCredentials);
  await page.goto(paths.moderation);
  const title = `${buyer.name}'s review of ${seller.name}`;
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card).toContainText('Personal information ×1');
  await card.getByRole('link', { name: `Open the case of ${title}` }).click();
  const evidence = page.getByRole('region', { name: 'Reports, as they were when reported' });
  await expect(evidence).toContainText(comment);
  await expect(evidence.getByText('1 of 5', { exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  // The evidence is data: a Bangla admin reads the same case's labels in Bangla, the comment as written.
  const bangla = await openWindow({ as: adminCredentials, viewport: DESKTOP, lang: 'bn' });
  await bangla.goto(new URL(page.url()).pathname);
  const banglaEvidence = bangla.getByRole('region', { name: 'রিপোর্ট, রিপোর্ট করার সময় যেমন ছিল' });
  await expect(banglaEvidence).toContainText(comment);
  await expect(banglaEvidence.getByText('৫-এর মধ্যে ১', { exact: true })).toBeVisible();
  await expect(banglaEvidence).toContainText('বর্ণনার সাথে মিল');
  await expect(banglaEvidence).toContainText(`${buyer.name} (ক্রেতা)`);
  await bangla.close();

  const decide = page.getByRole('region', { name: 'Decide' });
  await decide.getByLabel('Action').selectOption({ label: 'Hide the review' });
  await decide.getByLabel('Reason').selectOption({ label: 'Other' });
  await decide.getByLabel(/^Note/).fill('Shares a phone number');
  await decide.getByRole('button', { name: 'Apply' }).click();
  await expect(toast(page, 'Done: Hide the review')).toBeVisible();

  await page.goto(paths.seller(seller._id));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(seller.name);
  await expect(page.getByText(comment)).toHaveCount(0);
});

test("a Bangla seller reads the moderator's reason in Bangla, and the note as it was written", async ({
  seller,
  buyer,
  createListing,
  adminApi,
  openWindow,
}) => {
  const listing = await createListing(seller, { productName: uniqueText('Held Redmi') });
  await okJson(buyer.api.post('/api/report/product', { data: { product_id: listing._id, reason: 'fake_photos' } }));
  const note = 'Show the back of the phone';
  await decideCase(adminApi, listing._id, { action: 'request_changes', reason: 'misleading', note });

  const s = await openWindow({ as: seller, lang: 'bn', viewport: DESKTOP });
  await s.goto(paths.myProducts);
  const row = s.getByRole('row').filter({ hasText: listing.productName });
  await expect(row.getByText('বদলাতে বলা হয়েছে')).toBeVisible();
  await expect(row.getByText(`বিভ্রান্তিকর বিজ্ঞাপন (ছবি, মডেল, দাম): ${note}`)).toBeVisible();
  // The note is the moderator's own words: marked so, never translated.
  await expect(row.locator('[data-user-text]', { hasText: note })).toHaveText(note);
  await expectNoSeriousAxeViolations(s);
});
