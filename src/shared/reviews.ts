import { z } from './zod';
import { messageText } from './i18n/message-text';
import { bookingRequestItemSchema, buyerOrderSchema } from './bookings';
import { toLatinDigits } from './i18n/digits';
import { hasNoNul, idField, NUL_MESSAGE_ID, timestampOrNullSchema, timestampSchema } from './common';

/*
 * Reviews after a sale (docs/reviews.md): each side of a sold deal reviews the other within 14 days,
 * double-blind, and the reviewed person may answer once. Shared by the forms and the server.
 */

export const REVIEW_WINDOW_DAYS = 14;
export const REVIEW_WINDOW_MS = REVIEW_WINDOW_DAYS * 24 * 60 * 60 * 1000;
export const MAX_REVIEW_TEXT = 500;

/** Which side of the deal wrote a review: the buyer reviews the seller, the seller the buyer. */
export const REVIEW_SIDES = ['buyer', 'seller'] as const;
export type ReviewSide = (typeof REVIEW_SIDES)[number];

/** The stars each side gives, in the order the form asks for them. */
export const STARS_BY_SIDE = {
  buyer: ['asDescribed', 'communication', 'punctuality'],
  seller: ['communication', 'punctuality', 'paidAsAgreed'],
} as const satisfies Record<ReviewSide, readonly string[]>;
export const STAR_NAMES = ['asDescribed', 'communication', 'punctuality', 'paidAsAgreed'] as const;
export type StarName = (typeof STAR_NAMES)[number];

export const starLabels: Record<StarName, string> = {
  asDescribed: 'As described',
  communication: 'Communication',
  punctuality: 'Punctuality',
  paidAsAgreed: 'Paid as agreed',
};

const STARS_MESSAGE = messageText('shared.reviews.stars');

/** 1 to 5 stars, as a number or as text in Latin or Bengali digits ("৫"). */
const starsSchema = z
  .union([z.number(), z.string()], { error: STARS_MESSAGE })
  .transform((value) => (typeof value === 'number' ? value : Number(toLatinDigits(value.trim()) || NaN)))
  .pipe(z.number({ error: STARS_MESSAGE }).int(STARS_MESSAGE).min(1, STARS_MESSAGE).max(5, STARS_MESSAGE));

const reviewText = (what: 'comment' | 'reply') =>
  z
    .string({ error: messageText('shared.reviews.isText', { what }) })
    .trim()
    .max(MAX_REVIEW_TEXT, messageText('shared.reviews.max', { what, max: MAX_REVIEW_TEXT }))
    .refine(hasNoNul, NUL_MESSAGE_ID);

/**
 * POST /bookings/{id}/review. Every star a side may give is here; the server requires the caller's
 * side's (STARS_BY_SIDE) and ignores the other side's one. The forms use reviewFormSchema(side).
 */
export const reviewRequestSchema = z.object({
  asDescribed: starsSchema.optional(),
  communication: starsSchema,
  punctuality: starsSchema,
  paidAsAgreed: starsSchema.optional(),
  comment: reviewText('comment').optional(),
});
export type ReviewRequest = z.infer<typeof reviewRequestSchema>;

/** The form of one side: its three stars required. */
export const reviewFormSchema = (side: ReviewSide) =>
  side === 'buyer'
    ? reviewRequestSchema.required({ asDescribed: true })
    : reviewRequestSchema.required({ paidAsAgreed: true });
export type ReviewForm = z.input<typeof reviewRequestSchema>;

/** PUT /reviews/{id}/reply: the reviewed person's one public answer. */
export const reviewReplySchema = z.object({
  reply: reviewText('reply').pipe(z.string().min(1, messageText('shared.reviews.replyFirst'))),
});
export type ReviewReply = z.infer<typeof reviewReplySchema>;

// Their words are in the client's catalogs (reviews.reportReason.*).
export const REVIEW_REPORT_REASONS = ['extortion', 'off_topic', 'personal_information'] as const;
export type ReviewReportReason = (typeof REVIEW_REPORT_REASONS)[number];

/** POST /reviews/{id}/report. */
export const reviewReportSchema = z.object({
  reason: z.enum(REVIEW_REPORT_REASONS, { error: 'Choose why you report this review' }),
});
export type ReviewReport = z.infer<typeof reviewReportSchema>;

