import { sql } from 'kysely';
import { addColumns, createIndex, createTable, engineMigration, idColumn, ownedBy, required } from './ddl';

/**
 * The deal: a booking is a request the seller answers, and notifications tell each side.
 *
 * - `status` moves requested → accepted | declined | cancelled | expired, accepted → sold | cancelled;
 *   `is_open` (requested or accepted) lets the seller's list put open requests on top by index.
 * - `bookings_one_accepted` is the rule that a phone has at most one accepted booking, held by the
 *   database so that two accepts racing from two tabs leave exactly one.
 * - `seller_id` is the phone's seller when the request came, so the seller's requests are an index
 *   read and stay their history when the listing is deleted.
 * - Existing bookings become requests; one on a phone already sold becomes that sale.
 */
export const dealMigration = engineMigration(
  async (db, { timestamp, bool, falseDefault, offByDefault, trueDefault }) => {
    await addColumns(db, 'bookings', [
      [
        'status',
        'text',
        (c) =>
          c
            .notNull()
            .defaultTo('requested')
            .check(sql`status in ('requested', 'accepted', 'declined', 'cancelled', 'expired', 'sold')`),
      ],
      ['is_open', bool, (c) => c.notNull().defaultTo(trueDefault)],
      ['status_reason', 'text'],
      ['status_changed_at', timestamp],
      ['seller_id', 'text', (c) => c.references('users.id').onDelete('set null')],
    ]);

    await sql`update bookings set seller_id = (select p.seller_id from products p where p.id = bookings.product_id)`.execute(
      db,
    );
    await sql`update bookings set status = 'sold', is_open = ${falseDefault}, status_changed_at = booked_at
    where product_id in (select id from products where is_sold = ${trueDefault})`.execute(db);

    await createIndex(db, 'bookings_one_accepted', 'bookings', ['product_id'], {
      unique: true,
      where: ['status', '=', 'accepted'],
    });
    await createIndex(db, 'bookings_seller_open_booked', 'bookings', ['seller_id', 'is_open', 'booked_at', 'id']);
    await createIndex(db, 'bookings_product_open', 'bookings', ['product_id', 'is_open']);
    await createIndex(db, 'bookings_requested_booked', 'bookings', ['booked_at'], {
      where: ['status', '=', 'requested'],
    });

    await createTable(db, 'notifications', [
      idColumn,
      ownedBy('user_id', 'users'),
      ...required('text', 'kind', 'message', 'link'),
      ...required(timestamp, 'created_at'),
      ['is_read', bool, offByDefault],
    ]);
    await createIndex(db, 'notifications_user_created', 'notifications', ['user_id', 'created_at', 'id']);
    await createIndex(db, 'notifications_user_unread', 'notifications', ['user_id'], {
      where: ['is_read', '=', falseDefault],
    });
  },
);
