import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { countInboxes } from '#server/db/migrations/032-inbox-counts';
import { registerActor, type Actor } from './support/actors';
import { useTestApp } from './support/harness';
import { listProduct } from './support/products';
import { bookPhone } from './support/deal';

/*
 * The inbox's X-Total-Count comes from chat_inbox_counts (migration 032), kept by triggers on
 * conversations, not from counting the person's conversations. After every kind of write that moves
 * a conversation in or out of an inbox (its first message, a booking request's line, an account
 * deleted on either side, two conversations started at once) the kept counts must be what counting
 * the conversations gives, and each inbox's header must say the same.
 */

const { t, seller, buyer, admin } = useTestApp({ seller: 'seller', buyer: 'buyer', admin: 'admin' });

beforeAll(async () => {
  // Older than a day: past the new accounts' daily limit of conversations (chat.test.ts tests it).
  const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString();
  await t.db.updateTable('users').set({ created_at: twoDaysAgo }).execute();
});

/** Each person's side as counting the conversations with a message gives it. */
async function countedFromConversations(): Promise<Record<string, number>> {
  const rows = await t.db
    .selectFrom('conversations')
    .select(['buyer_id', 'seller_id'])
    .where('last_message_at', 'is not', null)
    .execute();
  const counts: Record<string, number> = {};
  const add = (key: string) => (counts[key] = (counts[key] ?? 0) + 1);
  for (const row of rows) {
    if (row.buyer_id) add(`${row.buyer_id}:buying`);
    if (row.seller_id) add(`${row.seller_id}:selling`);
  }
  return counts;
}

async function kept(): Promise<Record<string, number>> {
  const rows = await t.db.selectFrom('chat_inbox_counts').selectAll().execute();
  return Object.fromEntries(
    rows.filter((row) => Number(row.count) !== 0).map((row) => [`${row.user_id}:${row.side}`, Number(row.count)]),
  );
}

const totalOf = async (actor: Actor, side: 'buying' | 'selling') => {
  const response = await actor.request({ method: 'GET', url: `/api/conversations/inbox/${side}` });
  expect(response.statusCode).toBe(200);
  return { header: Number(response.headers['x-total-count']), listed: response.json<unknown[]>().length };
};

/** The kept counts are the counted ones, and each actor's inbox says so (each holds under a page here). */
async function expectCountsRight(after: string, ...actors: Actor[]) {
  const counted = await countedFromConversations();
  expect(await kept(), after).toEqual(counted);
  for (const actor of actors) {
    for (const side of ['buying', 'selling'] as const) {
      const expected = counted[`${actor.user.uid}:${side}`] ?? 0;
      expect(await totalOf(actor, side), `${after}: ${side}`).toEqual({ header: expected, listed: expected });
    }
  }
}

const start = async (actor: Actor, productId: string) => {
  const response = await actor.request({ method: 'POST', url: '/api/conversations', payload: { productId } });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<{ _id: string }>()._id;
};

const send = async (actor: Actor, id: string, text: string) => {
  const response = await actor.request({
    method: 'POST',
    url: `/api/conversations/${id}/messages`,
    payload: { clientId: randomUUID(), text },
  });
  expect(response.statusCode, response.body).toBe(201);
};

const aged = async (actor: Actor) => {
  const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString();
  await t.db.updateTable('users').set({ created_at: twoDaysAgo }).where('id', '=', actor.user.uid).execute();
  return actor;
};

describe("the inbox's kept counts", () => {
  it('count a conversation from its first message, not from its start, and once', async () => {
    const id = await start(buyer, await listProduct(seller));
    await expectCountsRight('started, no message yet', buyer, seller);
    await send(buyer, id, 'Is the price negotiable?');
    await expectCountsRight('the first message', buyer, seller);
    await send(seller, id, 'The price is fixed');
    await send(buyer, id, 'Battery health?');
    await expectCountsRight('more messages', buyer, seller);
  });

  it('count a conversation a booking request opens with its line', async () => {
    await bookPhone(buyer, await listProduct(seller), 'Dhanmondi 27');
    await expectCountsRight('a booking request', buyer, seller);
  });

  it('count conversations started and written at once by one buyer, and into one seller', async () => {
    // Listed one after the other (a seller uploads two photos at a time), then all written to at once.
    const products: string[] = [];
    for (let n = 0; n < 6; n += 1) products.push(await listProduct(seller));
    await Promise.all(
      // Each its own words: the same text into more than 3 conversations would be held.
      products.map(async (productId, n) => send(buyer, await start(buyer, productId), `Where can we meet? (${n})`)),
    );
    await expectCountsRight('six started at once', buyer, seller);
  });

  it("leave a blocked person's conversations where they are", async () => {
    const other = await aged(await registerActor(t.app, 'buyer', { name: 'Blocked Buyer' }));
    const id = await start(other, await listProduct(seller));
    await send(other, id, 'Can you do 48,000?');
    const blocked = await seller.request({ method: 'PUT', url: `/api/conversations/${id}/block` });
    expect(blocked.statusCode, blocked.body).toBeLessThan(300);
    await expectCountsRight('a block', other, seller);
  });

  it("take a deleted account's side away and keep the other side's", async () => {
    const leavingBuyer = await aged(await registerActor(t.app, 'buyer', { name: 'Leaving Buyer' }));
    const leavingSeller = await registerActor(t.app, 'seller', { name: 'Leaving Seller' });
    const withSeller = await start(leavingBuyer, await listProduct(seller));
    await send(leavingBuyer, withSeller, 'Battery health?');
    const withBuyer = await start(buyer, await listProduct(leavingSeller));
    await send(buyer, withBuyer, 'Battery health?');
    const byBoth = await start(leavingBuyer, await listProduct(leavingSeller));
    await send(leavingBuyer, byBoth, 'Battery health?');
    await expectCountsRight('before the deletions', leavingBuyer, leavingSeller, buyer, seller);
    const buyerGone = await admin.request({ method: 'DELETE', url: `/api/buyers/${leavingBuyer.user.uid}` });
    expect(buyerGone.statusCode, buyerGone.body).toBe(200);
    await expectCountsRight('a buyer deleted', leavingSeller, buyer, seller);
    const sellerGone = await admin.request({ method: 'DELETE', url: `/api/sellers/${leavingSeller.user.uid}` });
    expect(sellerGone.statusCode, sellerGone.body).toBe(200);
    await expectCountsRight('a seller deleted', buyer, seller);
    const rows = await t.db
      .selectFrom('chat_inbox_counts')
      .select('user_id')
      .where('user_id', 'in', [leavingBuyer.user.uid, leavingSeller.user.uid])
      .execute();
    expect(rows).toEqual([]);
  });

  it('are counted again from the conversations by the migration (its backfill)', async () => {
    const before = await kept();
    await t.db.deleteFrom('chat_inbox_counts').execute();
    await countInboxes(t.db as never);
    expect(await kept()).toEqual(before);
    await expectCountsRight('counted again', buyer, seller);
  });
});
