import type { Kysely } from 'kysely';
import { compiledChange, compiledOnce } from '#server/db/compiled';
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
 * What an edit needs of a listing's price history, in one read: the price in force now and since
 * when; the lowest price since `windowStart` (the one in force when the window began, and every
 * one set within it); and when that one in force was set, since the prices before it no longer
 * count. All null for a listing without history. Every edit runs it: compiled once (db/compiled.ts).
 */
const historyAt = compiledOnce((db, v: { productId: string; windowStart: string }) => {
  const latest = () => history(db, v.productId).orderBy('set_at', 'desc').limit(1);
  const inForceAt = () =>
    history(db, v.productId)
      .select((eb) => eb.fn.max('set_at').as('set_at'))
      .where('set_at', '<=', v.windowStart);
  return history(db, v.productId)
    .select((eb) => [
      eb.fn.min<number>('price').as('lowest'),
      inForceAt().as('in_force_at'),
      latest().select('price').as('current_price'),
      latest().select('set_at').as('current_at'),
    ])
    .where((eb) => eb.or([eb('set_at', '>', v.windowStart), eb('set_at', '=', inForceAt())]));
});

/** The statements of a changed price, compiled once as historyAt is. */
const addPrice = compiledChange((db, v: { productId: string; price: number; at: string }) =>
  db.insertInto('price_history').values({ product_id: v.productId, price: v.price, set_at: v.at }),
);

const setDrop = compiledChange((db, v: { productId: string; droppedFrom: number | null; at: string }) =>
  db
    .updateTable('products')
    .set({ previous_resale_price: v.droppedFrom, price_changed_at: v.at })
    .where('id', '=', v.productId),
);

const dropPricesBefore = compiledChange((db, v: { productId: string; before: string }) =>
  db.deleteFrom('price_history').where('product_id', '=', v.productId).where('set_at', '<', v.before),
);

/**
 * Notes a seller's resale price after an edit, inside the edit's transaction and after the product
 * row was updated (on PostgreSQL that update holds the row, so two edits of one listing take turns
 * here). Nothing happens when the price is the one in force; otherwise the new price joins the
 * history, the drop (if any) is set on the product, and what the window no longer needs goes.
 */
export async function notePriceChange(db: Kysely<Database>, productId: string, price: number, now: number) {
  const windowStart = new Date(now - PRICE_DROP_WINDOW_MS).toISOString();
  const [found] = await historyAt(db, { productId, windowStart });
  const { lowest, in_force_at: inForceAt, current_price: current, current_at: currentAt } = found!;
  if (current === price) return;
  // Each price later than the last, so "the price in force" is never a tie.
  const at = new Date(currentAt ? Math.max(now, Date.parse(currentAt) + 1) : now).toISOString();
  await addPrice(db, { productId, price, at });
  await setDrop(db, { productId, droppedFrom: lowest !== null && price < lowest ? lowest : null, at });
  // Prices older than the one in force when the window began can no longer count: the history stays short.
  if (inForceAt) {
    await dropPricesBefore(db, { productId, before: inForceAt });
  }
}
