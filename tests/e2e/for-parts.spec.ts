import { messages } from '#shared/messages';
import { paths } from '#shared/paths';
import { FOR_PARTS_ACKNOWLEDGEMENT, FOR_PARTS_NOTICE, FOR_PARTS_REQUIRED } from '#shared/trust';
import { expect, expectNoSeriousAxeViolations, test } from './support/fixtures';
import { freshImei } from './support/product-form';

/* A phone graded For parts is booked only by a buyer who ticks that they know it (docs/trust.md). */

test.use({ viewport: { width: 390, height: 844 } });

test('a buyer books a For parts phone only after ticking that it is sold for its parts, on a phone-sized window', async ({
  page,
  registerSeller,
  registerBuyer,
  createListing,
  loginAs,
}) => {
  const [seller, buyer] = await Promise.all([registerSeller(), registerBuyer()]);
  const listing = await createListing(seller, {
    imei: freshImei(),
    origin: 'official',
    conditionGrade: 'for_parts',
    checklist: {
      screen: 'no',
      cameras: 'yes',
      speaker_mic: 'yes',
      charging: 'not_sure',
      biometrics: 'no',
      wifi_bluetooth: 'yes',
      sim_slots: 'yes',
      water_damage: 'yes',
      replaced_parts: 'yes',
      box_receipt: 'no',
      warranty: 'no',
    },
    batteryHealth: 60,
    accountSignedOut: true,
    neirAnswer: 'valid',
  });
  await loginAs(page, buyer);

  await page.goto(paths.product(listing._id));
  const book = page.getByRole('button', { name: 'Book Now' });
  await expect(book).toHaveAccessibleDescription(`For parts: ${FOR_PARTS_NOTICE.toLowerCase()}.`);
  await book.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`${FOR_PARTS_NOTICE}.`)).toBeVisible();
  await dialog.getByLabel('Phone Number').fill('01712345678');
  await dialog.getByLabel('Meet Location').fill('Bashundhara City gate 1');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: FOR_PARTS_REQUIRED })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await dialog.getByLabel(FOR_PARTS_ACKNOWLEDGEMENT).check();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(messages.productBooked)).toBeVisible();
  await expect(dialog).toBeHidden();
});
