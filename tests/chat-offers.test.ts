import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { conversationDetailsSchema, CONVERSATION_CLOSED, type ConversationDetails } from '#shared/chat';
import { offerSchema, type Offer } from '#shared/offers';
import type { BookingRequestItem, BuyerOrder } from '#shared/bookings';
import { expireStaleOffers } from '#server/chat/offers';
import type { Actor } from './support/actors';
import { useTestApp } from './support/harness';
import { listProduct } from './support/products';
import { bookPhone } from './support/deal';

/* Offers in a conversation (docs/chat.md): limits, the moves and who makes them, expiry, and an
 * accepted offer reserving the phone at the agreed price against a booking accepted at once. */

const { t, seller, buyer, otherBuyer } = useTestApp({
  seller: { role: 'seller', name: 'Sabbir Seller' },
  buyer: { role: 'buyer', name: 'Bithi Buyer' },
  otherBuyer: { role: 'buyer', name: 'Rafi Buyer' },
});

beforeAll(async () => {
  // Past the new accounts' daily limit of conversations (tests/chat.test.ts tests it).
  const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString();
  await t.db
    .updateTable('users')
    .set({ created_at: twoDaysAgo })
    .where('id', 'in', [buyer.user.uid, otherBuyer.user.uid])
    .execute();
});

/** A conversation of `as` about a new 40,000 Tk phone of `seller`. */
async function conversation(as = buyer): Promise<{ id: string; productId: string }> {
  const productId = await listProduct(seller, { resalePrice: 40000 });
  const started = await as.request({ method: 'POST', url: '/api/conversations', payload: { productId } });
  expect(started.statusCode).toBe(201);
  return { id: started.json<{ _id: string }>()._id, productId };
}

const offer = (as: Actor, id: string, price: unknown, note?: string) =>
  as.request({ method: 'POST', url: `/api/conversations/${id}/offers`, payload: { price, note } });

const moveOffer = (as: Actor, id: string, move: string, payload?: object) =>
  as.request({ method: 'PUT', url: `/api/offers/${id}/${move}`, ...(payload ? { payload } : {}) });

async function made(id: string, price: unknown = 30000): Promise<Offer> {
  const response = await offer(buyer, id, price);
  expect(response.statusCode).toBe(201);
  return offerSchema.parse(response.json());
}

async function details(as: Actor, id: string): Promise<ConversationDetails> {
  const response = await as.request({ method: 'GET', url: `/api/conversations/${id}` });
  expect(response.statusCode).toBe(200);
  return conversationDetailsSchema.parse(response.json());
}

