import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { BOOKING_END_CODES, buyerOrderSchema, bookingRequestItemSchema } from '#shared/bookings';
import { notificationSchema } from '#shared/notifications';
import { closeOpenRequests } from '#server/bookings/deal';
import { moveBooking } from '#server/bookings/repository';
import { reasonWords } from '#server/bookings/reasons';
import { newId } from '#server/db/ids';
import { serverWordsToCodes } from '#server/db/migrations/030-server-reasons';
import { ENGLISH } from '#server/i18n/texts';
import { conversationTitle, reviewTitle, titleIn } from '#server/moderation/titles';
import { fromOwnPage, registerActor, type Actor } from './support/actors';
import { bookPhone } from './support/deal';
import { useTestApp } from './support/harness';
import { listProduct } from './support/products';

/*
 * The sentences the server writes into the data for people to read later (why a booking ended, a
 * deleted buyer's name, an offer's meeting place, a case's title; the moderation log's automated
 * notes are in tests/moderation.test.ts) are kept as
 * codes and worded when read: a Bangla request reads them in Bangla, an English one (or one with no
 * language, the spec's client) in the English they always had (docs/i18n-server.md).
 */

const { t } = useTestApp({});

const BANGLA = { locale: 'bn' as const, latinDigits: false };
const inBangla = { 'accept-language': 'bn' };

/** An account whose language is Bangla: its notifications are written in Bangla. */
async function banglaBuyer(): Promise<Actor> {
  const actor = await registerActor(t.app, 'buyer');
  const chosen = await actor.request({ method: 'PUT', url: '/api/language', payload: { locale: 'bn' } });
  expect(chosen.statusCode, chosen.body).toBe(200);
  return actor;
}

