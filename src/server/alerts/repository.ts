import type { Kysely } from 'kysely';
import type { Alert } from '#shared/alerts';
import { byId, newId } from '#server/db/ids';
import type { AlertFrequency, Database, SavedAlertsTable } from '#server/db/schema';
import { changedRows } from '#server/db/changes';
import type { Selectable, Insertable } from 'kysely';

export type AlertRow = Selectable<SavedAlertsTable>;
export type NewAlert = Omit<Insertable<SavedAlertsTable>, 'id' | 'created_at' | 'last_sent_at'>;

/** How many of an alert's latest matches "My alerts" shows. */
export const LAST_MATCHES_SHOWN = 5;

export async function insertAlert(db: Kysely<Database>, alert: NewAlert, now: Date): Promise<string> {
  const id = newId(now.getTime());
  await db
    .insertInto('saved_alerts')
    .values({ ...alert, id, created_at: now.toISOString(), last_sent_at: null })
    .execute();
  return id;
}

export async function countAlerts(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('saved_alerts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export const findAlert = byId(
  (db: Kysely<Database>, id: string) =>
    db.selectFrom('saved_alerts').selectAll().where('id', '=', id).executeTakeFirst(),
  undefined,
);

export const findAlertBySearch = (db: Kysely<Database>, userId: string, search: string) =>
  db
    .selectFrom('saved_alerts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('search', '=', search)
    .executeTakeFirst();

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
export function alertsMatching(db: Kysely<Database>, listing: VisibleListing) {
  return db
    .selectFrom('saved_alerts as a')
    .select(['a.id', 'a.user_id', 'a.words'])
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
    )
    .execute();
}

/** A phone reaching a user through one of their alerts, for the ledger. */
export interface NewMatch {
  alertId: string;
  userId: string;
  productId: string;
  price: number;
}

/** Rows per insert: well within either engine's limit of parameters per statement. */
const MATCHES_PER_INSERT = 500;

/**
 * Writes a phone in the ledger for each user, unless it reached them already on this occasion: the
 * unique key (user, phone, occasion) holds under concurrent matching. One user at most once in
 * `matches`. Answers the users it was new for.
 */
export async function recordMatches(
  db: Kysely<Database>,
  matches: NewMatch[],
  occasion: 'first' | 'drop',
  now: Date,
): Promise<Set<string>> {
  const written = new Set<string>();
  for (let start = 0; start < matches.length; start += MATCHES_PER_INSERT) {
    const rows = await db
      .insertInto('alert_matches')
      .values(
        matches.slice(start, start + MATCHES_PER_INSERT).map((match) => ({
          id: newId(now.getTime()),
          alert_id: match.alertId,
          user_id: match.userId,
          product_id: match.productId,
          occasion,
          price: match.price,
          matched_at: now.toISOString(),
          delivered_at: null,
        })),
      )
      .onConflict((oc) => oc.columns(['user_id', 'product_id', 'occasion']).doNothing())
      .returning('user_id')
      .execute();
    for (const row of rows) written.add(row.user_id);
  }
  return written;
}

/** The price a phone first reached each of these users at, for those it did. */
export async function firstMatchPrices(
  db: Kysely<Database>,
  userIds: string[],
  productId: string,
): Promise<Map<string, number>> {
  const prices = new Map<string, number>();
  for (let start = 0; start < userIds.length; start += MATCHES_PER_INSERT) {
    const rows = await db
      .selectFrom('alert_matches')
      .select(['user_id', 'price'])
      .where('product_id', '=', productId)
      .where('occasion', '=', 'first')
      .where('user_id', 'in', userIds.slice(start, start + MATCHES_PER_INSERT))
      .execute();
    for (const row of rows) prices.set(row.user_id, row.price);
  }
  return prices;
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

/** The untold matches of some alerts (one person's), oldest first, with what a notification says of each phone. */
export const pendingMatchesOf = (db: Kysely<Database>, alertIds: string[]) =>
  db
    .selectFrom('alert_matches as m')
    .innerJoin('products as p', 'p.id', 'm.product_id')
    .select(['m.id', 'm.alert_id', 'm.product_id', 'm.occasion', 'm.price', 'p.product_name'])
    .where('m.alert_id', 'in', alertIds)
    .where('m.delivered_at', 'is', null)
    .orderBy('m.matched_at')
    .orderBy('m.id')
    .execute();
export type PendingMatch = Awaited<ReturnType<typeof pendingMatchesOf>>[number];

/** Marks matches told, only those still untold: of two workers, one tells them. */
export const markDelivered = (db: Kysely<Database>, ids: string[], now: Date) =>
  changedRows(
    db
      .updateTable('alert_matches')
      .set({ delivered_at: now.toISOString() })
      .where('id', 'in', ids)
      .where('delivered_at', 'is', null),
  );

export const setLastSent = (db: Kysely<Database>, alertIds: string[], now: Date) =>
  db.updateTable('saved_alerts').set({ last_sent_at: now.toISOString() }).where('id', 'in', alertIds).execute();