describe('making an offer', () => {
  it('takes a price between half the asking price and the asking price, in either digit system', async () => {
    const { id } = await conversation();
    const above = await offer(buyer, id, 40001);
    expect(above.statusCode).toBe(400);
    expect(above.json()).toMatchObject({ fields: { price: 'Offer at most the asking price, 40000Tk' } });
    const below = await offer(buyer, id, '19,999');
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({ fields: { price: 'Offer at least half the asking price, 20000Tk' } });
    const inBangla = await buyer.request({
      method: 'POST',
      url: `/api/conversations/${id}/offers`,
      headers: { 'accept-language': 'bn' },
      payload: { price: 40001 },
    });
    const atMost = 'চাওয়া দামের বেশি অফার করা যায় না, সর্বোচ্চ ৪০,০০০ টাকা';
    expect(inBangla.json()).toMatchObject({ message: atMost, fields: { price: atMost } });
    expect((await offer(buyer, id, 'a lot')).statusCode).toBe(400);

    const bengali = await made(id, '৩৫,০০০');
    expect(bengali).toMatchObject({ price: 35000, status: 'open', agreedPrice: null });
    const hours = (Date.parse(bengali.expiresAt) - Date.parse(bengali.createdAt)) / 3_600_000;
    expect(hours).toBe(48);
    const seen = await details(seller, id);
    expect(seen.offer).toMatchObject({ _id: bengali._id, price: 35000 });
    expect(seen.lastMessage).toBe('Bithi Buyer offered 35000Tk.');
    expect(seen.unread).toBe(true);
  });

  it('keeps one open offer per buyer and phone, also when two are made at once', async () => {
    const { id } = await conversation();
    const both = await Promise.all([offer(buyer, id, 30000), offer(buyer, id, 31000)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const open = await t.db
      .selectFrom('chat_offers')
      .select('id')
      .where('conversation_id', '=', id)
      .where('status', 'in', ['open', 'countered'])
      .execute();
    expect(open).toHaveLength(1);
  });

  it("is the buyer's: the seller is refused, and so is anyone else", async () => {
    const { id } = await conversation();
    expect((await offer(seller, id, 30000)).statusCode).toBe(403);
    expect((await offer(otherBuyer, id, 30000)).statusCode).toBe(403);
  });

  it('waits while the phone is reserved for another buyer', async () => {
    const { id, productId } = await conversation();
    const bookingId = await bookPhone(otherBuyer, productId, 'Mirpur', '01811223344');
    await seller.request({ method: 'PUT', url: `/api/bookings/${bookingId}/accept` });
    const refused = await offer(buyer, id, 30000);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'This phone is reserved for another buyer right now' });
  });

  it('is refused either way once one of the two blocked the other', async () => {
    const { id } = await conversation(otherBuyer);
    const open = await offer(otherBuyer, id, 30000);
    await seller.request({ method: 'PUT', url: `/api/conversations/${id}/block` });
    const refused = await offer(otherBuyer, id, 32000);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: CONVERSATION_CLOSED });
    expect((await moveOffer(seller, open.json<Offer>()._id, 'accept')).statusCode).toBe(403);
    await seller.request({ method: 'DELETE', url: `/api/account/blocked/${otherBuyer.user.uid}` });
  });
});

