import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';

/*
 * "Price dropped from X" follows the EU's rule for shops' price reductions: X is the lowest price
 * of the 30 days before the change, so raising a price and lowering it again is no drop, and the
 * drop is shown for 30 days. Every resale price a listing had is kept in `price_history` for that.
 */

/** How far back a new price is compared, and how long a drop is shown. */
export const PRICE_DROP_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** The price a listing was dropped from, while the drop is recent enough to show. */
export function droppedFrom(
  row: { previous_resale_price: number | null; price_changed_at: string | null; resale_price: number },
  now: number,
): number | null {
  const { previous_resale_price: from, price_changed_at: changedAt } = row;
  if (from === null || changedAt === null || from <= row.resale_price) return null;
  return now - Date.parse(changedAt) < PRICE_DROP_WINDOW_MS ? from : null;
}

/** Records the first price of a new listing; run it in the listing's transaction. */
export async function recordFirstPrice(db: Kysely<Database>, productId: string, price: number, at: string) {
  await db.insertInto('price_history').values({ product_id: productId, price, set_at: at }).execute();
}

const history = (db: Kysely<Database>, productId: string) =>
  db.selectFrom('price_history').where('product_id', '=', productId);

/**
 * The lowest price since `windowStart`: the one in force when the window began, and every one set
 * within it. Undefined for a listing without history.
 */
async function lowestSince(db: Kysely<Database>, productId: string, windowStart: string) {
  const [inForce, within] = await Promise.all([
    history(db, productId)
      .select('price')
      .where('set_at', '<=', windowStart)
      .orderBy('set_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
    history(db, productId)
      .select((eb) => eb.fn.min<number>('price').as('lowest'))
      .where('set_at', '>', windowStart)
      .executeTakeFirst(),
  ]);
  const prices = [inForce?.price, within?.lowest].filter((price): price is number => typeof price === 'number');
  return prices.length > 0 ? Math.min(...prices) : undefined;
}

/**
 * Notes a seller's resale price after an edit, inside the edit's transaction and after the product
 * row was updated (on PostgreSQL that update holds the row, so two edits of one listing take turns
 * here). Nothing happens when the price is the one in force; otherwise the new price joins the
 * history, the drop (if any) is set on the product, and what the window no longer needs goes.
 */
export async function notePriceChange(db: Kysely<Database>, productId: string, price: number, now: number) {
  const current = await history(db, productId)
    .select(['price', 'set_at'])
    .orderBy('set_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (current?.price === price) return;
  // Each price later than the last, so "the price in force" is never a tie.
  const at = new Date(current ? Math.max(now, Date.parse(current.set_at) + 1) : now).toISOString();
  const windowStart = new Date(now - PRICE_DROP_WINDOW_MS).toISOString();
  const lowest = await lowestSince(db, productId, windowStart);
  await db.insertInto('price_history').values({ product_id: productId, price, set_at: at }).execute();
  await db
    .updateTable('products')
    .set({ previous_resale_price: lowest !== undefined && price < lowest ? lowest : null, price_changed_at: at })
    .where('id', '=', productId)
    .execute();
  await forgetBefore(db, productId, windowStart);
}

/** Prices older than the one in force when the window began can no longer count: the history stays short. */
async function forgetBefore(db: Kysely<Database>, productId: string, windowStart: string) {
  const inForce = await history(db, productId)
    .select('set_at')
    .where('set_at', '<=', windowStart)
    .orderBy('set_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!inForce) return;
  await db
    .deleteFrom('price_history')
    .where('product_id', '=', productId)
    .where('set_at', '<', inForce.set_at)
    .execute();
}
