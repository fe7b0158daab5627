import { sql, type Kysely, type Transaction } from 'kysely';
import type { PageQuery } from '#shared/common';
import {
  REVIEW_WINDOW_MS,
  type DealReviewState,
  type ReportedReview,
  type Review,
  type ReviewReportReason,
  type ReviewSide,
} from '#shared/reviews';
import { givenReasonWords, type ActionReason, type ModeratorReason } from '#shared/moderation';
import { changedAny } from '#server/db/changes';
import { named, tags } from '#server/cache/tags';
import { nowIso } from '#server/db/ids';
import { readPage } from '#server/db/paging';
import type { Database, ReviewRow } from '#server/db/schema';
import { insertNew, presentAmong, rowById, rowByKey } from '#server/db/keys';

type ReviewWithAuthor = ReviewRow & { author_name: string; author_photo: string };

/** Why a hidden review is hidden: the English of before, and the code and note a screen words (null when shown). */
function hiddenWhy(row: ReviewRow) {
  const given = row.is_hidden ? { code: row.hidden_reason_code, note: row.hidden_reason } : { code: null, note: null };
  return { hiddenReason: givenReasonWords(given), hiddenReasonCode: given.code, hiddenNote: given.note };
}

export const toReview = (row: ReviewWithAuthor): Review => ({
  _id: row.id,
  side: row.side,
  authorName: row.author_name,
  authorPhoto: row.author_photo,
  productName: row.product_name,
  asDescribed: row.as_described,
  communication: row.communication,
  punctuality: row.punctuality,
  paidAsAgreed: row.paid_as_agreed,
  comment: row.comment,
  createdAt: row.created_at,
  publishedAt: row.published_at,
  reply: row.reply,
  repliedAt: row.replied_at,
  ...hiddenWhy(row),
});

const withAuthor = (db: Kysely<Database>) =>
  db
    .selectFrom('reviews as r')
    .innerJoin('users as a', 'a.id', 'r.author_id')
    .selectAll('r')
    .select(['a.name as author_name', 'a.photo_url as author_photo']);

export const findReviewById = rowById('reviews');

/** A person's name as they chose it now (undefined once the account is gone). */
export const nameOf = async (db: Kysely<Database>, userId: string) =>
  (await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst())?.name;

/** Both reviews of a deal, with their authors. */
export const reviewsOfBooking = (db: Kysely<Database>, bookingId: string) =>
  withAuthor(db).where('r.booking_id', '=', bookingId).execute();

export type NewReview = Omit<
  ReviewRow,
  | 'id'
  | 'created_at'
  | 'published_at'
  | 'reply'
  | 'replied_at'
  | 'is_hidden'
  | 'hidden_reason_code'
  | 'hidden_reason'
  | 'hidden_at'
  | 'reported_at'
  | 'reports_handled_at'
>;

export const insertReview = (db: Kysely<Database>, review: NewReview): Promise<string> =>
  insertNew(db, 'reviews', { ...review, created_at: nowIso() });

/**
 * Holds the deal's row until the transaction ends (an update that changes nothing), so the two sides
 * writing at once are taken one after the other: the second then sees the first's review and
 * publishes both. SQLite has one writer at a time anyway.
 */
export const lockBooking = (trx: Transaction<Database>, bookingId: string) =>
  trx
    .updateTable('bookings')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('id', '=', bookingId)
    .execute();

/** Publishes the deal's reviews once both sides have written; answers the ids published now. */
export async function publishWhenBothWrote(trx: Transaction<Database>, bookingId: string): Promise<ReviewRow[]> {
  const rows = await trx.selectFrom('reviews').selectAll().where('booking_id', '=', bookingId).execute();
  if (rows.length < 2) return [];
  const now = nowIso();
  const published: ReviewRow[] = [];
  for (const row of rows) {
    if (await publishReview(trx, row.id, now)) published.push(row);
  }
  return published;
}

/** Publishes one review unless it is already; answers whether it did. */
export const publishReview = (db: Kysely<Database>, id: string, now = nowIso()) =>
  reviewsChanged(
    changedAny(
      db.updateTable('reviews').set({ published_at: now }).where('id', '=', id).where('published_at', 'is', null),
    ),
  );

/** What readers see of reviews changed (published, replied to, hidden or shown): cache/tags.ts. */
async function reviewsChanged(changing: Promise<boolean>): Promise<boolean> {
  const changed = await changing;
  if (changed) named([tags.reviews]);
  return changed;
}

