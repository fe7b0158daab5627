import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listConversations } from '#server/chat/repository';
import { newId } from '#server/db/ids';
import type { ImageStore } from '#server/uploads/store';
import { openMigratedSchema, plansOfPrepared, type MigratedSchema, testDatabaseUrl } from './support/postgres';

/*
 * The inbox's first page on PostgreSQL is one prepared statement (inboxOf). PostgreSQL keeps its
 * generic plan, and stops planning it on every visit, only when that plan costs no more than the
 * ones made for the values. In a table of many people where one has many conversations (the
 * benchmark's store: 1,000 of one buyer's beside 16 other people's), the plans made for that buyer's
 * id estimated their own 1,000 rows and the generic plan a share of the table by person (60), so the
 * 21 rows of the page looked cheaper in the former and every visit was planned (custom: 10 here).
 */
const url = testDatabaseUrl();
const CONVERSATIONS = 1000;
const OTHER_PEOPLE = 16;
const images = { urlOf: (name: string) => name } as unknown as ImageStore;

describe.runIf(url)("the inbox's statement on PostgreSQL", () => {
  let schema: MigratedSchema;
  const buyerId = newId();

  beforeAll(async () => {
    schema = await openMigratedSchema('inbox_plan');
    const { db } = schema;
    const others = Array.from({ length: OTHER_PEOPLE }, () => newId());
    const start = Date.now() - 2 * CONVERSATIONS * 60_000;
    const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
    await db
      .insertInto('users')
      .values(
        [buyerId, ...others].map((id) => ({
          id,
          email: `${id}@example.test`,
          name: 'Buyer',
          photo_url: '',
          created_at: at(0),
        })),
      )
      .execute();
    const conversationOf = (buyer: string, minutes: number) => ({
      id: newId(),
      buyer_id: buyer,
      product_name: 'Phone',
      product_image_id: 'image',
      product_price: 1000,
      created_at: at(minutes),
      updated_at: at(minutes),
      last_message_at: at(minutes),
      last_message_text: 'Is the price negotiable?',
      last_sender_id: buyer,
    });
    await db
      .insertInto('conversations')
      .values([
        ...Array.from({ length: CONVERSATIONS }, (_, n) => conversationOf(buyerId, n)),
        ...others.map((other, n) => conversationOf(other, CONVERSATIONS + n)),
      ])
      .execute();
    await sql`analyze conversations`.execute(db);
  });
  afterAll(() => schema.drop());

  // The first page's statement: its row count and offset are written in it.
  const FIRST_PAGE = 'select "c".*%limit 21 offset 0';

  it('is kept on its generic plan after its first five visits, for a person with many conversations', async () => {
    await schema.db.connection().execute(async (db) => {
      for (let n = 0; n < 10; n += 1) {
        const page = await listConversations(db, images, buyerId, 'buying', { page: 1, limit: 20 });
        expect(page.total).toBe(CONVERSATIONS);
        expect(page.items).toHaveLength(20);
      }
      // PostgreSQL plans for the values five times, then compares the generic plan with them.
      expect(await plansOfPrepared(db, FIRST_PAGE)).toEqual([{ generic: 5, custom: 5 }]);
    });
  });
});
