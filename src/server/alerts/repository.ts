import { sql, type Kysely } from 'kysely';
import type { Engine } from '#server/db/connection';
import type { Alert } from '#shared/alerts';
import { newId } from '#server/db/ids';
import type { AlertFrequency, Database, SavedAlertsTable } from '#server/db/schema';
import { changedRows } from '#server/db/changes';
import { slices } from '#server/db/batches';
import { countOf } from '#server/db/paging';
import { insertNew, rowById, rowByKey } from '#server/db/keys';
import type { Selectable, Insertable } from 'kysely';

export type AlertRow = Selectable<SavedAlertsTable>;
export type NewAlert = Omit<Insertable<SavedAlertsTable>, 'id' | 'created_at' | 'last_sent_at'>;

/** How many of an alert's latest matches "My alerts" shows. */
export const LAST_MATCHES_SHOWN = 5;

export const insertAlert = (db: Kysely<Database>, alert: NewAlert, now: Date): Promise<string> =>
  insertNew(db, 'saved_alerts', { ...alert, created_at: now.toISOString(), last_sent_at: null }, now.getTime());

export const countAlerts = (db: Kysely<Database>, userId: string): Promise<number> =>
  countOf(db.selectFrom('saved_alerts').where('user_id', '=', userId));

export const findAlert = rowById('saved_alerts');

export const findAlertBySearch = (db: Kysely<Database>, userId: string, search: string) =>
  rowByKey(db, 'saved_alerts', { user_id: userId, search });

export async function updateAlert(
  db: Kysely<Database>,
  id: string,
  changes: { frequency?: AlertFrequency; is_paused?: boolean; is_mail_off?: boolean },
): Promise<number> {
  return changedRows(db.updateTable('saved_alerts').set(changes).where('id', '=', id));
}

export const deleteAlert = (db: Kysely<Database>, id: string) =>
  changedRows(db.deleteFrom('saved_alerts').where('id', '=', id));

/** A user's alerts, oldest first (at most MAX_ALERTS), each with its latest matches. */
export async function listAlerts(db: Kysely<Database>, userId: string): Promise<Alert[]> {
  const rows = await db
    .selectFrom('saved_alerts')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const matches = await Promise.all(rows.map((row) => lastMatchesOf(db, row.id)));
  return rows.map((row, index) => ({
    _id: row.id,
    search: row.search,
    sentence: row.sentence,
    frequency: row.frequency,
    paused: row.is_paused,
    mailOff: row.is_mail_off,
    createdAt: row.created_at,
    lastSentAt: row.last_sent_at,
    lastMatches: matches[index]!,
  }));
}

/** Served by alert_matches_alert. */
async function lastMatchesOf(db: Kysely<Database>, alertId: string) {
  const rows = await db
    .selectFrom('alert_matches as m')
    .innerJoin('products as p', 'p.id', 'm.product_id')
    .select(['m.product_id', 'p.product_name', 'm.price', 'm.matched_at'])
    .where('m.alert_id', '=', alertId)
    .orderBy('m.matched_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(LAST_MATCHES_SHOWN)
    .execute();
  return rows.map((row) => ({
    productId: row.product_id,
    productName: row.product_name,
    price: row.price,
    matchedAt: row.matched_at,
  }));
}

/** What matching reads of a listing: its search index row, so a phone no buyer can find never alerts. */
export const visibleListing = (db: Kysely<Database>, productId: string) =>
  db
    .selectFrom('search_listings as s')
    .select([
      's.id',
      's.product_id',
      's.seller_id',
      's.category_id',
      's.brand_key',
      's.condition',
      's.district',
      's.price',
      's.is_seller_verified',
    ])
    .where('s.product_id', '=', productId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('bookings as b')
            .select('b.id')
            .whereRef('b.product_id', '=', 's.product_id')
            .where('b.status', '=', 'accepted'),
        ),
      ),
    )
    .executeTakeFirst();
export type VisibleListing = NonNullable<Awaited<ReturnType<typeof visibleListing>>>;

/**
 * The alerts whose structured filters a listing passes: one read of saved_alerts_match, each
 * filter column being '' ("any") or the listing's value. Paused alerts, the seller's own and those
 * of people on either side of a block with the seller are left out here too.
 */
function alertsMatching(db: Kysely<Database>, listing: VisibleListing) {
  return db
    .selectFrom('saved_alerts as a')
    .where('a.brand_key', 'in', ['', listing.brand_key])
    .where('a.category_id', 'in', ['', listing.category_id])
    .where('a.condition', 'in', ['', listing.condition])
    .where('a.district', 'in', ['', listing.district ?? ''])
    .where('a.max_price', '>=', listing.price)
    .where('a.min_price', '<=', listing.price)
    .where('a.is_paused', '=', false)
    .where((eb) => (listing.is_seller_verified ? eb.lit(true) : eb('a.is_verified_only', '=', false)))
    .where('a.user_id', '<>', listing.seller_id)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('chat_blocks as k')
            .select('k.blocker_id')
            .where((or) =>
              or.or([
                or.and([or('k.blocker_id', '=', or.ref('a.user_id')), or('k.blocked_id', '=', listing.seller_id)]),
                or.and([or('k.blocker_id', '=', listing.seller_id), or('k.blocked_id', '=', or.ref('a.user_id'))]),
              ]),
            ),
        ),
      ),
    );
}