/** Reviews still waiting whose 14 days have ended (served by the partial reviews_unpublished_window). */
export const reviewsDueBefore = (db: Kysely<Database>, now: string, limit: number) =>
  db
    .selectFrom('reviews')
    .selectAll()
    .where('published_at', 'is', null)
    .where('window_ends_at', '<=', now)
    .orderBy('window_ends_at')
    .limit(limit)
    .execute();

/** The reviewed person's one reply, to a published review still shown. */
export const setReply = (db: Kysely<Database>, id: string, reply: string) =>
  reviewsChanged(
    changedAny(
      db
        .updateTable('reviews')
        .set({ reply, replied_at: nowIso() })
        .where('id', '=', id)
        .where('reply', 'is', null)
        .where('published_at', 'is not', null)
        .where('is_hidden', '=', false),
    ),
  );

/** The caller's side of each of these sold deals: whether they wrote their review. */
export const writtenAmong = (db: Kysely<Database>, authorId: string, bookingIds: string[]): Promise<Set<string>> =>
  presentAmong(db, 'reviews', 'booking_id', bookingIds, { author_id: authorId });

/** The review part of a list of deals as `userId` sees them: for each sold one, whether they wrote theirs. */
export async function reviewStatesOf(
  db: Kysely<Database>,
  userId: string,
  deals: Array<{ _id: string; status: string; statusChangedAt: string | null }>,
): Promise<Map<string, DealReviewState>> {
  const sold = deals.filter((deal) => deal.status === 'sold' && deal.statusChangedAt);
  const written = await writtenAmong(
    db,
    userId,
    sold.map((deal) => deal._id),
  );
  return new Map(
    sold.map((deal) => [deal._id, { written: written.has(deal._id), openUntil: windowEndOf(deal.statusChangedAt!) }]),
  );
}

/** A page of deals, each with `userId`'s review state (null unless sold). */
export async function withReviewStates<T extends { _id: string; status: string; statusChangedAt: string | null }>(
  db: Kysely<Database>,
  userId: string,
  page: { items: T[]; total: number },
) {
  const states = await reviewStatesOf(db, userId, page.items);
  return { ...page, items: page.items.map((item) => ({ ...item, review: states.get(item._id) ?? null })) };
}

/** When the 14 days to review a deal sold at `soldAt` end. */
export const windowEndOf = (soldAt: string) => new Date(Date.parse(soldAt) + REVIEW_WINDOW_MS).toISOString();

/** What the public sees of a person: the published reviews by the other side, not hidden. */
const shownAbout = (db: Kysely<Database>, subjectId: string, side: ReviewSide) =>
  db
    .selectFrom('reviews as r')
    .where('r.subject_id', '=', subjectId)
    .where('r.side', '=', side)
    .where('r.published_at', 'is not', null)
    .where('r.is_hidden', '=', false);

/** One page of the buyers' published reviews of a seller, newest first. */
export async function listSellerReviews(db: Kysely<Database>, sellerId: string, page: PageQuery) {
  const { rows, total } = await readPage(
    shownAbout(db, sellerId, 'buyer')
      .innerJoin('users as a', 'a.id', 'r.author_id')
      .selectAll('r')
      .select(['a.name as author_name', 'a.photo_url as author_photo'])
      .orderBy('r.published_at', 'desc')
      .orderBy('r.id', 'desc'),
    shownAbout(db, sellerId, 'buyer'),
    page,
  );
  return { items: rows.map(toReview), total };
}

/** How many buyers' reviews of a seller are shown, and their average stars. */
export async function sellerAverages(db: Kysely<Database>, sellerId: string) {
  const row = await shownAbout(db, sellerId, 'buyer')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('count'),
      eb.fn.avg<string | number | null>('r.as_described').as('as_described'),
      eb.fn.avg<string | number | null>('r.communication').as('communication'),
      eb.fn.avg<string | number | null>('r.punctuality').as('punctuality'),
    ])
    .executeTakeFirstOrThrow();
  return {
    count: Number(row.count),
    asDescribed: Number(row.as_described),
    communication: Number(row.communication),
    punctuality: Number(row.punctuality),
  };
}

