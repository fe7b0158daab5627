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

const dropPricesBefore = compiledChange((db, v: { productId: string; before: string }) =>
  db.deleteFrom('price_history').where('product_id', '=', v.productId).where('set_at', '<', v.before),
);

/** What an edit's new price writes: when it is set, the drop it makes (or none), and the history it ends. */
export interface PriceChange {
  at: string;
  droppedFrom: number | null;
  /** Prices set before this one can no longer count (the one in force when the window began). */
  dropBefore: string | null;
}

/**
 * What a seller's resale price changes, read inside the edit's transaction with the listing's row
 * locked (PostgreSQL; SQLite's transaction holds the write lock), so two edits of one listing take
 * turns here: undefined when the price is the one in force. The drop goes into the listing's own
 * update (updateProduct), the new price into the history after it (recordPriceChange).
 */
export async function priceChangeOf(
  db: Kysely<Database>,
  productId: string,
  price: number,
  now: number,
): Promise<PriceChange | undefined> {
  const windowStart = new Date(now - PRICE_DROP_WINDOW_MS).toISOString();
  const [found] = await historyAt(db, { productId, windowStart });
  const { lowest, in_force_at: inForceAt, current_price: current, current_at: currentAt } = found!;
  if (current === price) return undefined;
  // Each price later than the last, so "the price in force" is never a tie.
  const at = new Date(currentAt ? Math.max(now, Date.parse(currentAt) + 1) : now).toISOString();
  return { at, droppedFrom: lowest !== null && price < lowest ? lowest : null, dropBefore: inForceAt };
}

/** The listing's columns a changed price sets beside it. */
export const dropColumnsOf = (change: PriceChange) => ({
  previous_resale_price: change.droppedFrom,
  price_changed_at: change.at,
});

/**
 * The new price joins the history, and what the window no longer needs goes, so the history stays
 * short; after the listing's update.
 */
export async function recordPriceChange(db: Kysely<Database>, productId: string, price: number, change: PriceChange) {
  await addPrice(db, { productId, price, at: change.at });
  if (change.dropBefore) await dropPricesBefore(db, { productId, before: change.dropBefore });
}