async function orderOf(actor: Actor, bookingId: string, headers: Record<string, string> = {}) {
  const url = `/api/orders?email=${encodeURIComponent(actor.email)}&limit=100`;
  const response = await actor.request({ method: 'GET', url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return buyerOrderSchema
    .array()
    .parse(response.json())
    .find((order) => order._id === bookingId);
}

async function requestOf(seller: Actor, bookingId: string, headers: Record<string, string> = {}) {
  const response = await seller.request({ method: 'GET', url: '/api/bookings/requests?limit=100', headers });
  expect(response.statusCode, response.body).toBe(200);
  return bookingRequestItemSchema
    .array()
    .parse(response.json())
    .find((item) => item._id === bookingId);
}

async function messagesOf(actor: Actor, kind: string) {
  const response = await actor.request({ method: 'GET', url: '/api/notifications?limit=100' });
  return notificationSchema
    .array()
    .parse(response.json())
    .filter((n) => n.kind === kind)
    .map((n) => n.message);
}

const storedBooking = (id: string) =>
  t.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe("a booking's reason, given by the server", () => {
  it('is worded in each language, the English as the server always wrote it', () => {
    const english = Object.fromEntries(
      BOOKING_END_CODES.map((code) => [code, reasonWords({ status_reason: null, status_reason_code: code }, ENGLISH)]),
    );
    expect(english).toEqual({
      sold_to_another_buyer: 'sold to another buyer',
      account_removed: 'the account was removed',
      seller_hid: 'the seller took this phone off sale',
      seller_removed: 'the seller removed this phone',
      listing_removed: 'the listing was removed',
      moderator_hid: 'the listing was hidden by a moderator',
      changes_requested: 'the seller was asked to change the listing',
      seller_suspended: 'the seller account was suspended',
      buyer_suspended: 'the buyer account was suspended',
    });
    for (const code of BOOKING_END_CODES) {
      const bangla = reasonWords({ status_reason: null, status_reason_code: code }, BANGLA)!;
      expect(bangla, code).toMatch(/^[\u0980-\u09FF\s]+$/);
    }
    // A person's words are never translated.
    expect(reasonWords({ status_reason: 'Promised to my cousin', status_reason_code: null }, BANGLA)).toBe(
      'Promised to my cousin',
    );
  });

  it('hiding a phone: the buyers read why in the language they ask in, and are told in their own @engine', async () => {
    const seller = await registerActor(t.app, 'seller');
    const productId = await listProduct(seller);
    const bangla = await banglaBuyer();
    const english = await registerActor(t.app, 'buyer');
    const [inBn, inEn] = [await bookPhone(bangla, productId), await bookPhone(english, productId)];
    const hidden = await seller.request({ method: 'PUT', url: `/api/hide/product/${productId}` });
    expect(hidden.statusCode, hidden.body).toBe(200);

    expect(await storedBooking(inBn)).toMatchObject({ status_reason: null, status_reason_code: 'seller_hid' });
    expect(await orderOf(bangla, inBn, inBangla)).toMatchObject({
      status: 'declined',
      statusReason: 'বিক্রেতা ফোনটি বিক্রি থেকে সরিয়ে নিয়েছেন',
      statusReasonCode: 'seller_hid',
    });
    expect(await orderOf(bangla, inBn)).toMatchObject({
      statusReason: 'the seller took this phone off sale',
      statusReasonCode: 'seller_hid',
    });
    expect(await requestOf(seller, inEn, inBangla)).toMatchObject({
      statusReason: 'বিক্রেতা ফোনটি বিক্রি থেকে সরিয়ে নিয়েছেন',
    });
    expect(await requestOf(seller, inEn)).toMatchObject({ statusReason: 'the seller took this phone off sale' });

    const [toBangla] = await messagesOf(bangla, 'booking_declined');
    expect(toBangla).toMatch(/কারণ: বিক্রেতা ফোনটি বিক্রি থেকে সরিয়ে নিয়েছেন$/);
    expect(toBangla).not.toMatch(/[A-Za-z]{3} [a-z]+ [a-z]+/);
    expect((await messagesOf(english, 'booking_declined'))[0]).toMatch(
      / was declined: the seller took this phone off sale$/,
    );
  });

  it('selling to one buyer: the others read "sold to another buyer" in their language, a typed reason as typed @engine', async () => {
    const seller = await registerActor(t.app, 'seller');
    const productId = await listProduct(seller);
    const winner = await registerActor(t.app, 'buyer');
    const other = await banglaBuyer();
    const declinedByHand = await banglaBuyer();
    const [won, lost, typed] = [
      await bookPhone(winner, productId),
      await bookPhone(other, productId),
      await bookPhone(declinedByHand, productId),
    ];
    const decline = await seller.request({
      method: 'PUT',
      url: `/api/bookings/${typed}/decline`,
      payload: { reason: 'Promised to my cousin' },
    });
    expect(decline.statusCode, decline.body).toBe(200);
    expect((await seller.request({ method: 'PUT', url: `/api/bookings/${won}/accept` })).statusCode).toBe(200);
    const sold = await seller.request({ method: 'PUT', url: `/api/bookings/${won}/sold`, payload: {} });
    expect(sold.statusCode, sold.body).toBe(200);

    expect(await orderOf(other, lost, inBangla)).toMatchObject({
      status: 'declined',
      statusReason: 'ফোনটি আরেকজন ক্রেতার কাছে বিক্রি হয়ে গেছে',
      statusReasonCode: 'sold_to_another_buyer',
    });
    expect(await orderOf(other, lost)).toMatchObject({ statusReason: 'sold to another buyer' });
    expect(await orderOf(declinedByHand, typed, inBangla)).toMatchObject({
      statusReason: 'Promised to my cousin',
      statusReasonCode: null,
    });
    expect(await storedBooking(typed)).toMatchObject({
      status_reason: 'Promised to my cousin',
      status_reason_code: null,
    });
    expect((await messagesOf(other, 'booking_declined'))[0]).toMatch(/কারণ: ফোনটি আরেকজন ক্রেতার কাছে বিক্রি হয়ে গেছে$/);
  });
});

describe("a deleted buyer's bookings", () => {
  it('show "Deleted account" and "the account was removed" in the language the seller asks in @engine', async () => {
    const seller = await registerActor(t.app, 'seller');
    const productId = await listProduct(seller);
    const buyer = await registerActor(t.app, 'buyer');
    const bookingId = await bookPhone(buyer, productId);
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      payload: { password: buyer.password },
      headers: fromOwnPage(buyer.cookie),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    expect(await storedBooking(bookingId)).toMatchObject({
      buyer_id: null,
      buyer_name: '',
      status: 'cancelled',
      status_reason: null,
      status_reason_code: 'account_removed',
    });
    expect(await requestOf(seller, bookingId, inBangla)).toMatchObject({
      buyerName: 'মুছে ফেলা অ্যাকাউন্ট',
      statusReason: 'অ্যাকাউন্টটি মুছে ফেলা হয়েছে',
    });
    expect(await requestOf(seller, bookingId)).toMatchObject({
      buyerName: 'Deleted account',
      statusReason: 'the account was removed',
    });
  });
});

describe('rows written before the codes (migration 030)', () => {
  it("read the server's English back as codes, and leave what people typed @engine", async () => {
    const seller = await registerActor(t.app, 'seller');
    const productId = await listProduct(seller);
    const buyers = [await registerActor(t.app, 'buyer'), await banglaBuyer(), await registerActor(t.app, 'buyer')];
    const ids: string[] = [];
    for (const buyer of buyers) ids.push(await bookPhone(buyer, productId));
    const [server, typed, offer] = ids as [string, string, string];
    // As the server stored them until now.
    const before = [
      [server, { status: 'declined' as const, status_reason: 'the seller was asked to change the listing' }],
      [typed, { status: 'declined' as const, status_reason: 'sold to another buyer, sorry' }],
      [offer, { meet_location: 'the place agreed in the conversation' }],
    ] as const;
    for (const [id, values] of before) await t.db.updateTable('bookings').set(values).where('id', '=', id).execute();
    await serverWordsToCodes(t.db as unknown as Kysely<unknown>);

    expect(await storedBooking(server)).toMatchObject({
      status_reason: null,
      status_reason_code: 'changes_requested',
    });
    expect(await storedBooking(typed)).toMatchObject({
      status_reason: 'sold to another buyer, sorry',
      status_reason_code: null,
    });
    expect(await storedBooking(offer)).toMatchObject({ meet_location: '' });
    expect(await orderOf(buyers[1]!, typed, inBangla)).toMatchObject({ statusReason: 'sold to another buyer, sorry' });
    expect(await orderOf(buyers[2]!, offer, inBangla)).toMatchObject({ meetLocation: 'কথোপকথনে ঠিক করা জায়গা' });
    expect(await orderOf(buyers[2]!, offer)).toMatchObject({ meetLocation: 'the place agreed in the conversation' });
    expect(await requestOf(seller, server, inBangla)).toMatchObject({
      statusReason: 'বিক্রেতাকে বিজ্ঞাপনটি ঠিক করতে বলা হয়েছে',
    });
  });
});

/*
 * The call sites that store the server's reasons take codes only, by type: an English sentence
 * passed to them does not compile (`npm run typecheck` covers the tests). Never called.
 */
export function sentencesDoNotCompile(...[trx, tell]: Parameters<typeof closeOpenRequests>) {
  // @ts-expect-error a reason is a code of BOOKING_END_CODES, not a sentence
  void closeOpenRequests(trx, tell, newId(), 'sold to another buyer');
  // @ts-expect-error a booking's reason is { said } (a person's words) or { code }, never a bare string
  void moveBooking(trx, newId(), ['requested'], 'declined', 'the seller took this phone off sale');
}

describe("a case's title the server composes", () => {
  it('is kept as its id and names, and read in each language; a name stays as it is', () => {
    const review = reviewTitle('Rahim', 'Karim');
    expect(review).not.toMatch(/review of/);
    expect(titleIn(review, ENGLISH)).toBe("Rahim's review of Karim");
    expect(titleIn(reviewTitle(undefined, undefined), ENGLISH)).toBe("Someone's review of a deleted account");
    expect(titleIn(review, BANGLA)).toBe('Karim-কে দেওয়া Rahim-এর রিভিউ');
    expect(titleIn(reviewTitle(undefined, undefined), BANGLA)).toBe('মুছে ফেলা একটি অ্যাকাউন্টকে দেওয়া কারও রিভিউ');
    const conversation = conversationTitle('Rahim', 'Pixel 7');
    expect(titleIn(conversation, ENGLISH)).toBe('Rahim about Pixel 7');
    expect(titleIn(conversation, BANGLA)).toBe('Pixel 7 নিয়ে Rahim-এর সাথে কথোপকথন');
    // A phone's or person's name, and a title stored in English before, are shown as written.
    expect(titleIn('server.moderation.title.unknown', BANGLA)).toBe('server.moderation.title.unknown');
    expect(titleIn("Rahim's review of Karim", BANGLA)).toBe("Rahim's review of Karim");
  });
});
