import type { Kysely } from 'kysely';
import type { PushSubscriptionRequest } from '#shared/push';
import { changedRows } from '#server/db/changes';
import { isUniqueViolation } from '#server/db/errors';
import { newId, nowIso } from '#server/db/ids';
import { countOf } from '#server/db/paging';
import type { Database } from '#server/db/schema';
import { rowByKey } from '#server/db/keys';
import { kindIsOn } from '#server/notifications/opt-outs';

export interface SubscriptionOwner {
  userId: string;
  sessionId: string;
}

/**
 * Keeps the browser's subscription for the session that sent it: one per session (a browser has
 * one), and an endpoint once (the same browser signed in to another account takes it over). Two
 * requests racing for one endpoint: the loser's insert meets the unique index and runs again,
 * deleting the winner's row, so the last one stands.
 */
export async function saveSubscription(
  db: Kysely<Database>,
  owner: SubscriptionOwner,
  subscription: PushSubscriptionRequest,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('push_subscriptions')
          .where((eb) => eb.or([eb('endpoint', '=', subscription.endpoint), eb('session_id', '=', owner.sessionId)]))
          .execute();
        await trx
          .insertInto('push_subscriptions')
          .values({
            id: newId(),
            user_id: owner.userId,
            session_id: owner.sessionId,
            endpoint: subscription.endpoint,
            p256dh: subscription.keys.p256dh,
            auth: subscription.keys.auth,
            created_at: nowIso(),
          })
          .execute();
      });
      return;
    } catch (error) {
      if (attempt >= 3 || !isUniqueViolation(error)) throw error;
    }
  }
}

/** The caller's own subscription with this endpoint, if any; answers how many went (0 or 1). */
export const removeOwnSubscription = (db: Kysely<Database>, userId: string, endpoint: string) =>
  changedRows(db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint));

/** A subscription the push service says is gone; by id and endpoint, so a re-subscribed row stays. */
export const removeGoneSubscription = (db: Kysely<Database>, id: string, endpoint: string) =>
  changedRows(db.deleteFrom('push_subscriptions').where('id', '=', id).where('endpoint', '=', endpoint));

export type PushTarget = { id: string; endpoint: string; p256dh: string; auth: string };

/** The user's devices to push a notification of `kind` to: none when the user turned that kind off. */
export function pushTargets(db: Kysely<Database>, userId: string, kind: string): Promise<PushTarget[]> {
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth'])
    .where('user_id', '=', userId)
    .where(kindIsOn('push_opt_outs', 'push_subscriptions.user_id', kind))
    .execute();
}

export const countSubscriptions = (db: Kysely<Database>, userId: string): Promise<number> =>
  countOf(db.selectFrom('push_subscriptions').where('user_id', '=', userId));

export async function hasSubscription(db: Kysely<Database>, userId: string, endpoint: string): Promise<boolean> {
  const row = await rowByKey(db, 'push_subscriptions', { endpoint, user_id: userId });
  return row !== undefined;
}
