import { messageText } from './i18n/message-text';
import { z } from './zod';
import { toLatinDigits } from './i18n/digits';
import { choicesOf } from './choices';
import { listingRefFields, listingSellerFields, namedListingFields, requiredText, timestampSchema } from './common';
import { messages } from './messages';
import { GRADES, ORIGINS, type Grade } from './trust-terms';

/*
 * What makes a used phone one a buyer can trust (docs/trust.md): its IMEI, the NEIR answer, where
 * it was bought, a graded condition with a functional checklist, and a verification photo.
 */

export const NEIR_NUMBER = '16002';
export const NEIR_NOT_VALID =
  'NEIR says this phone is not valid, so it cannot be listed: call BTRC on 100 or visit neir.btrc.gov.bd to find out why and how to register it.';

/** Digits as typed: Bengali digits become Latin ones, spaces and dashes go. */
export const imeiDigits = (text: string) => toLatinDigits(text).replace(/[\s-]/g, '');

/** The Luhn check digit of 3GPP TS 23.003: the 15th digit makes the weighted sum a multiple of 10. */
export function hasLuhnCheckDigit(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A 15-digit IMEI from its first 14 digits (demo data and tests make valid ones this way). */
export function withCheckDigit(first14: string): string {
  for (let d = 0; d <= 9; d++) if (hasLuhnCheckDigit(`${first14}${d}`)) return `${first14}${d}`;
  throw new Error('unreachable: one check digit always fits');
}

/** Why an IMEI (already as digits) is refused, in words that say what to do; undefined when it is fine. */
export function imeiProblem(digits: string): string | undefined {
  if (!/^\d+$/.test(digits)) return messageText('shared.trust.imeiDigitsOnly');
  if (digits.length === 16) return messageText('shared.trust.imeisv');
  if (digits.length !== 15) return messageText('shared.trust.imeiLength');
  if (/^(\d)\1{14}$/.test(digits)) return messageText('shared.trust.imeiFake');
  if (!hasLuhnCheckDigit(digits)) return messageText('shared.trust.imeiCheckDigit');
  return undefined;
}

const imeiSchema = z
  .string({ error: messageText('shared.trust.imeiRequired') })
  .max(40, messageText('shared.trust.imeiLength'))
  .transform((text, ctx) => {
    const digits = imeiDigits(text);
    const problem = imeiProblem(digits);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return digits;
  });

/** "••••••••••• 1234": all anyone but the seller's own phone shows of an IMEI. */
export const maskedImei = (last4: string) => `••••••••••• ${last4}`;

export { GRADES, ORIGINS, type Grade, type Origin } from './trust-terms';
/** The rubric's one sentence per grade, shown on the form. */
export const GRADE_RUBRIC: Record<Grade, string> = {
  like_new: 'No marks at all, as if just out of the box.',
  excellent: 'Marks invisible at 20 cm.',
  good: 'Marks invisible at 50 cm.',
  fair: 'Visible marks, but the screen is fine.',
  for_parts: 'Does not work fully: sold for its parts.',
};
/** The spec's productCondition each grade answers (For parts has no spec value of its own). */
export const SPEC_CONDITION_OF_GRADE = {
  like_new: 'Exellent',
  excellent: 'Exellent',
  good: 'Good',
  fair: 'Fair',
  for_parts: 'Fair',
} as const satisfies Record<Grade, 'Exellent' | 'Good' | 'Fair'>;

/**
 * A For parts phone is booked (or offered on) only with the buyer's explicit `forParts: true`, so
 * nobody books it believing it works. Other phones ignore the field (the spec's client never sends it).
 */
export const FOR_PARTS_NOTICE = 'Sold for its parts, not as a working phone';
export const FOR_PARTS_ACKNOWLEDGEMENT = 'I understand this phone is sold for its parts';
export const FOR_PARTS_REQUIRED = 'This phone is sold for its parts: tick that you understand before going on';
export const forPartsField = z.boolean({ error: messageText('shared.trust.forPartsBoolean') }).optional();
/** Whether a request on a phone of `grade` lacks the acknowledgement it needs. */
export const lacksPartsAcknowledgement = (grade: string | null, forParts: boolean | undefined) =>
  grade === 'for_parts' && forParts !== true;

export const CHECK_ANSWER_LABELS = { yes: 'Yes', no: 'No', not_sure: 'Not sure' };
export type CheckAnswer = keyof typeof CHECK_ANSWER_LABELS;
export const CHECK_ANSWERS = choicesOf(CHECK_ANSWER_LABELS);

export const CHECKLIST_LABELS = {
  screen: 'Screen and touch work',
  cameras: 'Cameras work',
  speaker_mic: 'Speaker and microphone work',
  charging: 'Charging works',
  biometrics: 'Fingerprint / face unlock works',
  wifi_bluetooth: 'Wi-Fi and Bluetooth work',
  sim_slots: 'Both SIM slots work',
  water_damage: 'Water damage',
  replaced_parts: 'Screen or battery replaced',
  box_receipt: 'Box and receipt included',
  warranty: 'Warranty left',
};
export type ChecklistItem = keyof typeof CHECKLIST_LABELS;
export const CHECKLIST_ITEMS = choicesOf(CHECKLIST_LABELS);

export const checklistSchema = z.object(
  Object.fromEntries(
    CHECKLIST_ITEMS.map((item) => [
      item,
      z.enum(CHECK_ANSWERS, { error: `Answer "${CHECKLIST_LABELS[item]}": yes, no or not sure` }),
    ]),
  ) as Record<ChecklistItem, z.ZodEnum<{ yes: 'yes'; no: 'no'; not_sure: 'not_sure' }>>,
  { error: messageText('shared.trust.answerChecklist') },
);
export type Checklist = z.infer<typeof checklistSchema>;

/** A whole number typed with Latin or Bengali digits. */
const wholeNumber = (message: string, min: number, max: number) =>
  z
    .union([z.string(), z.number()], { error: message })
    .transform((v) => (typeof v === 'number' ? String(v) : toLatinDigits(v).trim()))
    .pipe(
      z
        .string()
        .regex(/^\d{1,3}$/, message)
        .transform(Number)
        .pipe(z.number().min(min, message).max(max, message)),
    );

export const BATTERY_MESSAGE =
  'Enter the battery health as a percentage from 1 to 100 (Settings → Battery on an iPhone)';
const batterySchema = wholeNumber(BATTERY_MESSAGE, 1, 100);

export const isIphone = (brand: string, productName: string) => /iphone|apple/i.test(`${brand} ${productName}`);

export const ACCOUNT_SIGNED_OUT = 'Google / iCloud account signed out';
const ACCOUNT_MESSAGE = 'Sign the phone out of its Google or iCloud account first, then tick this box';

/** A field left empty on the form is one not given. */
const emptyIsAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * What PhoneHaat's listing form adds to POST /store_products and PUT /edit/product/{id}. Each field
 * is optional for the spec's own client (a listing without an IMEI shows "IMEI not given"); the
 * form requires them through `listingFormTrustSchema`. On an edit, an absent IMEI keeps the one stored.
 */
export const trustFieldsSchema = z.object({
  imei: z.preprocess(emptyIsAbsent, imeiSchema.optional()),
  imei2: z.preprocess(emptyIsAbsent, imeiSchema.optional()),
  origin: z.enum(ORIGINS, { error: messageText('shared.trust.chooseOrigin') }).optional(),
  conditionGrade: z.enum(GRADES, { error: messages.conditionRequired }).optional(),
  checklist: checklistSchema.optional(),
  batteryHealth: z.preprocess(emptyIsAbsent, batterySchema.optional()),
  accountSignedOut: z.literal(true, { error: ACCOUNT_MESSAGE }).optional(),
  neirAnswer: z.enum(['valid', 'not_valid'], { error: 'Record what NEIR answered: valid or not valid' }).optional(),
});
export type TrustFields = z.infer<typeof trustFieldsSchema>;

type Issue = { path: string; message: string };

/** The rules across trust fields, for the server and the form alike. */
export function trustIssues(fields: TrustFields & { brand?: string; productName?: string }): Issue[] {
  const issues: Issue[] = [];
  if (fields.imei && fields.imei2 && fields.imei === fields.imei2)
    issues.push({
      path: 'imei2',
      message: messageText('shared.trust.imeiTwiceSame'),
    });
  if (fields.neirAnswer === 'not_valid') issues.push({ path: 'neirAnswer', message: NEIR_NOT_VALID });
  return issues;
}

/** What the listing form requires on top: a new listing, or an old one that had no IMEI, gives one. */
export function formIssues(fields: TrustFields & { brand: string; productName: string }, imeiStored: boolean): Issue[] {
  const issues = trustIssues(fields);
  if (!fields.imei && !imeiStored) issues.push({ path: 'imei', message: messageText('shared.trust.imeiRequired') });
  if (!fields.origin) issues.push({ path: 'origin', message: messageText('shared.trust.chooseOrigin') });
  if (!fields.conditionGrade) issues.push({ path: 'conditionGrade', message: messages.conditionRequired });
  if (!fields.checklist) issues.push({ path: 'checklist', message: messageText('shared.trust.answerChecklist') });
  if (!fields.accountSignedOut) issues.push({ path: 'accountSignedOut', message: ACCOUNT_MESSAGE });
  if (fields.batteryHealth === undefined && isIphone(fields.brand, fields.productName))
    issues.push({ path: 'batteryHealth', message: BATTERY_MESSAGE });
  return issues;
}

/** The short code a seller writes on paper beside the phone: no 0/O/1/I/L/U, which handwriting confuses. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 6;

export const PHOTO_STATES = ['none', 'pending', 'approved', 'rejected'] as const;
export type PhotoState = (typeof PHOTO_STATES)[number];

export const REVIEW_REASON_TEXTS = {
  imei: "This IMEI is on another seller's listing",
  price: 'The price is below half of what the same model usually sells for here',
};
export type ReviewReason = keyof typeof REVIEW_REASON_TEXTS;
export const REVIEW_REASONS = choicesOf(REVIEW_REASON_TEXTS);
export const REVIEW_WAIT = 'Usually within 4 hours';

/** What a listing's public page shows of its trust details. */
export const productTrustSchema = z.object({
  /** The last 4 digits of IMEI 1, to compare with *#06# at the meeting; null: "IMEI not given". */
  imeiLast4: z.string().nullable(),
  origin: z.enum(ORIGINS).nullable(),
  conditionGrade: z.enum(GRADES).nullable(),
  checklist: checklistSchema.nullable(),
  batteryHealth: z.number().nullable(),
  accountSignedOut: z.boolean(),
  neirChecked: z.boolean(),
  photoVerified: z.boolean(),
  /** When a phone with this IMEI was sold on PhoneHaat before (device history); else null. */
  soldBefore: z.string().nullable(),
});
export type ProductTrust = z.infer<typeof productTrustSchema>;

/** What only the seller sees of their own listing. */
export const ownTrustSchema = z.object({
  imeiMasked: z.string().nullable(),
  imei2Masked: z.string().nullable(),
  verificationCode: z.string(),
  photoState: z.enum(PHOTO_STATES),
  photoRejectedFor: z.string().nullable(),
  /** null: public; else the listing waits for the admin (or was rejected, with the admin's reason). */
  review: z
    .object({
      state: z.enum(['pending', 'rejected']),
      reasons: z.array(z.enum(REVIEW_REASONS)),
      rejectedFor: z.string().nullable(),
    })
    .nullable(),
});
export type OwnTrust = z.infer<typeof ownTrustSchema>;

/** PUT /products/{id}/verification-photo: an upload of the seller's, the phone beside the code. */
export const verificationPhotoRequestSchema = z.object({
  photo: requiredText('Upload the photo of the phone beside the code', 2048),
});

export const rejectRequestSchema = z.object({
  reason: requiredText('Say why, so the seller knows what to change', 300),
});

/** GET /admin/listing-reviews: a listing waiting on the admin. */
export const listingReviewSchema = z.object({
  ...listingRefFields,
  brand: z.string(),
  resalePrice: z.number(),
  ...listingSellerFields,
  reasons: z.array(z.enum(REVIEW_REASONS)),
  /** The median asking price of the same model for sale, when the price rule applied. */
  modelMedian: z.number().nullable(),
  imeiLast4: z.string().nullable(),
  productThumb: z.string(),
  postedOn: timestampSchema,
});
export type ListingReview = z.infer<typeof listingReviewSchema>;

/** GET /admin/verification-photos: a photo waiting on the admin. */
export const photoReviewSchema = z.object({
  ...listingRefFields,
  sellerName: z.string(),
  verificationCode: z.string(),
  photo: z.string(),
  productThumb: z.string(),
  sentOn: timestampSchema,
});
export type PhotoReview = z.infer<typeof photoReviewSchema>;

/** POST /bookings/{id}/not-as-described: the buyer names what differs from the listing. */
export const NOT_AS_DESCRIBED_SUBJECTS = [...CHECKLIST_ITEMS, 'condition', 'account', 'imei'] as const;
export type NotAsDescribedSubject = (typeof NOT_AS_DESCRIBED_SUBJECTS)[number];
export const SUBJECT_LABELS: Record<NotAsDescribedSubject, string> = {
  ...CHECKLIST_LABELS,
  condition: 'Condition grade',
  account: ACCOUNT_SIGNED_OUT,
  imei: 'IMEI does not match',
};
export const notAsDescribedRequestSchema = z.object({
  item: z.enum(NOT_AS_DESCRIBED_SUBJECTS, { error: 'Choose what is not as described' }),
  details: requiredText('Say what you found', 1000),
});
export type NotAsDescribedRequest = z.infer<typeof notAsDescribedRequestSchema>;

/** GET /admin/not-as-described: buyers' reports, for the admin's review screen. */
export const notAsDescribedReportSchema = z.object({
  id: z.string(),
  ...namedListingFields,
  buyerName: z.string(),
  sellerName: z.string(),
  item: z.enum(NOT_AS_DESCRIBED_SUBJECTS),
  details: z.string(),
  reportedOn: timestampSchema,
});
export type NotAsDescribedReport = z.infer<typeof notAsDescribedReportSchema>;

/** What Mark sold asks the seller to confirm. */
export const DEREGISTER_CONFIRM =
  'First de-register the phone from your NID (dial *16161# or use the NEIR portal) once you are paid: confirm that you did.';

/** The KYD SMS NEIR answers: `sms:` link on a phone, the text to send on a desktop. */
export const neirSmsText = (imei: string) => `KYD ${imei}`;
export const neirSmsLink = (imei: string) => `sms:${NEIR_NUMBER}?body=${encodeURIComponent(neirSmsText(imei))}`;
