import { sql } from 'kysely';
import { createIndex, engineMigration } from './ddl';

/**
 * Chat: one conversation per (phone, buyer), held by a unique index so two first messages racing
 * make one; messages with the sender's own id, unique per conversation, so a retry is stored once.
 *
 * - The phone's name, picture and price are kept with the conversation, and every link to a person
 *   or a phone is set to null when it goes: the other side keeps the conversation and its messages.
 * - `chat_blocks`: who blocked whom; either direction stops messages and bookings between the two.
 * - `last_*` repeat the newest message so the inbox is one index read; `*_read_at` say when each
 *   side last opened it (unread marks and "Seen"); `updated_at` moves with both, for the live stream.
 */
export const chatMigration = engineMigration(async (db, { timestamp }) => {
  await db.schema
    .createTable('conversations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('buyer_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('seller_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('product_image_id', 'text', (c) => c.notNull())
    .addColumn('product_price', 'integer', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addColumn('last_message_at', timestamp)
    .addColumn('last_message_text', 'text')
    // No foreign key: compared with the caller only, and kept when the sender's account goes.
    .addColumn('last_sender_id', 'text')
    .addColumn('buyer_read_at', timestamp)
    .addColumn('seller_read_at', timestamp)
    .execute();
  await createIndex(db, 'conversations_one_per_buyer', 'conversations', ['product_id', 'buyer_id'], {
    unique: true,
  });
  await createIndex(db, 'conversations_buyer_last', 'conversations', ['buyer_id', 'last_message_at', 'id']);
  await createIndex(db, 'conversations_seller_last', 'conversations', ['seller_id', 'last_message_at', 'id']);

  // Housekeeping keeps a picture a conversation shows after its listing is gone (uploads' unused()).
  await createIndex(db, 'conversations_product_image', 'conversations', ['product_image_id']);

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('sender_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('text', 'system')`))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await createIndex(db, 'chat_messages_client_id', 'chat_messages', ['conversation_id', 'client_id'], {
    unique: true,
  });
  await createIndex(db, 'chat_messages_conversation_created', 'chat_messages', ['conversation_id', 'created_at', 'id']);
  // The same-text limit reads a sender's last minutes of messages.
  await createIndex(db, 'chat_messages_sender_created', 'chat_messages', ['sender_id', 'created_at']);
  // A starter's conversations of the last day (the new accounts' limit).
  await createIndex(db, 'conversations_buyer_created', 'conversations', ['buyer_id', 'created_at']);

  await db.schema
    .createTable('chat_blocks')
    .addColumn('blocker_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_blocks_pk', ['blocker_id', 'blocked_id'])
    .execute();
  // "Is either of two people blocking the other" reads both directions by key.
  await createIndex(db, 'chat_blocks_blocked', 'chat_blocks', ['blocked_id', 'blocker_id']);
});
