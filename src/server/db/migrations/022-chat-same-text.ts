import { sql, type Kysely } from 'kysely';

/**
 * `chat_messages_sender_text` replaces `chat_messages_sender_created`: the same-text limit reads
 * a sender's recent messages of one text, not all their recent messages (a busy seller's hundreds).
 * It holds the text's first characters, as a whole text of 2,000 Bengali characters is too long for
 * a PostgreSQL index entry; the query compares the whole text on the rows it finds.
 */
export const chatSameTextMigration = {
  async up(db: Kysely<unknown>) {
    await sql`drop index chat_messages_sender_created`.execute(db);
    await sql`create index chat_messages_sender_text on chat_messages (sender_id, substr(body, 1, 40), created_at)`.execute(
      db,
    );
  },
};