/** PUT /reviews/{id}/hide: the admin's reason, shown to the review's two people. */
export const hideReviewSchema = z.object({
  reason: z
    .string({ error: 'Please give the reason' })
    .trim()
    .min(1, 'Please give the reason')
    .max(200, 'Keep the reason under 200 characters'),
});
export type HideReview = z.infer<typeof hideReviewSchema>;

const starsOut = z.number().int().min(1).max(5);

/** A review as its readers see it. The stars of the other side's set are null. */
export const reviewSchema = z.object({
  ...idField,
  side: z.enum(REVIEW_SIDES),
  authorName: z.string(),
  authorPhoto: z.string(),
  productName: z.string(),
  asDescribed: starsOut.nullable(),
  communication: starsOut,
  punctuality: starsOut,
  paidAsAgreed: starsOut.nullable(),
  comment: z.string().nullable(),
  createdAt: timestampSchema,
  /** null until both sides wrote, or the 14 days ended. */
  publishedAt: timestampOrNullSchema,
  reply: z.string().nullable(),
  repliedAt: timestampOrNullSchema,
  /** Hidden by the admin: in no public list; its two people see why (in English, as before). */
  hiddenReason: z.string().nullable(),
  /** Why, as a screen shows it in its reader's language: an action reason's code and the admin's own note. */
  hiddenReasonCode: z.string().nullable(),
  hiddenNote: z.string().nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

/** GET /bookings/{id}/reviews: the deal's reviews as one of its two sides sees them. */
export const dealReviewsSchema = z.object({
  side: z.enum(REVIEW_SIDES),
  /** The name of the person the caller reviews. */
  otherName: z.string(),
  productName: z.string(),
  /** When the 14 days end. */
  openUntil: timestampSchema,
  canWrite: z.boolean(),
  mine: reviewSchema.nullable(),
  /** The other side's review: null until it is published, whether it was written or not. */
  theirs: reviewSchema.nullable(),
  /** The other side wrote theirs (its content waits for publication). */
  theirsWritten: z.boolean(),
});
export type DealReviews = z.infer<typeof dealReviewsSchema>;

/** POST /bookings/{id}/review's answer. */
export const writtenReviewSchema = z.object({ ...idField, published: z.boolean() });
export type WrittenReview = z.infer<typeof writtenReviewSchema>;

/** The review part of an order and of a booking request: null unless the deal is sold. */
export const dealReviewStateSchema = z.object({
  /** The caller wrote theirs. */
  written: z.boolean(),
  openUntil: timestampSchema,
});
export type DealReviewState = z.infer<typeof dealReviewStateSchema>;

/** GET /orders and GET /bookings/requests: each deal with the caller's review state. */
export const orderWithReviewSchema = buyerOrderSchema.extend({ review: dealReviewStateSchema.nullable() });
export type OrderWithReview = z.infer<typeof orderWithReviewSchema>;
export const requestWithReviewSchema = bookingRequestItemSchema.extend({ review: dealReviewStateSchema.nullable() });
export type RequestWithReview = z.infer<typeof requestWithReviewSchema>;

const average = z.number().min(1).max(5);

/** GET /sellers/{id}: a seller's public page. */
export const sellerProfileSchema = z.object({
  ...idField,
  name: z.string(),
  photoURL: z.string(),
  verified: z.boolean(),
  memberSince: timestampSchema,
  soldDeals: z.number().int(),
  reviewCount: z.number().int(),
  /** Average stars per criterion of the published reviews by buyers, one decimal; null without any. */
  averages: z.object({ asDescribed: average, communication: average, punctuality: average }).nullable(),
});
export type SellerProfile = z.infer<typeof sellerProfileSchema>;

/** GET /all/reported/reviews: a review with open reports, with their count by reason. */
export const reportedReviewSchema = reviewSchema.extend({
  subjectName: z.string(),
  reports: z.array(z.object({ reason: z.enum(REVIEW_REPORT_REASONS), count: z.number().int() })),
  firstReportedAt: timestampSchema,
});
export type ReportedReview = z.infer<typeof reportedReviewSchema>;
