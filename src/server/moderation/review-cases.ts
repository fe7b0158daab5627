import type { DealDeps } from '#server/bookings/deal';
import type { UserRow } from '#server/db/schema';
import { actOnCase } from './actions';
import { findOpenCase } from './repository';

export type ReviewDecision = { action: 'hide_review'; reason: string } | { action: 'dismiss' };

/**
 * The reviews' own list ("Reported reviews") decides through the review's open case when it has
 * one, so the queue, the audit log and the reporters agree whichever screen the admin used. Answers
 * false when the review has no open case (reports filed before reviews opened cases).
 */
export async function decideReviewCase(
  deps: DealDeps,
  admin: UserRow,
  reviewId: string,
  decision: ReviewDecision,
): Promise<boolean> {
  const open = await findOpenCase(deps.db, 'review', reviewId);
  if (!open) return false;
  await actOnCase(
    deps,
    admin,
    open.id,
    decision.action === 'dismiss'
      ? { action: 'dismiss', reason: 'no_violation' }
      : { action: 'hide_review', reason: 'other', note: decision.reason },
  );
  return true;
}
