import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { BOOKING_END_CODES, buyerOrderSchema, bookingRequestItemSchema } from '#shared/bookings';
import { notificationSchema } from '#shared/notifications';
import { closeOpenRequests } from '#server/bookings/deal';
import { moveBooking } from '#server/bookings/repository';
import { reasonWords } from '#server/bookings/reasons';
import { newId } from '#server/db/ids';
import { serverWordsToCodes } from '#server/db/migrations/030-server-reasons';
import { givenReasonOf, moderationWordsToCodes } from '#server/db/migrations/031-moderation-reasons';
import { reviewEvidenceToData, reviewSnapshotOf } from '#server/db/migrations/033-review-evidence';
import { hideReview, unhideReview } from '#server/moderation/effects';
import { setModerationState } from '#server/products/repository';
import { caseDetailsSchema, caseSummarySchema } from '#shared/moderation';
import { myProductSchema } from '#shared/products';
import { dealReviewsSchema } from '#shared/reviews';
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
 * language, the spec's client) in the English they always had (docs/i18n-server.md). A moderator's
 * reason for holding a listing or hiding a review is its code beside the moderator's own note.
 */

const { t, admin } = useTestApp({ admin: 'admin' });

const BANGLA = { locale: 'bn' as const, latinDigits: false };
const inBangla = { 'accept-language': 'bn' };

