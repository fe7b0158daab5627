import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSentMessage } from '#server/chat/repository';
import { newId } from '#server/db/ids';
import { openMigratedSchema, plansOfPrepared, type MigratedSchema, testDatabaseUrl } from './support/postgres';

/*
 * A message sent on PostgreSQL is one prepared statement (insertSentMessage). PostgreSQL keeps its
 * generic plan, and stops planning it on every send, only when that plan costs no more than the
 * ones made for the values. Where the statistics show one sender and one text (the benchmark's
 * store: 1,000 messages of one buyer, all alike), the same-text count's time bounded on one side
 * only made the generic plan a scan of chat_messages, and every send was planned (custom: 10 here).
 * Where senders are many, the count is selective in the statistics and either form keeps it.
 */
const url = testDatabaseUrl();
const TEN_MINUTES = 10 * 60 * 1000;

describe.runIf(url)("a message's statement on PostgreSQL", () => {
  let schema: MigratedSchema;
  const buyerId = newId();
  const conversationId = newId();

  beforeAll(async () => {
    schema = await openMigratedSchema('send_plan');
    const { db } = schema;
    const at = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    await db
      .insertInto('users')
      .values({ id: buyerId, email: 'buyer@example.test', name: 'Buyer', photo_url: '', created_at: at })
      .execute();
    const conversations = Array.from({ length: 1000 }, () => newId());
    await db
      .insertInto('conversations')
      .values(
        [conversationId, ...conversations].map((id) => ({
          id,
          buyer_id: buyerId,
          product_name: 'Phone',
          product_image_id: 'image',
          product_price: 1000,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    // One sender and one text in every row: the statistics cannot tell the sender or a text apart.
    await db
      .insertInto('chat_messages')
      .values(
        conversations.map((id, index) => ({
          id: newId(),
          conversation_id: id,
          sender_id: buyerId,
          client_id: `old-${index}`,
          kind: 'text',
          body: 'Is the price negotiable?',
          created_at: at,
        })),
      )
      .execute();
    await sql`analyze chat_messages`.execute(db);
  });
  afterAll(() => schema.drop());

  it('is kept on its generic plan after its first five sends', async () => {
    await schema.db.connection().execute(async (db) => {
      for (let n = 0; n < 10; n += 1) {
        const message = {
          conversation_id: conversationId,
          sender_id: buyerId,
          client_id: `new-${n}`,
          body: `Still there ${n}?`,
        };
        const { sameText } = await insertSentMessage(db, 'postgres', message, 'buying', new Date().toISOString(), {
          photoCount: 0,
          windowMs: TEN_MINUTES,
        });
        expect(sameText).toBe(0);
      }
      // PostgreSQL plans for the values five times, then compares the generic plan with them.
      expect(await plansOfPrepared(db, 'with "message" as (insert into "chat_messages"%')).toEqual([
        { generic: 5, custom: 5 },
      ]);
    });
  });
});
