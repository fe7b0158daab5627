import type { Kysely } from 'kysely';
import {
  REVIEW_WINDOW_DAYS,
  STARS_BY_SIDE,
  type DealReviews,
  type ReviewRequest,
  type ReviewReportReason,
  type ReviewSide,
  type SellerProfile,
  type StarName,
  type WrittenReview,
} from '#shared/reviews';
import type { ModeratorReason, ReportReason } from '#shared/moderation';
import { findBookingById } from '#server/bookings/repository';
import { buyerNameIn } from '#server/bookings/reasons';
import { reviewTitle } from '#server/moderation/titles';
import { insertOnce, isUniqueViolation } from '#server/db/errors';
import { byId } from '#server/db/ids';
import type { BookingRow, Database, ReviewRow } from '#server/db/schema';
import type { Deps } from '#server/deps';
import { AppError, forbidden, notFound, orNotFound } from '#server/errors';
import { localText, refusal, serverMessage, write, type Language } from '#server/i18n/texts';
import { openCase, type CaseOpening } from '#server/moderation/cases';
import { countReport } from '#server/moderation/reports';
import { withNotifications } from '#server/notifications/service';
import { reviewPublished } from './messages';
import {
  findReviewById,
  findReviewReport,
  hideReview,
  insertReview,
  insertReviewReport,
  lockBooking,
  unhideReview,
  nameOf,
  publishReview,
  publishWhenBothWrote,
  reviewsDueBefore,
  reviewsOfBooking,
  sellerAverages,
  setReply,
  settleReports,
  soldDealsOf,
  toReview,
  windowEndOf,
} from './repository';

/*
 * Reviews after a sale (docs/reviews.md): each side of a sold deal reviews the other once within 14
 * days of the sale; both stay private until both wrote or the 14 days ended (double-blind), then the
 * reviewed person may reply once. The admin hides a review with a reason and never edits it.
 */

export type ReviewDeps = Pick<Deps, 'db' | 'bell' | 'push'>;

/** The caller's side of a deal, or a 403 for anyone else. */
function sideOf(booking: BookingRow, userId: string): ReviewSide {
  if (booking.buyer_id === userId) return 'buyer';
  if (booking.seller_id === userId) return 'seller';
  throw forbidden(serverMessage('server.reviews.error.partiesOnly'));
}

/** A deal the caller took part in, sold, with its 14 days' end. */
async function soldDealOf(db: Kysely<Database>, userId: string, bookingId: string) {
  const booking = orNotFound(await findBookingById(db, bookingId), 'Booking');
  const side = sideOf(booking, userId);
  if (booking.status !== 'sold' || !booking.status_changed_at) {
    throw new AppError('CONFLICT', serverMessage('server.reviews.error.notSold', { status: booking.status }));
  }
  return { booking, side, openUntil: windowEndOf(booking.status_changed_at) };
}

/** The caller's side's stars, each required; the other side's star is not theirs to give. */
function starsOf(side: ReviewSide, request: ReviewRequest) {
  const missing: Record<string, string> = {};
  for (const name of STARS_BY_SIDE[side]) {
    if (request[name] === undefined) missing[name] = serverMessage('server.reviews.error.stars', { star: name });
  }
  const [first] = Object.values(missing);
  if (first) throw new AppError('VALIDATION_FAILED', first, missing);
  return {
    as_described: side === 'buyer' ? request.asDescribed! : null,
    communication: request.communication,
    punctuality: request.punctuality,
    paid_as_agreed: side === 'seller' ? request.paidAsAgreed! : null,
  };
}

const alreadyReviewed = () => refusal('ALREADY_EXISTS', 'server.reviews.error.reviewedAlready');

/**
 * Writes the caller's review of a sold deal: once per side, within 14 days of the sale. When the
 * other side has written theirs, both are published now and both people are told. Every check a
 * review must pass is here, so a rule about who may write (a restricted account) is one line.
 */
