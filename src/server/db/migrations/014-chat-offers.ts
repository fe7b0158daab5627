import { sql } from 'kysely';
import { addColumns, createIndex, createTable, engineMigration, idColumn, linkTo, ownedBy, required } from './ddl';

/**
 * Offers in a conversation, and the price a deal was agreed at.
 *
 * - `chat_offers`: a buyer's price for a phone, which the seller accepts, counters or declines and
 *   the buyer withdraws; a counter waits for the buyer. `chat_offers_one_open` is the rule of one
 *   open offer (open or countered) per buyer and phone, held by the database so two tabs offering at
 *   once leave one.
 * - `chat_message_photos`: up to 3 uploaded pictures per message, in order. An upload goes with its
 *   account (the rows with it); housekeeping keeps the ones a message shows (uploads' unused()).
 * - `bookings.agreed_price`: the price an accepted offer fixed (null: the listing's price). Accepting
 *   an offer accepts the buyer's booking in the same transaction, so `bookings_one_accepted` decides
 *   between it and a booking accepted in parallel.
 */
export const chatOffersMigration = engineMigration(async (db, { timestamp }) => {
  await createTable(db, 'chat_offers', [
    idColumn,
    ownedBy('conversation_id', 'conversations'),
    linkTo('product_id', 'products'),
    linkTo('buyer_id', 'users'),
    ...required('integer', 'price'),
    ['note', 'text'],
    ['counter_price', 'integer'],
    [
      'status',
      'text',
      (c) => c.notNull().check(sql`status in ('open', 'countered', 'accepted', 'declined', 'withdrawn', 'expired')`),
    ],
    ...required(timestamp, 'created_at'),
    ['answered_at', timestamp],
    ...required(timestamp, 'expires_at'),
  ]);
  await createIndex(db, 'chat_offers_one_open', 'chat_offers', ['product_id', 'buyer_id'], {
    unique: true,
    where: ['status', 'in', sql`('open', 'countered')`],
  });
  await createIndex(db, 'chat_offers_conversation_created', 'chat_offers', ['conversation_id', 'created_at']);
  // Housekeeping's expiry reads the open offers by their end.
  await createIndex(db, 'chat_offers_open_expires', 'chat_offers', ['expires_at'], {
    where: ['status', 'in', sql`('open', 'countered')`],
  });

  await createTable(
    db,
    'chat_message_photos',
    [ownedBy('message_id', 'chat_messages'), ownedBy('upload_id', 'uploads'), ...required('integer', 'position')],
    { primaryKey: ['chat_message_photos_pk', ['message_id', 'position']] },
  );
  await createIndex(db, 'chat_message_photos_upload', 'chat_message_photos', ['upload_id']);

  await addColumns(db, 'bookings', [['agreed_price', 'integer']]);
});