/** The deals a seller sold through PhoneHaat (served by bookings_seller_status). */
export async function soldDealsOf(db: Kysely<Database>, sellerId: string): Promise<number> {
  const row = await db
    .selectFrom('bookings')
    .select(sql<string | number>`count(*)`.as('count'))
    .where('seller_id', '=', sellerId)
    .where('status', '=', 'sold')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export const findReviewReport = (db: Kysely<Database>, reviewId: string, reporterId: string) =>
  rowByKey(db, 'review_reports', { review_id: reviewId, reporter_id: reporterId });

/** Files a report and puts the review on the admin's list (from its oldest open report). */
export async function insertReviewReport(
  trx: Transaction<Database>,
  reviewId: string,
  reporterId: string,
  reason: ReviewReportReason,
): Promise<void> {
  const now = nowIso();
  await trx
    .insertInto('review_reports')
    .values({ review_id: reviewId, reporter_id: reporterId, reason, reported_at: now })
    .execute();
  await trx
    .updateTable('reviews')
    .set({ reported_at: now })
    .where('id', '=', reviewId)
    .where('reported_at', 'is', null)
    .execute();
}

/** The admin looked at a review's reports: off the list; reports filed later open it again. */
export const settleReports = (db: Kysely<Database>, id: string) =>
  changedAny(
    db
      .updateTable('reviews')
      .set({ reported_at: null, reports_handled_at: nowIso() })
      .where('id', '=', id)
      .where('reported_at', 'is not', null),
  );

/** Hides a review with the admin's reason (its code) and note; its reports are settled with it. */
export const hideReview = (db: Kysely<Database>, id: string, why: ModeratorReason) => {
  const now = nowIso();
  return reviewsChanged(
    changedAny(
      db
        .updateTable('reviews')
        .set({
          is_hidden: true,
          hidden_reason_code: why.code,
          hidden_reason: why.note,
          hidden_at: now,
          reported_at: null,
          reports_handled_at: now,
        })
        .where('id', '=', id)
        .where('is_hidden', '=', false),
    ),
  );
};

/**
 * A reversed appeal shows a hidden review again: only while it is hidden with the reason and note
 * of that decision (a review hidden once more since, for another reason or with another note,
 * stays hidden). A note left out is null, which `=` never matches.
 */
export const unhideReview = (db: Kysely<Database>, id: string, was: { code: string; note: string | null }) =>
  reviewsChanged(
    changedAny(
      db
        .updateTable('reviews')
        .set({ is_hidden: false, hidden_reason_code: null, hidden_reason: null, hidden_at: null })
        .where('id', '=', id)
        .where('is_hidden', '=', true)
        .where((eb) =>
          eb.and([
            // A logged code no reason has any more matches no row, as it should.
            eb('hidden_reason_code', '=', was.code as ActionReason),
            was.note === null ? eb('hidden_reason', 'is', null) : eb('hidden_reason', '=', was.note),
          ]),
        ),
    ),
  );

/** The open reports of these reviews, counted by reason. */
async function openReportCounts(db: Kysely<Database>, rows: ReviewRow[]) {
  const counts = new Map<string, ReportedReview['reports']>();
  if (rows.length === 0) return counts;
  const found = await db
    .selectFrom('review_reports as rr')
    .innerJoin('reviews as r', 'r.id', 'rr.review_id')
    .select(['rr.review_id', 'rr.reason', (eb) => eb.fn.countAll<string | number>().as('count')])
    .where(
      'rr.review_id',
      'in',
      rows.map((row) => row.id),
    )
    .where((eb) =>
      eb.or([eb('r.reports_handled_at', 'is', null), eb('rr.reported_at', '>', eb.ref('r.reports_handled_at'))]),
    )
    .groupBy(['rr.review_id', 'rr.reason'])
    .execute();
  for (const row of found) {
    const list = counts.get(row.review_id) ?? [];
    list.push({ reason: row.reason, count: Number(row.count) });
    counts.set(row.review_id, list);
  }
  return counts;
}

/** One page of the reviews with open reports, the oldest report first. */
export async function listReportedReviews(db: Kysely<Database>, page: PageQuery) {
  const { rows, total } = await readPage(
    withAuthor(db)
      .innerJoin('users as s', 's.id', 'r.subject_id')
      .select('s.name as subject_name')
      .where('r.reported_at', 'is not', null)
      .orderBy('r.reported_at')
      .orderBy('r.id'),
    db.selectFrom('reviews').where('reported_at', 'is not', null),
    page,
  );
  const counts = await openReportCounts(db, rows);
  const items = rows.map((row): ReportedReview => ({
    ...toReview(row),
    subjectName: row.subject_name,
    reports: counts.get(row.id) ?? [],
    firstReportedAt: row.reported_at!,
  }));
  return { items, total };
}
