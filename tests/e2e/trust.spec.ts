import type { APIRequestContext } from '@playwright/test';
import { CATEGORY_CATALOGUE } from '#server/start/seed/categories';
import { paths } from '#shared/paths';
import { expect, expectNoSeriousAxeViolations, test, uniqueText } from './support/fixtures';
import { fillPhoneFields, freshImei, pngPhoto } from './support/product-form';
import { phoneAndDesktop } from './support/screens';

/* A phone a buyer can trust (docs/trust.md): IMEI, grade, checklist, verification photo, review, handover. */

/** The colour of this file's photos, so they are files no other test uploads. */
const GREEN = { r: 40, g: 160, b: 90 };

for (const [size, viewport] of phoneAndDesktop) {
  test(`a seller lists a checked phone, the admin verifies its photo, a buyer books it and both see the handover, on a ${size} window`, async ({
    seller,
    buyer,
    registerSeller,
    adminCredentials,
    openWindow,
  }) => {
    test.slow();
    const copier = await registerSeller();
    const imei = freshImei();
    const productName = uniqueText('Trusted Galaxy');
    const sellerPage = await openWindow({ as: seller, viewport });
    const adminPage = await openWindow({ as: adminCredentials, viewport });
    const buyerPage = await openWindow({ as: buyer, viewport });

    // The seller lists the phone with its IMEI, grade, checklist and NEIR's answer.
    await sellerPage.goto(paths.addProduct);
    await fillPhoneFields(sellerPage, productName);
    await sellerPage.getByLabel('IMEI 1').fill(imei.replace(/(\d{2})(\d{6})(\d{7})/, '$1 $2-$3'));
    await expect(sellerPage.getByRole('link', { name: 'Send the SMS to 16002' })).toHaveAttribute(
      'href',
      `sms:16002?body=KYD%20${imei}`,
    );
    await expectNoSeriousAxeViolations(sellerPage);
    await sellerPage.getByLabel('Product Image').setInputFiles(await pngPhoto('galaxy.png', GREEN));
    await sellerPage.getByRole('button', { name: /add product/i }).click();
    await expect(sellerPage).toHaveURL(paths.myProducts);

    // The verification photo: the phone beside the code, written on paper.
    const row = sellerPage.getByRole('row').filter({ hasText: productName });
    await expect(row.getByText('No photo yet')).toBeVisible();
    await row.getByLabel(/Verification photo of/).setInputFiles(await pngPhoto('code.png', GREEN));
    await expect(sellerPage.getByText('Photo sent: the admin checks it')).toBeVisible();
    await expect(row.getByText('Photo sent', { exact: true })).toBeVisible();
    await expectNoSeriousAxeViolations(sellerPage);

    // The admin approves it from the Listing review screen.
    await adminPage.goto(paths.listingReviews);
    const photoRow = adminPage.getByRole('row').filter({ hasText: productName });
    await expect(photoRow).toBeVisible();
    await expectNoSeriousAxeViolations(adminPage);
    await photoRow.getByRole('button', { name: 'Approve' }).click();
    await expect(adminPage.getByText('Photo approved: the seller has been told.')).toBeVisible();

    // A second seller listing the same IMEI is refused: the listing waits for review, out of sight.
    const answer = await copier.api.post('/api/store_products', {
      data: await copiedListing(copier, imei),
    });
    expect(((await answer.json()) as { review: { reasons: string[] } | null }).review).toEqual({ reasons: ['imei'] });

    // The buyer sees the grade, the checklist, the last 4 digits, "Photo verified" and the NEIR check.
    const productId = (await sellerPage.getByRole('link', { name: productName }).first().getAttribute('href'))!
      .split('/')
      .pop()!;
    await buyerPage.goto(paths.product(productId));
    await expect(buyerPage.getByText('Photo verified').first()).toBeVisible();
    await expect(buyerPage.getByText(`••••••••••• ${imei.slice(-4)}`, { exact: false })).toBeVisible();
    await expect(buyerPage.getByText('Good: Marks invisible at 50 cm.')).toBeVisible();
    await expect(buyerPage.getByText('Official (BTRC-approved)').first()).toBeVisible();
    await expect(buyerPage.getByRole('listitem').filter({ hasText: 'Cameras work' })).toContainText('Yes');
    await expect(buyerPage.getByRole('heading', { name: 'Check this phone on NEIR' })).toBeVisible();
    await buyerPage.getByLabel('IMEI from *#06#').fill(imei);
    await expect(buyerPage.getByRole('link', { name: 'Send the SMS to 16002' })).toBeVisible();
    await expectNoSeriousAxeViolations(buyerPage);

    await buyerPage.getByRole('button', { name: 'Book Now' }).click();
    const dialog = buyerPage.getByRole('dialog');
    await dialog.getByLabel('Phone Number').fill('01712345678');
    await dialog.getByLabel('Meet Location').fill('Bashundhara City, gate 1');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(buyerPage.getByText('Product Booked Success !')).toBeVisible();

    // Once accepted, both sides see the handover checklist.
    await sellerPage.goto(paths.bookingRequests);
    const request = sellerPage.getByRole('row').filter({ hasText: productName });
    await request.getByRole('button', { name: 'Accept' }).click();
    await sellerPage.getByRole('dialog').getByRole('button', { name: 'Yes, accept' }).click();
    await request.getByRole('button', { name: 'Handover checklist' }).click();
    await expect(sellerPage.getByRole('dialog')).toContainText('*16161#');
    await expectNoSeriousAxeViolations(sellerPage);
    await sellerPage.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    await buyerPage.goto(paths.myOrders);
    const order = buyerPage.getByRole('row').filter({ hasText: productName });
    await order.getByRole('button', { name: 'Handover checklist' }).click();
    const handover = buyerPage.getByRole('dialog');
    await expect(handover).toContainText(`the IMEI must end in ${imei.slice(-4)}`);
    await expectNoSeriousAxeViolations(buyerPage);
    await handover.getByLabel('What is not as the listing said').selectOption('cameras');
    await handover.getByLabel('What you found').fill('The back camera shows a black picture.');
    await handover.getByRole('button', { name: 'Report not as described' }).click();
    await expect(buyerPage.getByText('Reported: the admin will look at it.')).toBeVisible();

    // Marking it sold asks the seller to confirm the NEIR de-registration.
    await request.getByRole('button', { name: 'Mark sold' }).click();
    const confirm = sellerPage.getByRole('dialog');
    await expect(confirm).toContainText('*16161#');
    await confirm.getByRole('button', { name: 'De-registered: mark sold' }).click();
    await expect(sellerPage.getByText('Marked sold. Congratulations on the sale!')).toBeVisible();
  });
}

async function copiedListing(copier: { api: APIRequestContext }, imei: string) {
  const upload = await copier.api.post('/api/uploads', {
    multipart: { image: await pngPhoto('copy.png', GREEN) },
  });
  const url = ((await upload.json()) as { data: { url: string } }).data.url;
  return {
    productName: uniqueText('Copy Galaxy'),
    brand: 'Samsung',
    category_id: CATEGORY_CATALOGUE[1]!.id,
    originalPrice: 89000,
    resalePrice: 50000,
    yearOfPurchase: 2021,
    productCondition: 'Good',
    sellerMobile: '+880 1712 345679',
    location: 'Dhaka',
    description: 'The same phone, listed again.',
    productImg: url,
    imei,
  };
}