/** An account whose language is Bangla: its notifications are written in Bangla. */
async function banglaAccount(role: 'buyer' | 'seller' = 'buyer'): Promise<Actor> {
  const actor = await registerActor(t.app, role);
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
    const bangla = await banglaAccount();
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
    const other = await banglaAccount();
    const declinedByHand = await banglaAccount();
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
    const buyers = [await registerActor(t.app, 'buyer'), await banglaAccount(), await registerActor(t.app, 'buyer')];
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
  // @ts-expect-error a moderator's reason is a code and a note, never a label
  void setModerationState(trx, newId(), { state: 'hidden', reason: 'Scam or fraud: Fake box' });
  // @ts-expect-error the same for a hidden review
  void hideReview(trx, newId(), 'Harassment: Threatens the seller');
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

/** A case of the admin's queue about this subject (a listing or a review somebody reported). */
async function caseAbout(subjectId: string) {
  const response = await admin.request({ method: 'GET', url: '/api/moderation/cases?limit=100' });
  expect(response.statusCode, response.body).toBe(200);
  const found = caseSummarySchema
    .array()
    .parse(response.json())
    .find((c) => c.subjectId === subjectId);
  expect(found, `an open case about ${subjectId}`).toBeDefined();
  return found!._id;
}

async function reportReview(reporter: Actor, reviewId: string, reason: string) {
  const response = await reporter.request({
    method: 'POST',
    url: `/api/reviews/${reviewId}/report`,
    payload: { reason },
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function actOn(caseId: string, payload: object) {
  const response = await admin.request({ method: 'POST', url: `/api/moderation/cases/${caseId}/actions`, payload });
  expect(response.statusCode, response.body).toBe(201);
}

async function myModeration(seller: Actor, productId: string) {
  const url = `/api/products?email=${encodeURIComponent(seller.email)}&limit=100`;
  const response = await seller.request({ method: 'GET', url, headers: inBangla });
  expect(response.statusCode, response.body).toBe(200);
  return myProductSchema
    .array()
    .parse(response.json())
    .find((product) => product._id === productId)?.moderation;
}

/** A sold deal both sides reviewed (so both reviews are published); answers the booking and the buyer's review. */
async function reviewedDeal() {
  const seller = await registerActor(t.app, 'seller');
  const buyer = await registerActor(t.app, 'buyer');
  const bookingId = await bookPhone(buyer, await listProduct(seller));
  for (const move of ['accept', 'sold'] as const) {
    const moved = await seller.request({ method: 'PUT', url: `/api/bookings/${bookingId}/${move}` });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  const stars = { communication: 4, punctuality: 4 };
  for (const [actor, own] of [
    [buyer, { asDescribed: 4, comment: 'Call me on 01711000000' }],
    [seller, { paidAsAgreed: 5 }],
  ] as const) {
    const written = await actor.request({
      method: 'POST',
      url: `/api/bookings/${bookingId}/review`,
      payload: { ...stars, ...own },
    });
    expect(written.statusCode, written.body).toBe(201);
  }
  const reviews = await t.db.selectFrom('reviews').select(['id', 'side']).where('booking_id', '=', bookingId).execute();
  const [reviewId, sellersReviewId] = (['buyer', 'seller'] as const).map(
    (side) => reviews.find((review) => review.side === side)!.id,
  );
  return { seller, bookingId, reviewId: reviewId!, sellersReviewId: sellersReviewId! };
}

async function theirReview(seller: Actor, bookingId: string) {
  const response = await seller.request({ url: `/api/bookings/${bookingId}/reviews`, headers: inBangla });
  expect(response.statusCode, response.body).toBe(200);
  return dealReviewsSchema.parse(response.json()).theirs;
}

const storedReview = (id: string) =>
  t.db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The review is hidden with this code and note, stored so and answered so (with the English of before). */
async function expectHiddenWith(
  deal: { seller: Actor; bookingId: string; reviewId: string },
  [code, note]: [string, string],
  { english }: { english: string },
) {
  expect(await storedReview(deal.reviewId)).toMatchObject({
    is_hidden: true,
    hidden_reason_code: code,
    hidden_reason: note,
  });
  expect(await theirReview(deal.seller, deal.bookingId)).toMatchObject({
    hiddenReason: english,
    hiddenReasonCode: code,
    hiddenNote: note,
  });
}

describe("a moderator's reason (migration 031)", () => {
  it("holding a listing: the code and the moderator's note are stored, My products answers both @engine", async () => {
    const seller = await banglaAccount('seller');
    const productId = await listProduct(seller);
    const reporter = await registerActor(t.app, 'buyer');
    const reported = await reporter.request({
      method: 'POST',
      url: '/api/report/product',
      payload: { product_id: productId, reason: 'fake_photos' },
    });
    expect(reported.statusCode, reported.body).toBe(201);
    await actOn(await caseAbout(productId), {
      action: 'request_changes',
      reason: 'misleading',
      note: 'Show the back of the phone',
    });

    const row = await t.db.selectFrom('products').selectAll().where('id', '=', productId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      moderation_state: 'changes_requested',
      moderation_reason_code: 'misleading',
      moderation_reason: 'Show the back of the phone',
    });
    // The data is the same in every language: the code and the note, and the English of before.
    expect(await myModeration(seller, productId)).toEqual({
      state: 'changes_requested',
      reason: 'Misleading listing (photos, model, price): Show the back of the phone',
      reasonCode: 'misleading',
      note: 'Show the back of the phone',
    });
    const [told] = await messagesOf(seller, 'moderation_action');
    expect(told).toContain('কারণ: বিভ্রান্তিকর বিজ্ঞাপন (ছবি, মডেল, দাম) (Show the back of the phone)');

    const resubmitted = await seller.request({ method: 'PUT', url: `/api/resubmit/product/${productId}` });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect(
      await t.db
        .selectFrom('products')
        .select(['moderation_reason_code', 'moderation_reason'])
        .where('id', '=', productId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ moderation_reason_code: null, moderation_reason: null });
  });

  it("hiding a review: stored as the reason's code and the admin's note, worded by its readers @engine", async () => {
    const { seller, bookingId, reviewId } = await reviewedDeal();
    await reportReview(seller, reviewId, 'personal_information');
    await actOn(await caseAbout(reviewId), {
      action: 'hide_review',
      reason: 'harassment',
      note: 'Threatens the seller',
    });

    await expectHiddenWith({ seller, bookingId, reviewId }, ['harassment', 'Threatens the seller'], {
      english: 'Harassment: Threatens the seller',
    });
  });

  it("the reviews' own Hide keeps the admin's words as a note under Other @engine", async () => {
    const { seller, bookingId, reviewId } = await reviewedDeal();
    const hidden = await admin.request({
      method: 'PUT',
      url: `/api/reviews/${reviewId}/hide`,
      payload: { reason: 'Shares a phone number' },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    await expectHiddenWith({ seller, bookingId, reviewId }, ['other', 'Shares a phone number'], {
      english: 'Shares a phone number',
    });
  });

  it('a reversed appeal shows the review again only while it is hidden with the same reason and note @engine', async () => {
    const { reviewId } = await reviewedDeal();
    const undo = (after: Record<string, unknown>) =>
      t.db.transaction().execute((trx) => unhideReview(trx, reviewId, { reviewId, hidden: true, ...after }));
    const hideWith = (code: 'harassment' | 'other', note: string | null) =>
      t.db.transaction().execute((trx) => hideReview(trx, reviewId, { code, note }));

    await hideWith('harassment', 'Threatens the seller');
    // Logged by another decision: another note, or the same reason without one.
    await undo({ reason: 'harassment', note: 'Something else' });
    await undo({ reason: 'harassment', note: null });
    expect((await storedReview(reviewId)).is_hidden).toBe(true);
    await undo({ reason: 'harassment', note: 'Threatens the seller' });
    expect(await storedReview(reviewId)).toMatchObject({
      is_hidden: false,
      hidden_reason_code: null,
      hidden_reason: null,
    });

    // An entry logged before migration 031 holds the English words the review held then.
    await hideWith('harassment', null);
    await undo({ reason: 'Spam or duplicate' });
    expect((await storedReview(reviewId)).is_hidden).toBe(true);
    await undo({ reason: 'Harassment' });
    expect((await storedReview(reviewId)).is_hidden).toBe(false);
    await hideWith('other', 'Shares a phone number');
    await undo({ reason: 'Shares a phone number' });
    expect((await storedReview(reviewId)).is_hidden).toBe(false);
  });

  it('rows of before: the English label becomes the code, what follows it the note @engine', async () => {
    const seller = await registerActor(t.app, 'seller');
    const [labelled, bare, suspended] = [
      await listProduct(seller),
      await listProduct(seller),
      await listProduct(seller),
    ];
    const before = [
      [labelled, { moderation_state: 'hidden' as const, moderation_reason: 'Scam or fraud: Asks for bKash first' }],
      [bare, { moderation_state: 'removed' as const, moderation_reason: 'Spam or duplicate' }],
      [suspended, { moderation_state: 'suspended' as const, moderation_reason: null }],
    ] as const;
    for (const [id, values] of before) {
      await t.db
        .updateTable('products')
        .set({ ...values, is_hidden: true })
        .where('id', '=', id)
        .execute();
    }
    const { reviewId, sellersReviewId } = await reviewedDeal();
    const reviews = [reviewId, sellersReviewId];
    const words = ['Harassment: Threatens the seller', 'Shares a phone number'];
    for (const [index, id] of reviews.entries()) {
      await t.db
        .updateTable('reviews')
        .set({ is_hidden: true, hidden_reason: words[index]! })
        .where('id', '=', id)
        .execute();
    }
    await moderationWordsToCodes(t.db as unknown as Kysely<unknown>);

    const products = await t.db
      .selectFrom('products')
      .select(['id', 'moderation_reason_code as code', 'moderation_reason as note'])
      .where('id', 'in', [labelled, bare, suspended])
      .execute();
    expect(Object.fromEntries(products.map(({ id, code, note }) => [id, { code, note }]))).toEqual({
      [labelled]: { code: 'scam', note: 'Asks for bKash first' },
      [bare]: { code: 'spam', note: null },
      [suspended]: { code: null, note: null },
    });
    const stored = await Promise.all(reviews.map(storedReview));
    expect(stored.map((row) => [row.hidden_reason_code, row.hidden_reason])).toEqual([
      ['harassment', 'Threatens the seller'],
      ['other', 'Shares a phone number'],
    ]);
    // The same reading, for the log entries of before.
    expect(
      ['Other', 'Spam or duplicate', 'Harassment: Threatens the seller', 'Harassment? No'].map(givenReasonOf),
    ).toEqual([
      { code: 'other', note: null },
      { code: 'spam', note: null },
      { code: 'harassment', note: 'Threatens the seller' },
      { code: 'other', note: 'Harassment? No' },
    ]);
    // Running it again changes nothing (a note that looks like a label stays a note).
    await moderationWordsToCodes(t.db as unknown as Kysely<unknown>);
    expect((await Promise.all(reviews.map(storedReview))).map((row) => row.hidden_reason)).toEqual([
      'Threatens the seller',
      'Shares a phone number',
    ]);
  });
});

/** The snapshot a case's first report stored, as the database holds it. */
async function storedSnapshotOf(caseId: string) {
  const row = await t.db
    .selectFrom('case_reports')
    .select(['id', 'snapshot'])
    .where('case_id', '=', caseId)
    .executeTakeFirstOrThrow();
  return { id: row.id, text: row.snapshot, snapshot: JSON.parse(row.snapshot) as unknown };
}

/** The case's evidence as the admin's screen reads it, asked in Bangla. */
async function answeredSnapshot(caseId: string) {
  const response = await admin.request({ url: `/api/moderation/cases/${caseId}`, headers: inBangla });
  expect(response.statusCode, response.body).toBe(200);
  return caseDetailsSchema.parse(response.json()).reportList[0]!.snapshot;
}

/** The English the server wrote into review evidence until migration 033. */
const OLD_ENGLISH = /Written by|\(the (buyer|seller)\)|a deleted account|\(none\)|of 5|As described|Communication/;

describe("a case's evidence (migration 033)", () => {
  it('a reported review is kept as its data, which the admin reads in any language @engine', async () => {
    const { seller, reviewId } = await reviewedDeal();
    await reportReview(seller, reviewId, 'personal_information');
    const caseId = await caseAbout(reviewId);
    const review = await storedReview(reviewId);
    const names = await t.db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('id', 'in', [review.author_id, review.subject_id])
      .execute();
    const nameOf = (id: string | null) => names.find((user) => user.id === id)!.name;

    const stored = await storedSnapshotOf(caseId);
    expect(stored.text).not.toMatch(OLD_ENGLISH);
    const data = {
      type: 'review',
      side: 'buyer',
      authorName: nameOf(review.author_id),
      subjectName: nameOf(review.subject_id),
      productName: review.product_name,
      stars: [
        { name: 'asDescribed', value: 4 },
        { name: 'communication', value: 4 },
        { name: 'punctuality', value: 4 },
      ],
      comment: 'Call me on 01711000000',
      reply: null,
      publishedAt: review.published_at,
    };
    expect(stored.snapshot).toEqual(data);
    expect(await answeredSnapshot(caseId)).toEqual(data);
  });

  it("a reported conversation keeps PhoneHaat's lines as their kind and values @engine", async () => {
    const seller = await registerActor(t.app, 'seller');
    const buyer = await registerActor(t.app, 'buyer');
    const productId = await listProduct(seller);
    await bookPhone(buyer, productId, 'Dhaka, Mirpur 10');
    const { id: conversationId } = await t.db
      .selectFrom('conversations')
      .select('id')
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow();
    const reported = await seller.request({
      method: 'POST',
      url: '/api/moderation/reports/conversation',
      payload: { conversationId, reason: 'spam' },
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const caseId = reported.json<{ insertedId: string }>().insertedId;

    const stored = await storedSnapshotOf(caseId);
    expect(stored.text).not.toContain('asked to book');
    const line = { kind: 'bookingAsked', params: { buyer: buyer.user.displayName, place: 'Dhaka, Mirpur 10' } };
    const message = { kind: 'system', senderName: 'PhoneHaat', text: '', line, fromReported: true };
    expect(stored.snapshot).toMatchObject({ type: 'conversation', messages: [message] });
    expect(await answeredSnapshot(caseId)).toMatchObject({ type: 'conversation', messages: [message] });
  });

  it('review evidence of before: English fields of the old shape become the data, others stay @engine', async () => {
    const old = {
      'Written by': 'a deleted account (the seller)',
      About: 'Rahim',
      Phone: 'Galaxy A54',
      Communication: '5 of 5',
      Punctuality: '2 of 5',
      'Paid as agreed': '1 of 5',
      Comment: '(none)',
      Reply: 'Not true',
      Published: '2026-11-02',
    };
    const typed = {
      type: 'review',
      side: 'seller',
      authorName: null,
      subjectName: 'Rahim',
      productName: 'Galaxy A54',
      stars: [
        { name: 'communication', value: 5 },
        { name: 'punctuality', value: 2 },
        { name: 'paidAsAgreed', value: 1 },
      ],
      comment: null,
      reply: 'Not true',
      publishedAt: '2026-11-02',
    };
    expect(reviewSnapshotOf(old)).toEqual(typed);
    expect(reviewSnapshotOf({ ...old, Published: '' })).toMatchObject({ publishedAt: null });
    // The buyer's stars under a seller's review, a star out of range, a field more: not that shape.
    expect(reviewSnapshotOf({ ...old, 'Written by': 'Karim (the buyer)' })).toBeNull();
    expect(reviewSnapshotOf({ ...old, Punctuality: '7 of 5' })).toBeNull();
    expect(reviewSnapshotOf({ ...old, Extra: 'x' })).toBeNull();

    const { seller, reviewId, sellersReviewId } = await reviewedDeal();
    for (const [id, by] of [
      [reviewId, seller],
      [sellersReviewId, null],
    ] as const) {
      await reportReview(by ?? (await registerActor(t.app, 'buyer')), id, 'off_topic');
    }
    const [matching, other] = [
      await storedSnapshotOf(await caseAbout(reviewId)),
      await storedSnapshotOf(await caseAbout(sellersReviewId)),
    ];
    const unknown = JSON.stringify({ type: 'other', fields: { ...old, Extra: 'x' } });
    await t.db
      .updateTable('case_reports')
      .set({ snapshot: JSON.stringify({ type: 'other', fields: old }) })
      .where('id', '=', matching.id)
      .execute();
    await t.db.updateTable('case_reports').set({ snapshot: unknown }).where('id', '=', other.id).execute();

    await reviewEvidenceToData(t.db);
    const [after, left] = await Promise.all(
      [matching.id, other.id].map((id) =>
        t.db.selectFrom('case_reports').select('snapshot').where('id', '=', id).executeTakeFirstOrThrow(),
      ),
    );
    expect(JSON.parse(after!.snapshot)).toEqual(typed);
    expect(left!.snapshot).toBe(unknown);
  });
});
