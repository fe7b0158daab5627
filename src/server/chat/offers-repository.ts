import type { Kysely } from 'kysely';
import { OPEN_OFFER_STATUSES, type Offer, type OfferStatus } from '#shared/offers';
import { changedAny, changedRows } from '#server/db/changes';
import { newId } from '#server/db/ids';
import type { ChatOfferRow, Database } from '#server/db/schema';
import { rowById } from '#server/db/keys';

/** An offer as both sides see it; one whose time ran out is expired before housekeeping writes so. */
export const toOffer = (row: ChatOfferRow, now = new Date().toISOString()): Offer => ({
  _id: row.id,
  conversationId: row.conversation_id,
  price: row.price,
  note: row.note,
  counterPrice: row.counter_price,
  status: OPEN_OFFER_STATUSES.includes(row.status) && row.expires_at <= now ? 'expired' : row.status,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  agreedPrice: row.status === 'accepted' ? (row.counter_price ?? row.price) : null,
});

export const findOffer = rowById('chat_offers');

/** The conversation's newest offer, whatever became of it (served by chat_offers_conversation_created). */
export const latestOfferOf = (db: Kysely<Database>, conversationId: string) =>
  db
    .selectFrom('chat_offers')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

export type NewOffer = Pick<
  ChatOfferRow,
  'conversation_id' | 'product_id' | 'buyer_id' | 'price' | 'note' | 'expires_at'
>;

/** Stores an open offer; chat_offers_one_open refuses a second open one of the buyer for the phone. */
export async function insertOffer(db: Kysely<Database>, offer: NewOffer, now: string): Promise<ChatOfferRow> {
  const row: ChatOfferRow = {
    ...offer,
    id: newId(),
    counter_price: null,
    status: 'open',
    created_at: now,
    answered_at: null,
  };
  await db.insertInto('chat_offers').values(row).execute();
  return row;
}

/**
 * Moves an offer from `from` to `to` while it has not expired, so an answer racing another (or the
 * clock) loses; answers whether it moved. A counter also sets its price and a new expiry.
 */
export function moveOffer(
  db: Kysely<Database>,
  id: string,
  from: OfferStatus,
  to: OfferStatus,
  now: string,
  counter?: { price: number; expiresAt: string },
): Promise<boolean> {
  return changedAny(
    db
      .updateTable('chat_offers')
      .set({
        status: to,
        answered_at: now,
        ...(counter ? { counter_price: counter.price, expires_at: counter.expiresAt } : {}),
      })
      .where('id', '=', id)
      .where('status', '=', from)
      .where('expires_at', '>', now),
  );
}

/** Open offers (and counters) past their time expire; `scope` narrows it to one buyer and phone. */
export const expireOffers = (
  db: Kysely<Database>,
  now: string,
  scope?: { productId: string; buyerId: string },
): Promise<number> =>
  changedRows(
    db
      .updateTable('chat_offers')
      .set({ status: 'expired' })
      .where('status', 'in', OPEN_OFFER_STATUSES)
      .where('expires_at', '<=', now)
      .$if(scope !== undefined, (q) =>
        q.where('product_id', '=', scope!.productId).where('buyer_id', '=', scope!.buyerId),
      ),
  );
