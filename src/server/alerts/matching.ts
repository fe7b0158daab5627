import { sql, type Kysely } from 'kysely';
import type { Engine } from '#server/db/connection';
import { newId } from '#server/db/ids';
import type { Database } from '#server/db/schema';
import { textMatch } from '#server/search/repository';
import type { Term } from '#server/search/words';
import { recordMatches, visibleListing, wordsOfAlertsMatching, type VisibleListing } from './repository';

/*
 * Matching runs apart from the write that shows a phone: that write only notes the phone
 * (`onListingVisible`, one insert in its transaction), and the alert worker matches the notes a
 * moment later. So listing a phone costs the same with 100,000 saved alerts as with none.
 */

/** Why a phone became visible to buyers; each may alert. */
export type VisibleBecause =
  | 'listed'
  | 'shown'
  | 'reservation_cancelled'
  | 'price_dropped'
  /** For a review queue: a listing approved from review. */
  | 'approved';

/**
 * THE entry point of alerts: call it in the transaction of any write after which a phone is (again)
 * visible to buyers, or visible at a lower price. If that transaction rolls back, nobody is alerted.
 * The worker checks again, when it matches, that the phone is still findable, unsold and unreserved.
 */
export async function onListingVisible(trx: Kysely<Database>, productId: string, why: VisibleBecause): Promise<void> {
  // The price read in the insert itself: one round trip, the last but the commit of a new listing's
  // transaction, which holds its search words' rows locked until then (docs/performance.md).
  await trx
    .insertInto('alert_events')
    .columns(['id', 'product_id', 'why', 'price', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('products')
        .select([
          eb.val(newId()).as('id'),
          'id as product_id',
          eb.val(why).as('why'),
          'resale_price as price',
          eb.val(new Date().toISOString()).as('created_at'),
        ])
        .where('id', '=', productId),
    )
    .execute();
}

/** Events matched per round, so one round never holds the database for long. */
const EVENTS_PER_ROUND = 200;

/**
 * Matches the noted phones against the saved alerts and writes each new match in the ledger;
 * answers how many matches were written. Each event is matched and deleted in one transaction, so
 * an event is matched once even with two workers (the second finds it gone), and the ledger's
 * unique key keeps a phone from reaching a user twice whatever events race.
 */
export async function matchEvents(db: Kysely<Database>, engine: Engine, now = new Date()): Promise<number> {
  const events = await db.selectFrom('alert_events').selectAll().orderBy('id').limit(EVENTS_PER_ROUND).execute();
  let matched = 0;
  for (const event of events) {
    matched += await db.transaction().execute(async (trx) => {
      const taken = await trx.deleteFrom('alert_events').where('id', '=', event.id).executeTakeFirst();
      if (Number(taken.numDeletedRows) === 0) return 0;
      const listing = await visibleListing(trx, event.product_id);
      if (!listing) return 0;
      return matchListing(trx, engine, listing, event.why === 'price_dropped', now);
    });
  }
  return matched;
}

/**
 * Writes the ledger rows of one listing in a few statements, however many alerts match: the words
 * of the alerts its filters pass read (once per distinct set) and asked of the listing, then one
 * insert of a row per person, and for a price drop one more for those it reached before at a
 * higher price.
 */
async function matchListing(
  trx: Kysely<Database>,
  engine: Engine,
  listing: VisibleListing,
  priceDropped: boolean,
  now: Date,
): Promise<number> {
  const words: string[] = [];
  for (const each of await wordsOfAlertsMatching(trx, listing)) {
    if (await hasWords(trx, engine, listing.id, each)) words.push(each);
  }
  const first = await recordMatches(trx, engine, listing, words, 'first', now);
  return first + (priceDropped ? await recordMatches(trx, engine, listing, words, 'drop', now) : 0);
}

/** Whether one listing has an alert's words, asked of the full-text index for that listing alone. */
async function hasWords(trx: Kysely<Database>, engine: Engine, listingId: number, words: string): Promise<boolean> {
  const terms = JSON.parse(words) as Term[];
  const match = textMatch(engine, terms);
  if (engine === 'sqlite') {
    // A range, not `rowid = ?`: FTS5 (3.51) answers `rowid = ? and match` with the match's rows
    // whatever the rowid, while a range on the rowid does restrict it.
    const { rows } = await sql<{ id: number }>`select rowid as id from search_listings_fts
      where search_listings_fts match ${match.query} and rowid >= ${listingId} and rowid <= ${listingId}`.execute(trx);
    return rows.some((row) => row.id === listingId);
  }
  const row = await trx
    .selectFrom('search_listings as s')
    .select('s.id')
    .where('s.id', '=', listingId)
    .where(match.where)
    .executeTakeFirst();
  return row !== undefined;
}
