import { sql, type Kysely } from 'kysely';

/**
 * What the server wrote into bookings for people to read is kept as a code, worded when it is read
 * in the reader's language (docs/i18n-server.md, "The server's words in the data"):
 * - `bookings.status_reason_code`: why the server ended a booking. `status_reason` keeps only what a
 *   person typed (a seller's decline, a cancellation's reason).
 * - a deleted buyer's `buyer_name` is '' (the row's `buyer_id` is null then), worded as "Deleted account";
 * - a booking an accepted offer made meets "at the place agreed in the conversation": its
 *   `meet_location` is '' (a buyer's own place is never empty).
 * Rows of before are read back from the English the server wrote until now.
 */

/** The sentences the server stored until now (bookings/forget.ts, products/service.ts, moderation/effects.ts, #shared/bookings). */
const ENGLISH_REASONS: Array<[string, string]> = [
  ['sold to another buyer', 'sold_to_another_buyer'],
  ['the account was removed', 'account_removed'],
  ['the seller took this phone off sale', 'seller_hid'],
  ['the seller removed this phone', 'seller_removed'],
  ['the listing was removed', 'listing_removed'],
  ['the listing was hidden by a moderator', 'moderator_hid'],
  ['the seller was asked to change the listing', 'changes_requested'],
  ['the seller account was suspended', 'seller_suspended'],
];

/** Turns the server's English of before into codes (and ''), leaving what people typed as it is. */
export async function serverWordsToCodes(db: Kysely<unknown>): Promise<void> {
  for (const [english, code] of ENGLISH_REASONS) {
    await sql`update bookings set status_reason_code = ${code}, status_reason = null
      where status_reason = ${english} and status in ('declined', 'cancelled')`.execute(db);
  }
  await sql`update bookings set buyer_name = '' where buyer_id is null and buyer_name = 'Deleted account'`.execute(db);
  await sql`update bookings set meet_location = ''
    where buyer_id is not null and meet_location = 'the place agreed in the conversation'`.execute(db);
}

export const serverReasonsMigration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table bookings add column status_reason_code text`.execute(db);
    await serverWordsToCodes(db);
  },
};