/** The distinct words (`[]` left out) of the alerts whose filters a listing passes. */
export async function wordsOfAlertsMatching(db: Kysely<Database>, listing: VisibleListing): Promise<string[]> {
  const rows = await alertsMatching(db, listing).select('a.words').distinct().where('a.words', '<>', '[]').execute();
  return rows.map((row) => row.words);
}

/**
 * Writes the listing in the ledger, in one statement, for each person with an alert it matches
 * (its filters, and words that are `[]` or among `words`, those the listing has), unless it reached
 * them already on this occasion: the unique key (user, phone, occasion) holds under concurrent
 * matching. A person's oldest matching alert names it. For a price drop (`drop`), only people it
 * first reached at a higher price. Answers how many rows it wrote.
 */
export async function recordMatches(
  db: Kysely<Database>,
  engine: Engine,
  listing: VisibleListing,
  words: string[],
  occasion: 'first' | 'drop',
  now: Date,
): Promise<number> {
  // Ids as newId makes them: the time and a random part, here shared by the statement's rows and
  // told apart by their number in it.
  const prefix = newId(now.getTime()).slice(0, 16);
  const hex8 =
    engine === 'postgres' ? sql`lpad(to_hex(row_number() over ()), 8, '0')` : sql`printf('%08x', row_number() over ())`;
  const timestamp = sql.raw(engine === 'postgres' ? 'timestamptz' : 'text');
  let people = alertsMatching(db, listing).where('a.words', 'in', ['[]', ...words]);
  if (occasion === 'drop') {
    people = people.where((eb) =>
      eb.exists(
        eb
          .selectFrom('alert_matches as f')
          .select('f.id')
          .whereRef('f.user_id', '=', 'a.user_id')
          .where('f.product_id', '=', listing.product_id)
          .where('f.occasion', '=', 'first')
          .where('f.price', '>', listing.price),
      ),
    );
  }
  const result = await db
    .insertInto('alert_matches')
    .columns(['id', 'alert_id', 'user_id', 'product_id', 'occasion', 'price', 'matched_at'])
    .expression(
      people
        .select((eb) => [
          sql<string>`cast(${prefix} as text) || ${hex8}`.as('id'),
          eb.fn.min('a.id').as('alert_id'),
          'a.user_id',
          sql<string>`cast(${listing.product_id} as text)`.as('product_id'),
          sql<string>`cast(${occasion} as text)`.as('occasion'),
          sql<number>`cast(${listing.price} as integer)`.as('price'),
          sql<string>`cast(${now.toISOString()} as ${timestamp})`.as('matched_at'),
        ])
        .groupBy('a.user_id'),
    )
    .onConflict((oc) => oc.columns(['user_id', 'product_id', 'occasion']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** Alerts with matches not told yet (served by alert_matches_undelivered). */
export const alertsWithPendingMatches = (db: Kysely<Database>) =>
  db
    .selectFrom('saved_alerts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('categories as c', 'c.id', 'a.category_id')
    .selectAll('a')
    .select(['u.email', 'u.is_email_verified', 'c.category_name', 'c.name_bn as category_name_bn'])
    .where('a.id', 'in', db.selectFrom('alert_matches').select('alert_id').where('delivered_at', 'is', null).distinct())
    .where('a.is_paused', '=', false)
    .execute();
export type PendingAlert = Awaited<ReturnType<typeof alertsWithPendingMatches>>[number];

/** Ids per `in` list: well within either engine's limit of parameters per statement. */
const IDS_PER_STATEMENT = 5000;

/** The untold matches of some alerts, each alert's oldest first, with what a notification says of each phone. */
export async function pendingMatchesOf(db: Kysely<Database>, alertIds: string[]) {
  const matches = [];
  for (const slice of slices(alertIds, IDS_PER_STATEMENT)) {
    const rows = await db
      .selectFrom('alert_matches as m')
      .innerJoin('products as p', 'p.id', 'm.product_id')
      .select(['m.id', 'm.alert_id', 'm.product_id', 'm.occasion', 'm.price', 'p.product_name'])
      .where('m.alert_id', 'in', slice)
      .where('m.delivered_at', 'is', null)
      .orderBy('m.matched_at')
      .orderBy('m.id')
      .execute();
    matches.push(...rows);
  }
  return matches;
}

/**
 * Marks matches told, only those still untold: of two workers, one tells them. Answers how many it
 * marked. Their alerts are named too, so that an engine reading alert_matches_undelivered (as
 * SQLite does for a long list of ids) reads those alerts' untold matches, never all of them.
 */
export async function markDelivered(
  db: Kysely<Database>,
  matches: ReadonlyArray<{ id: string; alert_id: string }>,
  now: Date,
): Promise<number> {
  let marked = 0;
  for (const slice of slices(matches, IDS_PER_STATEMENT)) {
    marked += await changedRows(
      db
        .updateTable('alert_matches')
        .set({ delivered_at: now.toISOString() })
        .where('id', 'in', [...new Set(slice.map((match) => match.id))])
        .where('alert_id', 'in', [...new Set(slice.map((match) => match.alert_id))])
        .where('delivered_at', 'is', null),
    );
  }
  return marked;
}

export async function setLastSent(db: Kysely<Database>, alertIds: string[], now: Date): Promise<void> {
  for (const slice of slices(alertIds, IDS_PER_STATEMENT)) {
    await db.updateTable('saved_alerts').set({ last_sent_at: now.toISOString() }).where('id', 'in', slice).execute();
  }
}