export async function writeReview(
  deps: ReviewDeps,
  userId: string,
  bookingId: string,
  request: ReviewRequest,
): Promise<WrittenReview> {
  const { booking, side, openUntil } = await soldDealOf(deps.db, userId, bookingId);
  if (Date.now() > Date.parse(openUntil)) {
    const ended = { days: REVIEW_WINDOW_DAYS, date: openUntil.slice(0, 10) };
    throw new AppError('CONFLICT', serverMessage('server.reviews.error.windowEnded', ended));
  }
  const subjectId = side === 'buyer' ? booking.seller_id : booking.buyer_id;
  if (!subjectId) {
    const whose = side === 'buyer' ? 'seller' : 'buyer';
    throw new AppError('CONFLICT', serverMessage('server.reviews.error.accountGone', { whose }));
  }
  const stars = starsOf(side, request);
  const mine = (await reviewsOfBooking(deps.db, bookingId)).find((review) => review.side === side);
  if (mine) throw alreadyReviewed();
  try {
    return await withNotifications(deps, async (trx, tell) => {
      await lockBooking(trx, bookingId);
      const id = await insertReview(trx, {
        booking_id: bookingId,
        side,
        author_id: userId,
        subject_id: subjectId,
        product_name: booking.product_name,
        ...stars,
        comment: request.comment || null,
        window_ends_at: openUntil,
      });
      const published = await publishWhenBothWrote(trx, bookingId);
      await tell(...published.map(reviewPublished));
      return { _id: id, published: published.length > 0 };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyReviewed();
    throw error;
  }
}

/** The deal's reviews as one of its sides sees them: their own, and the other's once published. */
export async function dealReviews(
  db: Kysely<Database>,
  userId: string,
  bookingId: string,
  language: Language,
): Promise<DealReviews> {
  const { booking, side, openUntil } = await soldDealOf(db, userId, bookingId);
  const reviews = await reviewsOfBooking(db, bookingId);
  const mine = reviews.find((review) => review.side === side);
  const theirs = reviews.find((review) => review.side !== side);
  const otherId = side === 'buyer' ? booking.seller_id : booking.buyer_id;
  const otherName = otherId ? await nameOf(db, otherId) : undefined;
  return {
    side,
    // A deleted account's side is named in the reader's language.
    otherName:
      otherName ??
      (side === 'buyer' ? write(language, localText('server.bookings.theSeller')) : buyerNameIn(booking, language)),
    productName: booking.product_name,
    openUntil,
    canWrite: !mine && otherId !== null && Date.now() <= Date.parse(openUntil),
    mine: mine ? toReview(mine) : null,
    theirs: theirs?.published_at ? toReview(theirs) : null,
    theirsWritten: theirs !== undefined,
  };
}

/** The reviewed person answers a published review, once. */
export async function replyToReview(db: Kysely<Database>, userId: string, reviewId: string, reply: string) {
  const review = orNotFound(await findReviewById(db, reviewId), 'Review');
  if (review.subject_id !== userId) throw forbidden(serverMessage('server.reviews.error.subjectOnly'));
  if (!review.published_at) throw refusal('CONFLICT', 'server.reviews.error.notPublished');
  if (review.is_hidden) throw refusal('CONFLICT', 'server.reviews.error.hidden');
  if (review.reply !== null || !(await setReply(db, reviewId, reply))) {
    throw refusal('ALREADY_EXISTS', 'server.reviews.error.repliedAlready');
  }
}

/** Anyone signed in but its author reports a public review, once, with a reason. */
export async function reportReview(
  db: Kysely<Database>,
  userId: string,
  reviewId: string,
  reason: ReviewReportReason,
): Promise<void> {
  const review = await findReviewById(db, reviewId);
  // A review nobody may read yet cannot be reported either: it is not there, as far as they know.
  if (!review || !review.published_at || review.is_hidden) throw notFound('Review');
  if (review.author_id === userId) throw forbidden(serverMessage('server.reviews.error.ownReview'));
  await insertOnce({
    find: () => findReviewReport(db, reviewId, userId),
    found: () => {
      throw refusal('ALREADY_EXISTS', 'server.reviews.error.reportedAlready');
    },
    insert: () =>
      db.transaction().execute(async (trx) => {
        await countReport(trx, userId);
        await insertReviewReport(trx, reviewId, userId, reason);
        await openCase(trx, await reviewCaseOpening(trx, review, userId, reason));
      }),
    gone: async () => notFound('Review'),
  });
}

const STAR_COLUMNS = {
  asDescribed: 'as_described',
  communication: 'communication',
  punctuality: 'punctuality',
  paidAsAgreed: 'paid_as_agreed',
} as const satisfies Record<StarName, keyof ReviewRow>;

/** The moderation queue's names for the reviews' report reasons. */
const CASE_REASONS: Record<ReviewReportReason, ReportReason> = {
  extortion: 'extortion',
  off_topic: 'off_topic',
  personal_information: 'personal_info',
};

/**
 * The review's case in the moderation queue (docs/moderation.md): the review as it was when
 * reported, so a later reply or hiding does not change the evidence. Sanctions act on its author.
 */
export async function reviewCaseOpening(
  db: Kysely<Database>,
  review: ReviewRow,
  reporterId: string,
  reason: ReviewReportReason,
): Promise<CaseOpening> {
  const [author, subject] = await Promise.all([nameOf(db, review.author_id), nameOf(db, review.subject_id)]);
  // The author's side's stars are set once the review is written (a review is reported only then).
  const stars = STARS_BY_SIDE[review.side].map((name) => ({ name, value: review[STAR_COLUMNS[name]] as number }));
  return {
    subjectType: 'review',
    subjectId: review.id,
    subjectUserId: review.author_id,
    title: reviewTitle(author, subject),
    reason: CASE_REASONS[reason],
    note: null,
    snapshot: {
      type: 'review',
      side: review.side,
      authorName: author ?? null,
      subjectName: subject ?? null,
      productName: review.product_name,
      stars,
      comment: review.comment,
      reply: review.reply,
      publishedAt: review.published_at,
    },
    reporterId,
  };
}

/** The admin hides a review, with the reason its two people see; its text is never changed. */
export async function hideReviewByAdmin(db: Kysely<Database>, reviewId: string, why: ModeratorReason): Promise<void> {
  orNotFound(await findReviewById(db, reviewId), 'Review');
  if (!(await hideReview(db, reviewId, why))) throw refusal('CONFLICT', 'server.reviews.error.hiddenAlready');
}

/** A reversed appeal of a hiding: the review is public again, unless it was hidden anew since. */
export async function unhideReviewByAdmin(
  db: Kysely<Database>,
  reviewId: string,
  was: Parameters<typeof unhideReview>[2],
): Promise<boolean> {
  return unhideReview(db, reviewId, was);
}

/** The admin found nothing wrong with a reported review: it leaves the list. */
export async function dismissReviewReports(db: Kysely<Database>, reviewId: string): Promise<void> {
  orNotFound(await findReviewById(db, reviewId), 'Review');
  if (!(await settleReports(db, reviewId))) throw refusal('CONFLICT', 'server.reviews.error.noOpenReports');
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

const findSeller = byId(
  (db: Kysely<Database>, id: string) =>
    db
      .selectFrom('users')
      .select(['id', 'name', 'photo_url', 'is_verified', 'created_at'])
      .where('id', '=', id)
      .where('role', '=', 'seller')
      .executeTakeFirst(),
  undefined,
);

/** A seller's public page: who they are, their sold deals and the buyers' average stars. */
export async function sellerProfile(db: Kysely<Database>, sellerId: string): Promise<SellerProfile> {
  const seller = orNotFound(await findSeller(db, sellerId), 'Seller');
  const [soldDeals, averages] = await Promise.all([soldDealsOf(db, sellerId), sellerAverages(db, sellerId)]);
  return {
    _id: seller.id,
    name: seller.name,
    photoURL: seller.photo_url,
    verified: seller.is_verified,
    memberSince: seller.created_at,
    soldDeals,
    reviewCount: averages.count,
    averages:
      averages.count === 0
        ? null
        : {
            asDescribed: oneDecimal(averages.asDescribed),
            communication: oneDecimal(averages.communication),
            punctuality: oneDecimal(averages.punctuality),
          },
  };
}

/** Reviews published per transaction by the housekeeping. */
const PUBLISH_BATCH = 200;

/** Housekeeping: a review whose 14 days ended without the other side's is published, and its subject told. */
export async function publishDueReviews(deps: ReviewDeps, now = new Date()): Promise<number> {
  let published = 0;
  for (;;) {
    const due = await reviewsDueBefore(deps.db, now.toISOString(), PUBLISH_BATCH);
    if (due.length === 0) return published;
    published += await withNotifications(deps, async (trx, tell) => {
      let count = 0;
      for (const review of due) {
        if (!(await publishReview(trx, review.id))) continue;
        await tell(reviewPublished(review));
        count += 1;
      }
      return count;
    });
    if (due.length < PUBLISH_BATCH) return published;
  }
}
