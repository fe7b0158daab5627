import { sql } from 'kysely';
import { createIndex, createTable, engineMigration, idColumn, linkTo, ownedBy, required } from './ddl';

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
  await createTable(db, 'conversations', [
    idColumn,
    linkTo('product_id', 'products'),
    linkTo('buyer_id', 'users'),
    linkTo('seller_id', 'users'),
    ...required('text', 'product_name', 'product_image_id'),
    ...required('integer', 'product_price'),
    ...required(timestamp, 'created_at', 'updated_at'),
    ['last_message_at', timestamp],
    ['last_message_text', 'text'],
    // No foreign key: compared with the caller only, and kept when the sender's account goes.
    ['last_sender_id', 'text'],
    ['buyer_read_at', timestamp],
    ['seller_read_at', timestamp],
  ]);
  await createIndex(db, 'conversations_one_per_buyer', 'conversations', ['product_id', 'buyer_id'], {
    unique: true,
  });
  await createIndex(db, 'conversations_buyer_last', 'conversations', ['buyer_id', 'last_message_at', 'id']);
  await createIndex(db, 'conversations_seller_last', 'conversations', ['seller_id', 'last_message_at', 'id']);

  // Housekeeping keeps a picture a conversation shows after its listing is gone (uploads' unused()).
  await createIndex(db, 'conversations_product_image', 'conversations', ['product_image_id']);

  await createTable(db, 'chat_messages', [
    idColumn,
    ownedBy('conversation_id', 'conversations'),
    linkTo('sender_id', 'users'),
    ...required('text', 'client_id'),
    ['kind', 'text', (c) => c.notNull().check(sql`kind in ('text', 'system')`)],
    ...required('text', 'body'),
    ...required(timestamp, 'created_at'),
  ]);
  await createIndex(db, 'chat_messages_client_id', 'chat_messages', ['conversation_id', 'client_id'], {
    unique: true,
  });
  await createIndex(db, 'chat_messages_conversation_created', 'chat_messages', ['conversation_id', 'created_at', 'id']);
  // The same-text limit reads a sender's last minutes of messages.
  await createIndex(db, 'chat_messages_sender_created', 'chat_messages', ['sender_id', 'created_at']);
  // A starter's conversations of the last day (the new accounts' limit).
  await createIndex(db, 'conversations_buyer_created', 'conversations', ['buyer_id', 'created_at']);

  await createTable(
    db,
    'chat_blocks',
    [ownedBy('blocker_id', 'users'), ownedBy('blocked_id', 'users'), ...required(timestamp, 'created_at')],
    { primaryKey: ['chat_blocks_pk', ['blocker_id', 'blocked_id']] },
  );
  // "Is either of two people blocking the other" reads both directions by key.
  await createIndex(db, 'chat_blocks_blocked', 'chat_blocks', ['blocked_id', 'blocker_id']);
});
