import { sql } from 'kysely';
import { addColumns, createIndex, engineMigration } from './ddl';

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
  await db.schema
    .createTable('chat_offers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('buyer_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('counter_price', 'integer')
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('open', 'countered', 'accepted', 'declined', 'withdrawn', 'expired')`),
    )
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('answered_at', timestamp)
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .execute();
  await createIndex(db, 'chat_offers_one_open', 'chat_offers', ['product_id', 'buyer_id'], {
    unique: true,
    where: ['status', 'in', sql`('open', 'countered')`],
  });
  await createIndex(db, 'chat_offers_conversation_created', 'chat_offers', ['conversation_id', 'created_at']);
  // Housekeeping's expiry reads the open offers by their end.
  await createIndex(db, 'chat_offers_open_expires', 'chat_offers', ['expires_at'], {
    where: ['status', 'in', sql`('open', 'countered')`],
  });

  await db.schema
    .createTable('chat_message_photos')
    .addColumn('message_id', 'text', (c) => c.notNull().references('chat_messages.id').onDelete('cascade'))
    .addColumn('upload_id', 'text', (c) => c.notNull().references('uploads.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_message_photos_pk', ['message_id', 'position'])
    .execute();
  await createIndex(db, 'chat_message_photos_upload', 'chat_message_photos', ['upload_id']);

  await addColumns(db, 'bookings', [['agreed_price', 'integer']]);
});