describe('answering an offer', () => {
  it("accepted by the seller: the buyer's booking is made, accepted at the agreed price, and the phone Reserved", async () => {
    const { id, productId } = await conversation();
    const open = await made(id, 36000);
    expect((await moveOffer(buyer, open._id, 'accept')).statusCode).toBe(403);
    const accepted = await moveOffer(seller, open._id, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', agreedPrice: 36000 });

    const seen = await details(buyer, id);
    expect(seen.status).toBe('Reserved');
    expect(seen.booking).toMatchObject({ status: 'accepted', agreedPrice: 36000 });
    const orders = await buyer.request({ method: 'GET', url: `/api/orders?email=${encodeURIComponent(buyer.email)}` });
    const order = orders.json<BuyerOrder[]>().find((o) => o.productId === productId);
    expect(order).toMatchObject({ status: 'accepted', agreedPrice: 36000, productPrice: 40000 });
    const requests = await seller.request({ method: 'GET', url: '/api/bookings/requests?limit=100' });
    expect(requests.json<BookingRequestItem[]>().find((r) => r.productId === productId)).toMatchObject({
      agreedPrice: 36000,
    });
    // Done once: a second answer finds it accepted.
    expect((await moveOffer(seller, open._id, 'decline')).statusCode).toBe(409);
  });

  it('countered by the seller and the counter accepted by the buyer: the counter is the agreed price', async () => {
    const { id, productId } = await conversation();
    const open = await made(id, 30000);
    expect((await moveOffer(seller, open._id, 'counter', { price: 41000 })).statusCode).toBe(400);
    expect((await moveOffer(buyer, open._id, 'counter', { price: 35000 })).statusCode).toBe(403);
    const countered = await moveOffer(seller, open._id, 'counter', { price: '৩৪০০০' });
    expect(countered.json()).toMatchObject({ status: 'countered', counterPrice: 34000 });
    // A counter waits for the buyer: the seller cannot accept it, and the buyer no longer withdraws.
    expect((await moveOffer(seller, open._id, 'accept')).statusCode).toBe(403);
    expect((await moveOffer(buyer, open._id, 'withdraw')).statusCode).toBe(409);
    const accepted = await moveOffer(buyer, open._id, 'accept');
    expect(accepted.json()).toMatchObject({ status: 'accepted', agreedPrice: 34000 });
    const booking = await t.db
      .selectFrom('bookings')
      .select(['status', 'agreed_price'])
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(booking).toEqual({ status: 'accepted', agreed_price: 34000 });
    expect((await details(seller, id)).lastMessage).toBe(
      'Bithi Buyer accepted 34000Tk: the phone is reserved for Bithi Buyer.',
    );
  });

  it('accepts a booking the buyer had requested, at the agreed price', async () => {
    const { id, productId } = await conversation();
    const bookingId = await bookPhone(buyer, productId, 'Farmgate');
    const open = await made(id, 38000);
    expect((await moveOffer(seller, open._id, 'accept')).statusCode).toBe(200);
    const row = await t.db.selectFrom('bookings').selectAll().where('product_id', '=', productId).execute();
    expect(row).toHaveLength(1);
    expect(row[0]).toMatchObject({ id: bookingId, status: 'accepted', agreed_price: 38000, meet_location: 'Farmgate' });
  });

  it('declined by the seller, or withdrawn by the buyer, leaves room for a new offer', async () => {
    const { id } = await conversation();
    const first = await made(id, 30000);
    expect((await moveOffer(seller, first._id, 'withdraw')).statusCode).toBe(403);
    expect((await moveOffer(buyer, first._id, 'withdraw')).json()).toMatchObject({ status: 'withdrawn' });
    const second = await made(id, 31000);
    expect((await moveOffer(seller, second._id, 'decline')).json()).toMatchObject({ status: 'declined' });
    expect((await details(buyer, id)).lastMessage).toBe('Sabbir Seller declined the offer of 31000Tk.');
    await made(id, 32000);
  });

  it('expires after 48 hours: it cannot be answered, and the buyer may offer again', async () => {
    const { id } = await conversation();
    const open = await made(id, 30000);
    const past = new Date(Date.now() - 1000).toISOString();
    await t.db.updateTable('chat_offers').set({ expires_at: past }).where('id', '=', open._id).execute();
    expect((await details(seller, id)).offer).toMatchObject({ status: 'expired' });
    const late = await moveOffer(seller, open._id, 'accept');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: 'This offer is expired' });
    await made(id, 31000);
    const stale = await made((await conversation()).id, 30000);
    await t.db.updateTable('chat_offers').set({ expires_at: past }).where('id', '=', stale._id).execute();
    expect(await expireStaleOffers(t.app.deps)).toBeGreaterThanOrEqual(1);
    const row = await t.db.selectFrom('chat_offers').select('status').where('id', '=', stale._id).executeTakeFirst();
    expect(row?.status).toBe('expired');
  });

  it("leaves exactly one accepted booking when an offer is accepted while another buyer's booking is @engine", async () => {
    for (let round = 0; round < 3; round++) {
      const { id, productId } = await conversation();
      const open = await made(id, 33000);
      const otherBooking = await bookPhone(otherBuyer, productId, 'Mirpur', '01811223344');
      const [byOffer, byBooking] = await Promise.all([
        moveOffer(seller, open._id, 'accept'),
        seller.request({ method: 'PUT', url: `/api/bookings/${otherBooking}/accept` }),
      ]);
      expect([byOffer.statusCode, byBooking.statusCode].sort()).toEqual([200, 409]);
      const accepted = await t.db
        .selectFrom('bookings')
        .select(['buyer_id', 'agreed_price'])
        .where('product_id', '=', productId)
        .where('status', '=', 'accepted')
        .execute();
      expect(accepted).toHaveLength(1);
      // The loser's side is untouched: a refused offer acceptance leaves the offer open.
      const offerRow = await t.db
        .selectFrom('chat_offers')
        .select('status')
        .where('id', '=', open._id)
        .executeTakeFirst();
      expect(offerRow?.status).toBe(byOffer.statusCode === 200 ? 'accepted' : 'open');
      if (byOffer.statusCode === 409) expect(byOffer.json()).toMatchObject({ code: 'CONFLICT' });
    }
  });

  it('is refused for an unknown offer, and to anyone but the two sides', async () => {
    const { id } = await conversation();
    const open = await made(id);
    expect((await moveOffer(otherBuyer, open._id, 'accept')).statusCode).toBe(403);
    expect((await moveOffer(seller, randomUUID(), 'accept')).statusCode).toBe(404);
    expect((await moveOffer(seller, 'f'.repeat(24), 'decline')).statusCode).toBe(404);
  });
});
