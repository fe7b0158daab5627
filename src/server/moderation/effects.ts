import type { Transaction } from 'kysely';
import type { BookingEndCode } from '#shared/bookings';
import type { ModerationListingState, ModeratorReason } from '#shared/moderation';
import { deleteUserSessions } from '#server/auth/repository';
import { cancelBookingsOfBuyer, closeOpenRequests } from '#server/bookings/deal';
import type { Database } from '#server/db/schema';
import { AppError } from '#server/errors';
import { serverMessage } from '#server/i18n/texts';
import type { Notify } from '#server/notifications/service';
import { dismissReviewReports, hideReviewByAdmin, unhideReviewByAdmin } from '#server/reviews/service';
import { onListingVisible } from '#server/alerts/matching';
import { setModerationState } from '#server/products/repository';
import { givenReasonOf } from '#server/db/migrations/031-moderation-reasons';

/*
 * What each action changes, and how a reversed appeal undoes it. Each answers the state before and
 * after, which the log keeps; undoing reads the log's "after" and changes only what still is so.
 */

type State = Record<string, unknown>;
export interface Effect {
  before: State;
  after: State;
}

/** Why the open bookings of a listing a moderator takes off sale end (worded for each reader, #server/bookings/reasons). */
const BOOKING_REASONS: Record<ModerationListingState, BookingEndCode> = {
  hidden: 'moderator_hid',
  removed: 'listing_removed',
  changes_requested: 'changes_requested',
  suspended: 'seller_suspended',
};

/** Takes a listing off sale for a moderator, ending its open bookings. */
export async function moderateListing(
  trx: Transaction<Database>,
  tell: Notify,
  productId: string,
  state: ModerationListingState,
  /** The moderator's reason and note, which the seller reads; none for a suspension (its seller cannot sign in). */
  reason: ModeratorReason | null,
): Promise<Effect> {
  const product = await trx
    .selectFrom('products')
    .select(['is_hidden', 'moderation_state'])
    .where('id', '=', productId)
    .executeTakeFirst();
  if (!product) throw new AppError('CONFLICT', serverMessage('server.moderation.error.listingDeleted'));
  await setModerationState(trx, productId, { state, reason });
  await closeOpenRequests(trx, tell, productId, BOOKING_REASONS[state]);
  return {
    before: { productId, hidden: product.is_hidden, state: product.moderation_state },
    after: { productId, hidden: true, state },
  };
}

/** Puts a listing back as it was, unless something else has changed its state since. */
export async function restoreListing(trx: Transaction<Database>, productId: string, was: State, is: State) {
  const hidden = was.hidden === true;
  const from = is.state as ModerationListingState;
  const changed = await setModerationState(trx, productId, { state: null, hidden }, from);
  if (changed && !hidden) await onListingVisible(trx, productId, 'shown');
  return changed;
}

export async function restrict(trx: Transaction<Database>, userId: string, until: string): Promise<Effect> {
  const user = await trx.selectFrom('users').select('restricted_until').where('id', '=', userId).executeTakeFirst();
  await trx.updateTable('users').set({ restricted_until: until }).where('id', '=', userId).execute();
  return { before: { restrictedUntil: user?.restricted_until ?? null }, after: { restrictedUntil: until } };
}

export async function unrestrict(trx: Transaction<Database>, userId: string, is: State) {
  const user = await trx.selectFrom('users').select('restricted_until').where('id', '=', userId).executeTakeFirst();
  // A later, different restriction stays: only the one this action set is undone.
  if (!user?.restricted_until || Date.parse(user.restricted_until) !== Date.parse(String(is.restrictedUntil))) return;
  await trx.updateTable('users').set({ restricted_until: null }).where('id', '=', userId).execute();
}

/** Suspends an account: every session ends, its listings go off sale, its open bookings end. */
export async function suspend(trx: Transaction<Database>, tell: Notify, userId: string): Promise<Effect> {
  await trx.updateTable('users').set({ is_suspended: true }).where('id', '=', userId).execute();
  const sessions = await deleteUserSessions(trx, userId);
  const onSale = await trx
    .selectFrom('products')
    .select('id')
    .where('seller_id', '=', userId)
    .where('is_hidden', '=', false)
    .where('is_sold', '=', false)
    .execute();
  for (const { id } of onSale) await moderateListing(trx, tell, id, 'suspended', null);
  await cancelBookingsOfBuyer(trx, tell, userId, 'buyer_suspended');
  return {
    before: { suspended: false },
    after: { suspended: true, sessionsEnded: sessions, hiddenListings: onSale.map((p) => p.id) },
  };
}

export async function unsuspend(trx: Transaction<Database>, userId: string, is: State) {
  await trx.updateTable('users').set({ is_suspended: false }).where('id', '=', userId).execute();
  const hidden = Array.isArray(is.hiddenListings) ? (is.hiddenListings as string[]) : [];
  for (const id of hidden) await restoreListing(trx, id, { hidden: false }, { state: 'suspended' });
}

/** Hides a reported review from the public with the reason its two people read; its reports are settled. */
export async function hideReview(trx: Transaction<Database>, reviewId: string, why: ModeratorReason): Promise<Effect> {
  await hideReviewByAdmin(trx, reviewId, why);
  return { before: { reviewId, hidden: false }, after: { reviewId, hidden: true, reason: why.code, note: why.note } };
}

/**
 * The reason a logged hiding stored: its code and note, or (an entry logged before migration 031,
 * without `note`) the English words it stored then, read as the migration read the review's.
 */
const hiddenWith = (is: State) =>
  'note' in is
    ? { code: String(is.reason), note: typeof is.note === 'string' ? is.note : null }
    : givenReasonOf(String(is.reason));

/** Shows the review again, unless it was shown, or hidden anew with another reason or note, since. */
export async function unhideReview(trx: Transaction<Database>, reviewId: string, is: State) {
  await unhideReviewByAdmin(trx, reviewId, hiddenWith(is));
}

/** A decided review case settles the review's reports, so its own list agrees with the queue. */
export async function settleReviewReports(trx: Transaction<Database>, reviewId: string) {
  // Already settled (on the reviews' own list) is fine: the case closes all the same.
  await dismissReviewReports(trx, reviewId).catch((error: unknown) => {
    if (!(error instanceof AppError)) throw error;
  });
}
