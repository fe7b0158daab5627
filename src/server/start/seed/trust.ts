import type { Kysely } from 'kysely';
import { CHECKLIST_ITEMS, GRADES, isIphone, ORIGINS, withCheckDigit, type Checklist, type Grade } from '#shared/trust';
import type { Database } from '#server/db/schema';
import { newId } from '#server/db/ids';
import { modelKeyOf, newVerificationCode } from '#server/db/listing-keys';
import { storedImei, type ImeiKey } from '#server/trust/imei';

/*
 * The demo's trust details (docs/trust.md): graded listings with checklists, some verified photos
 * and one waiting, one listing under review (its IMEI is on another seller's listing), one with
 * device history (the sold phone, listed again) and one graded For parts.
 */

/** No details at all: listed through the spec's own call, "IMEI not given". */
const WITHOUT_DETAILS = new Set([2, 16]);
/** Photos the admin approved ("Photo verified"), and one waiting in the admin's queue. */
export const PHOTO_APPROVED = new Set([0, 1, 3, 4, 10]);
export const PHOTO_PENDING = 8;
/** Listed by the new seller with the IMEI of the verified seller's listing SAME_PHONE_AS: under review. */
const UNDER_REVIEW = 11;
const SAME_PHONE_AS = 12;
/** The sold phone (demo.ts's SOLD), listed again later: its page says when it was sold here. */
const RELISTED = 14;
const SOLD_PHONE = 6;
/** Graded For parts (a Fair phone by the spec's condition): booked only with the buyer's tick. */
const FOR_PARTS = 17;

const imeiOf = (n: number) => withCheckDigit(`3520990${String(1000000 + n * 7919).slice(-7)}`);

function checklistOf(n: number, grade: Grade): Checklist {
  const answers = Object.fromEntries(CHECKLIST_ITEMS.map((item) => [item, 'yes'])) as Checklist;
  answers.water_damage = 'no';
  answers.replaced_parts = grade === 'fair' || grade === 'for_parts' ? 'yes' : 'no';
  answers.box_receipt = n % 2 === 0 ? 'yes' : 'no';
  answers.warranty = n % 4 === 0 ? 'yes' : 'no';
  if (n % 5 === 3) answers.biometrics = 'not_sure';
  return answers;
}

interface DemoTrustInput {
  n: number;
  productName: string;
  brand: string;
  postedAt: number;
}

/** The trust columns of demo listing `n`, as a save from the listing form writes them. */
export function demoTrustColumns(key: ImeiKey, { n, productName, brand, postedAt }: DemoTrustInput) {
  // Every row has every column: one insert of many rows takes the same columns for each.
  const common = {
    verification_code: newVerificationCode(),
    model_key: modelKeyOf(productName),
    imei_hash: null as string | null,
    imei_last4: null as string | null,
    origin: null as string | null,
    condition_grade: null as string | null,
    checklist: null as string | null,
    battery_health: null as number | null,
    is_account_signed_out: false,
    neir_checked_at: null as string | null,
    review_state: null as string | null,
    review_reasons: null as string | null,
    sold_at: null as string | null,
    deregistered_at: null as string | null,
  };
  if (WITHOUT_DETAILS.has(n)) return common;
  const imei = storedImei(key, imeiOf(n === UNDER_REVIEW ? SAME_PHONE_AS : n === RELISTED ? SOLD_PHONE : n));
  // A grade that matches the spec's condition the factory gave (Exellent, Good, Fair in turn).
  const grade: Grade =
    n === FOR_PARTS ? 'for_parts' : ([n % 2 === 0 ? 'like_new' : 'excellent', 'good', 'fair'][n % 3] as Grade);
  const soldAt = new Date(postedAt + 2 * 3_600_000).toISOString();
  return {
    ...common,
    imei_hash: imei.hash,
    imei_last4: imei.last4,
    origin: ORIGINS[n % 5 === 4 ? 2 : n % 4 === 3 ? 1 : 0],
    condition_grade: GRADES.includes(grade) ? grade : 'good',
    checklist: JSON.stringify(checklistOf(n, grade)),
    battery_health: isIphone(brand, productName) || n % 2 === 0 ? 78 + ((n * 7) % 22) : null,
    is_account_signed_out: true,
    neir_checked_at: new Date(postedAt).toISOString(),
    ...(n === UNDER_REVIEW ? { review_state: 'pending', review_reasons: 'imei' } : {}),
    ...(n === SOLD_PHONE ? { sold_at: soldAt, deregistered_at: soldAt } : {}),
  };
}

/** Which demo listings get a verification photo, and in which state. */
export const photoStateOf = (n: number) =>
  PHOTO_APPROVED.has(n) ? 'approved' : n === PHOTO_PENDING ? 'pending' : undefined;

/** A buyer's "not as described" report on the accepted demo deal, for the admin's review screen. */
export async function insertDemoComplaint(trx: Kysely<Database>, productId: string, at: Date) {
  const booking = await trx
    .selectFrom('bookings')
    .select(['id'])
    .where('product_id', '=', productId)
    .where('status', '=', 'accepted')
    .executeTakeFirst();
  if (!booking) return;
  await trx
    .insertInto('not_as_described')
    .values({
      id: newId(at.getTime()),
      booking_id: booking.id,
      product_id: productId,
      item: 'speaker_mic',
      details: 'The bottom speaker crackles at full volume; the listing said it works.',
      reported_at: at.toISOString(),
    })
    .execute();
}
