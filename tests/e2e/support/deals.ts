import type { APIRequestContext, APIResponse } from '@playwright/test';
import { expectOk, type TestUser } from './fixtures';

/*
 * The deal's set-up through the API, as the web client makes it, for a test that starts at a
 * later screen: each call fails the test with the server's answer when the server refuses it.
 *
 * - `bookPhone(buyer, productId, meetLocation?)`: a booking request; answers its id.
 * - `moveBooking(user, bookingId, ...moves)`: accept, sold (the seller), cancel (the buyer).
 * - `acceptedDeal` / `soldDeal(seller, buyer, productId)`: booked and accepted (and sold).
 * - `writeReview(user, bookingId, review)`: a review of a sold deal; answers its id.
 * - `reviewedDeal(seller, buyer, productId, buyersReview)`: sold, and reviewed by both (so published).
 * - `reportedReview(seller, buyer, productId, buyersReview, reason)`: that, and the seller reports it.
 * - `startConversation(buyer, productId, firstMessage?)`: answers the conversation's id.
 * - `decideCase(adminApi, subjectId, action)`: the admin acts on the open case about a listing or review.
 * - `okJson(request)`: any other set-up call that must succeed, its JSON answer.
 */

/** The JSON answer of a set-up call that must succeed. */
export async function okJson<T = Record<string, unknown>>(request: Promise<APIResponse>): Promise<T> {
  const response = await request;
  await expectOk(response, response.url());
  return (await response.json()) as T;
}

/** The phone number buyers give in the set-up bookings. */
export const BUYER_PHONE = '01812345678';

export async function bookPhone(buyer: TestUser, productId: string, meetLocation = 'Farmgate'): Promise<string> {
  const { insertedId } = await okJson<{ insertedId: string }>(
    buyer.api.post('/api/store/booking/product', { data: { productId, phoneNumber: BUYER_PHONE, meetLocation } }),
  );
  return insertedId;
}

export async function moveBooking(user: TestUser, bookingId: string, ...moves: Array<'accept' | 'sold' | 'cancel'>) {
  for (const move of moves) await expectOk(await user.api.put(`/api/bookings/${bookingId}/${move}`), move);
}

export async function acceptedDeal(seller: TestUser, buyer: TestUser, productId: string, meetLocation?: string) {
  const bookingId = await bookPhone(buyer, productId, meetLocation);
  await moveBooking(seller, bookingId, 'accept');
  return bookingId;
}

export async function soldDeal(seller: TestUser, buyer: TestUser, productId: string): Promise<string> {
  const bookingId = await acceptedDeal(seller, buyer, productId);
  await moveBooking(seller, bookingId, 'sold');
  return bookingId;
}

/** The buyer rates asDescribed, the seller paidAsAgreed; both rate communication and punctuality. */
export interface Review {
  asDescribed?: number;
  paidAsAgreed?: number;
  communication: number;
  punctuality: number;
  comment?: string;
}

export async function writeReview(user: TestUser, bookingId: string, review: Review): Promise<string> {
  const { _id } = await okJson<{ _id: string }>(user.api.post(`/api/bookings/${bookingId}/review`, { data: review }));
  return _id;
}

let messageSerial = 0;

export async function startConversation(buyer: TestUser, productId: string, firstMessage?: string): Promise<string> {
  const { _id } = await okJson<{ _id: string }>(buyer.api.post('/api/conversations', { data: { productId } }));
  if (firstMessage !== undefined) {
    const clientId = `e2e-${Date.now().toString(36)}-${++messageSerial}`;
    await okJson(buyer.api.post(`/api/conversations/${_id}/messages`, { data: { clientId, text: firstMessage } }));
  }
  return _id;
}

/** The seller's side of a reviewed deal; the tests read the buyer's. */
const SELLERS_REVIEW: Review = { paidAsAgreed: 5, communication: 5, punctuality: 5 };

/** Answers the buyer's review's id. */
export async function reviewedDeal(seller: TestUser, buyer: TestUser, productId: string, buyersReview: Review) {
  const bookingId = await soldDeal(seller, buyer, productId);
  const reviewId = await writeReview(buyer, bookingId, buyersReview);
  // Published once both sides wrote theirs.
  await writeReview(seller, bookingId, SELLERS_REVIEW);
  return reviewId;
}

export async function reportedReview(
  seller: TestUser,
  buyer: TestUser,
  productId: string,
  buyersReview: Review,
  reason: string,
): Promise<string> {
  const reviewId = await reviewedDeal(seller, buyer, productId, buyersReview);
  await expectOk(await seller.api.post(`/api/reviews/${reviewId}/report`, { data: { reason } }), 'reporting');
  return reviewId;
}

/** The admin acts on the open case about a reported listing or review (`action`: action, reason, note). */
export async function decideCase(adminApi: APIRequestContext, subjectId: string, action: Record<string, string>) {
  const cases = await okJson<Array<{ _id: string; subjectId: string }>>(
    adminApi.get('/api/moderation/cases?limit=100'),
  );
  const found = cases.find((c) => c.subjectId === subjectId);
  if (!found) throw new Error(`no open case about ${subjectId}`);
  await okJson(adminApi.post(`/api/moderation/cases/${found._id}/actions`, { data: action }));
}
