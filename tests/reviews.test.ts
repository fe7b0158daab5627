import { describe, expect, it } from 'vitest';
import { countUse } from '#server/limits/counters';
import { publishDueReviews } from '#server/reviews/service';
import {
  REPORTS_PER_DAY,
  appealSchema,
  caseDetailsSchema,
  caseSummarySchema,
  logEntrySchema,
} from '#shared/moderation';
import { notificationSchema } from '#shared/notifications';
import { productSchema } from '#shared/products';
import {
  dealReviewsSchema,
  orderWithReviewSchema,
  reportedReviewSchema,
  requestWithReviewSchema,
  REVIEW_WINDOW_MS,
  reviewSchema,
  sellerProfileSchema,
} from '#shared/reviews';
import { registerActor, type Actor } from './support/actors';
import { useTestApp } from './support/harness';
import { listProduct } from './support/products';

const { t, seller, buyer, stranger, admin } = useTestApp({
  seller: { role: 'seller', name: 'Rahim Traders' },
  buyer: { role: 'buyer', name: 'Nusrat Jahan' },
  stranger: 'buyer',
  admin: 'admin',
});

/** A booking of a new phone of `by`, moved as far as `upTo`. */
async function deal(upTo: 'requested' | 'accepted' | 'sold' = 'sold', by = seller, name = 'Reviewed Phone') {
  const productId = await listProduct(by, { productName: name });
  const booked = await buyer.request({
    method: 'POST',
    url: '/api/store/booking/product',
    payload: { productId, phoneNumber: '01711223344', meetLocation: 'Dhaka' },
  });
  const id = booked.json<{ insertedId: string }>().insertedId;
  for (const move of ['accept', 'sold'] as const) {
    if (upTo === 'requested' || (upTo === 'accepted' && move === 'sold')) break;
    const moved = await by.request({ method: 'PUT', url: `/api/bookings/${id}/${move}` });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  return id;
}

const buyerStars = { asDescribed: 5, communication: 4, punctuality: 3 };
const sellerStars = { communication: 5, punctuality: 5, paidAsAgreed: 5 };

const write = (actor: Actor, id: string, payload: object) =>
  actor.request({ method: 'POST', url: `/api/bookings/${id}/review`, payload });

async function reviewsOf(actor: Actor, id: string) {
  const response = await actor.request({ url: `/api/bookings/${id}/reviews` });
  expect(response.statusCode, response.body).toBe(200);
  return dealReviewsSchema.parse(response.json());
}

async function publicReviews(sellerId = seller.user.uid) {
  const response = await t.app.inject({ url: `/api/sellers/${sellerId}/reviews` });
  expect(response.statusCode, response.body).toBe(200);
  return reviewSchema.array().parse(response.json());
}

async function profileOf(sellerId = seller.user.uid) {
  const response = await t.app.inject({ url: `/api/sellers/${sellerId}` });
  expect(response.statusCode, response.body).toBe(200);
  return sellerProfileSchema.parse(response.json());
}

async function latestNotification(actor: Actor) {
  const response = await actor.request({ url: '/api/notifications' });
  return notificationSchema.array().parse(response.json())[0];
}

describe('only the two sides of a sold deal review it', () => {
  it('refuses a deal not sold yet, a stranger, the admin and an unknown booking', async () => {
    for (const status of ['requested', 'accepted'] as const) {
      const refused = await write(buyer, await deal(status), buyerStars);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(`Only a sold deal can be reviewed: this booking is ${status}`);
    }
    const id = await deal();
    const byStranger = await write(stranger, id, buyerStars);
    expect(byStranger.statusCode).toBe(403);
    expect(byStranger.json().message).toBe('Only the buyer and the seller of this deal can review it');
    expect((await stranger.request({ url: `/api/bookings/${id}/reviews` })).statusCode).toBe(403);
    expect((await write(admin, id, buyerStars)).statusCode).toBe(403);
    expect((await write(buyer, 'f'.repeat(24), buyerStars)).statusCode).toBe(404);
    expect((await write(buyer, 'nonsense', buyerStars)).statusCode).toBe(404);
  });

  it('tells the seller at the sale that they can review the buyer', async () => {
    await deal();
    expect(await latestNotification(seller)).toMatchObject({ kind: 'review_open', link: '/dashboard/bookingrequests' });
    expect((await latestNotification(seller))!.message).toContain('Review the buyer by');
    expect((await latestNotification(buyer))!.message).toContain('You can review the seller in My orders');
    // Mailed like the deal's events (docs/accounts.md): the seller's address is verified.
    const mails = await t.db
      .selectFrom('mail_outbox')
      .select('data')
      .where('user_id', '=', seller.user.uid)
      .where('template', '=', 'notification')
      .execute();
    expect(mails.some((mail) => mail.data.includes('"review_open"'))).toBe(true);
  });
});

describe('the stars of each side', () => {
  it('asks the buyer for as described and the seller for paid as agreed, each 1 to 5', async () => {
    const id = await deal();
    const noDescribed = await write(buyer, id, { communication: 4, punctuality: 4 });
    expect(noDescribed.statusCode).toBe(400);
    expect(noDescribed.json().fields).toEqual({ asDescribed: 'Choose 1 to 5 stars for as described' });
    const noPaid = await write(seller, id, { communication: 4, punctuality: 4 });
    expect(noPaid.json().fields).toEqual({ paidAsAgreed: 'Choose 1 to 5 stars for paid as agreed' });
    const six = await write(buyer, id, { ...buyerStars, punctuality: 6 });
    expect(six.statusCode).toBe(400);
    expect(six.json().fields.punctuality).toBe('Choose 1 to 5 stars');
    const long = await write(buyer, id, { ...buyerStars, comment: 'x'.repeat(501) });
    expect(long.json().fields.comment).toBe('Keep the comment under 500 characters');
  });

  it('takes stars in Bengali digits and keeps only the side’s own set', async () => {
    const id = await deal();
    const written = await write(buyer, id, { asDescribed: '৫', communication: '৪', punctuality: 3, paidAsAgreed: 1 });
    expect(written.statusCode, written.body).toBe(201);
    const { mine } = await reviewsOf(buyer, id);
    expect(mine).toMatchObject({ asDescribed: 5, communication: 4, punctuality: 3, paidAsAgreed: null });
  });
});

describe('double-blind: published when both wrote, or when the 14 days end', () => {
  it('keeps the first review from the other side and the public until the second is written', async () => {
    const quiet = await registerActor(t.app, 'seller', { name: 'Quiet Seller' });
    const id = await deal('sold', quiet);
    const first = await write(buyer, id, { ...buyerStars, comment: 'Phone exactly as shown.' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ published: false });

    const sellerView = await reviewsOf(quiet, id);
    expect(sellerView).toMatchObject({ side: 'seller', canWrite: true, mine: null, theirs: null, theirsWritten: true });
    expect(JSON.stringify(sellerView)).not.toContain('exactly as shown');
    expect(await reviewsOf(buyer, id)).toMatchObject({ side: 'buyer', canWrite: false, theirsWritten: false });
    expect((await reviewsOf(buyer, id)).mine).toMatchObject({ comment: 'Phone exactly as shown.', publishedAt: null });
    expect(await publicReviews(quiet.user.uid)).toEqual([]);
    expect(await profileOf(quiet.user.uid)).toMatchObject({ reviewCount: 0, averages: null, soldDeals: 1 });

    const second = await write(quiet, id, { ...sellerStars, comment: 'Paid on time.' });
    expect(second.json()).toMatchObject({ published: true });
    expect((await reviewsOf(quiet, id)).theirs).toMatchObject({ comment: 'Phone exactly as shown.' });
    expect((await reviewsOf(buyer, id)).theirs).toMatchObject({ comment: 'Paid on time.', paidAsAgreed: 5 });
    const shown = await publicReviews(quiet.user.uid);
    expect(shown.map((review) => review.comment)).toEqual(['Phone exactly as shown.']);
    expect(shown[0]).toMatchObject({ authorName: 'Nusrat Jahan', productName: 'Reviewed Phone' });
    expect(await profileOf(quiet.user.uid)).toMatchObject({
      name: 'Quiet Seller',
      reviewCount: 1,
      averages: { asDescribed: 5, communication: 4, punctuality: 3 },
    });
    expect(await latestNotification(quiet)).toMatchObject({ kind: 'review_published' });
    expect(await latestNotification(buyer)).toMatchObject({ kind: 'review_published', link: '/dashboard/myorders' });
  });

  it('publishes both when the two sides write at the same moment', async () => {
    const id = await deal();
    const answers = await Promise.all([write(buyer, id, buyerStars), write(seller, id, sellerStars)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(answers.filter((answer) => answer.json().published)).toHaveLength(1);
    expect((await reviewsOf(buyer, id)).theirs).not.toBeNull();
    expect((await reviewsOf(seller, id)).theirs).not.toBeNull();
  });

  it('publishes a lone review when the 14 days end, and tells the one reviewed', async () => {
    const lone = await registerActor(t.app, 'seller');
    const id = await deal('sold', lone);
    await write(buyer, id, buyerStars);
    const { openUntil } = await reviewsOf(buyer, id);
    expect(Date.parse(openUntil) - Date.now()).toBeGreaterThan(REVIEW_WINDOW_MS - 60_000);

    // Reviews of earlier tests end before this one: only this seller's page is looked at.
    await publishDueReviews(t.app.deps, new Date(Date.parse(openUntil) - 1000));
    expect(await publicReviews(lone.user.uid)).toEqual([]);
    expect(await publishDueReviews(t.app.deps, new Date(Date.parse(openUntil) + 1000))).toBeGreaterThan(0);
    // What startHousekeeping does after a round that changed something.
    await t.app.publicCache.bump();
    expect(await publicReviews(lone.user.uid)).toHaveLength(1);
    expect((await reviewsOf(lone, id)).theirs).toMatchObject({ asDescribed: 5 });
    expect(await latestNotification(lone)).toMatchObject({
      kind: 'review_published',
      link: '/dashboard/bookingrequests',
    });
  });
});

describe('one review per side per deal, within 14 days', () => {
  it('refuses a second review by the same side, also when both are sent at once', async () => {
    const id = await deal();
    const answers = await Promise.all([write(buyer, id, buyerStars), write(buyer, id, buyerStars)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const again = await write(buyer, id, buyerStars);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_EXISTS', message: 'You have reviewed this deal already' });
  });

  it('closes once 14 days have passed since the sale', async () => {
    const id = await deal();
    const longAgo = new Date(Date.now() - REVIEW_WINDOW_MS - 60_000).toISOString();
    await t.db.updateTable('bookings').set({ status_changed_at: longAgo }).where('id', '=', id).execute();
    const late = await write(seller, id, sellerStars);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/^The 14 days to review this deal ended on \d{4}-\d{2}-\d{2}$/);
    expect(await reviewsOf(seller, id)).toMatchObject({ canWrite: false, mine: null });
  });

  it('shows each side its review state in My orders and Booking requests', async () => {
    const id = await deal();
    await write(buyer, id, buyerStars);
    const orders = async () =>
      orderWithReviewSchema
        .array()
        .parse((await buyer.request({ url: `/api/orders?email=${encodeURIComponent(buyer.email)}&limit=100` })).json());
    expect((await orders()).find((order) => order._id === id)?.review).toMatchObject({ written: true });
    const requests = requestWithReviewSchema
      .array()
      .parse((await seller.request({ url: '/api/bookings/requests?limit=100' })).json());
    expect(requests.find((request) => request._id === id)?.review).toMatchObject({ written: false });
    const open = await deal('accepted');
    expect((await orders()).find((order) => order._id === open)?.review).toBeNull();
  });
});

/** The buyer's review of a deal whose seller has not written theirs: not published yet. */
async function waitingReview() {
  const id = await deal();
  await write(buyer, id, buyerStars);
  return (await reviewsOf(buyer, id)).mine!._id;
}

/** A deal of `seller` reviewed by both sides, so the buyer's review is public. */
async function publishedReview(comment = 'Good phone, fair seller.') {
  const id = await deal();
  await write(buyer, id, { ...buyerStars, comment });
  await write(seller, id, sellerStars);
  const mine = (await reviewsOf(buyer, id)).mine!;
  return { id, reviewId: mine._id };
}

describe('a restricted account', () => {
  it('cannot review or reply while a moderator keeps it restricted, with a clear 403', async () => {
    const id = await deal();
    const until = new Date(Date.now() + 86_400_000).toISOString();
    await t.db.updateTable('users').set({ restricted_until: until }).where('id', '=', buyer.user.uid).execute();
    try {
      const refused = await write(buyer, id, buyerStars);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'ACCOUNT_RESTRICTED' });
      expect(refused.json().message).toMatch(/^Your account is restricted until .+, so you cannot write reviews/);
    } finally {
      await t.db.updateTable('users').set({ restricted_until: null }).where('id', '=', buyer.user.uid).execute();
    }
    expect((await write(buyer, id, buyerStars)).statusCode).toBe(201);
  });
});

describe('the reply of the one reviewed', () => {
  it('is written once, by the reviewed person only, on a published review', async () => {
    const waiting = await waitingReview();
    const early = await seller.request({
      method: 'PUT',
      url: `/api/reviews/${waiting}/reply`,
      payload: { reply: 'Hi' },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('This review is not published yet');

    const { reviewId } = await publishedReview();
    const byAuthor = await buyer.request({
      method: 'PUT',
      url: `/api/reviews/${reviewId}/reply`,
      payload: { reply: 'Hi' },
    });
    expect(byAuthor.statusCode).toBe(403);
    const empty = await seller.request({
      method: 'PUT',
      url: `/api/reviews/${reviewId}/reply`,
      payload: { reply: ' ' },
    });
    expect(empty.json().fields).toEqual({ reply: 'Write your reply first' });
    const reply = { reply: 'Thank you for buying!' };
    expect(
      (await seller.request({ method: 'PUT', url: `/api/reviews/${reviewId}/reply`, payload: reply })).statusCode,
    ).toBe(200);
    const twice = await seller.request({
      method: 'PUT',
      url: `/api/reviews/${reviewId}/reply`,
      payload: { reply: 'Edit' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('You have replied to this review already');
    expect((await publicReviews()).find((review) => review._id === reviewId)).toMatchObject(reply);
  });
});

describe('reporting a review, and the admin hiding it', () => {
  it('takes one report per person with a reason; the admin sees the counts, hides with a reason, never edits', async () => {
    const { reviewId } = await publishedReview('Call me on my cousin’s number 01711000000');
    const report = (actor: Actor, reason: string) =>
      actor.request({ method: 'POST', url: `/api/reviews/${reviewId}/report`, payload: { reason } });
    expect((await report(buyer, 'off_topic')).statusCode).toBe(403);
    expect((await report(seller, 'nonsense')).json().fields.reason).toBe('Choose why you report this review');
    expect((await report(seller, 'personal_information')).statusCode).toBe(201);
    expect((await report(stranger, 'personal_information')).statusCode).toBe(201);
    const twice = await report(seller, 'off_topic');
    expect(twice.statusCode).toBe(409);

    const list = reportedReviewSchema.array().parse((await admin.request({ url: '/api/all/reported/reviews' })).json());
    expect(list.find((item) => item._id === reviewId)).toMatchObject({
      subjectName: 'Rahim Traders',
      reports: [{ reason: 'personal_information', count: 2 }],
    });

    const noReason = await admin.request({ method: 'PUT', url: `/api/reviews/${reviewId}/hide`, payload: {} });
    expect(noReason.json().fields).toEqual({ reason: 'Please give the reason' });
    const before = await profileOf();
    const hidden = await admin.request({
      method: 'PUT',
      url: `/api/reviews/${reviewId}/hide`,
      payload: { reason: 'Shares a phone number', comment: 'edited' },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await publicReviews()).map((review) => review._id)).not.toContain(reviewId);
    expect((await profileOf()).reviewCount).toBe(before.reviewCount - 1);
    const list2 = reportedReviewSchema
      .array()
      .parse((await admin.request({ url: '/api/all/reported/reviews' })).json());
    expect(list2.map((item) => item._id)).not.toContain(reviewId);
    const row = await t.db.selectFrom('reviews').selectAll().where('id', '=', reviewId).executeTakeFirstOrThrow();
    expect(row.comment).toBe('Call me on my cousin’s number 01711000000');
    // The two people still see it, with the admin's reason.
    const { id } = { id: row.booking_id };
    expect((await reviewsOf(seller, id)).theirs).toMatchObject({ hiddenReason: 'Shares a phone number' });
    expect((await report(stranger, 'off_topic')).statusCode).toBe(404);
  });

  it('lets the admin dismiss the reports of a fine review', async () => {
    const { reviewId } = await publishedReview('Honest seller.');
    await stranger.request({
      method: 'POST',
      url: `/api/reviews/${reviewId}/report`,
      payload: { reason: 'extortion' },
    });
    const dismissed = await admin.request({ method: 'PUT', url: `/api/reviews/${reviewId}/dismiss` });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect((await admin.request({ method: 'PUT', url: `/api/reviews/${reviewId}/dismiss` })).statusCode).toBe(409);
    expect((await publicReviews()).map((review) => review._id)).toContain(reviewId);
  });

  it('cannot report a review nobody may read yet', async () => {
    const waiting = await waitingReview();
    const response = await stranger.request({
      method: 'POST',
      url: `/api/reviews/${waiting}/report`,
      payload: { reason: 'off_topic' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('a reported review in the moderation queue', () => {
  const report = (actor: Actor, reviewId: string, reason: string) =>
    actor.request({ method: 'POST', url: `/api/reviews/${reviewId}/report`, payload: { reason } });

  async function caseOf(reviewId: string) {
    const open = caseSummarySchema
      .array()
      .parse((await admin.request({ url: '/api/moderation/cases?limit=100' })).json())
      .find((item) => item.subjectType === 'review' && item.subjectId === reviewId);
    return open && caseDetailsSchema.parse((await admin.request({ url: `/api/moderation/cases/${open._id}` })).json());
  }

  const act = (caseId: string, payload: object) =>
    admin.request({ method: 'POST', url: `/api/moderation/cases/${caseId}/actions`, payload });

  async function logEntry(logId: string) {
    const log = logEntrySchema.array().parse((await admin.request({ url: '/api/moderation/log?limit=100' })).json());
    return log.find((entry) => entry._id === logId);
  }

  it('is one case with the review as it was; hidden from the case, logged, and shown again by a reversed appeal', async () => {
    const { id, reviewId } = await publishedReview('Pay me 500 Tk or this stays');
    expect((await report(stranger, reviewId, 'extortion')).statusCode).toBe(201);
    expect((await report(seller, reviewId, 'personal_information')).statusCode).toBe(201);
    const reply = { reply: 'I never asked for money.' };
    expect(
      (await seller.request({ method: 'PUT', url: `/api/reviews/${reviewId}/reply`, payload: reply })).statusCode,
    ).toBe(200);

    const opened = (await caseOf(reviewId))!;
    expect(opened).toMatchObject({ title: "Nusrat Jahan's review of Rahim Traders", reports: 2, open: true });
    expect(opened.reasons.map((reason) => reason.label).sort()).toEqual(['Extortion', 'Personal information']);
    expect(opened.signals.userId).toBe(buyer.user.uid);
    expect(opened.actions).toEqual(['dismiss', 'warn', 'restrict', 'suspend', 'hide_review']);
    // The evidence is the review when reported: the later reply is not in it.
    expect(opened.reportList[0]!.snapshot).toEqual(
      expect.objectContaining({
        type: 'review',
        side: 'buyer',
        authorName: 'Nusrat Jahan',
        subjectName: 'Rahim Traders',
        productName: 'Reviewed Phone',
        stars: [
          { name: 'asDescribed', value: 5 },
          { name: 'communication', value: 4 },
          { name: 'punctuality', value: 3 },
        ],
        comment: 'Pay me 500 Tk or this stays',
        reply: null,
      }),
    );

    const notForReviews = await act(opened._id, { action: 'hide_listing', reason: 'scam' });
    expect(notForReviews.statusCode).toBe(400);
    const hidden = await act(opened._id, { action: 'hide_review', reason: 'harassment', note: 'Threatens the seller' });
    expect(hidden.statusCode, hidden.body).toBe(201);
    const { logId } = hidden.json<{ logId: string }>();
    expect((await publicReviews()).map((review) => review._id)).not.toContain(reviewId);
    const reported = reportedReviewSchema
      .array()
      .parse((await admin.request({ url: '/api/all/reported/reviews' })).json());
    expect(reported.map((item) => item._id)).not.toContain(reviewId);
    expect((await reviewsOf(seller, id)).theirs).toMatchObject({ hiddenReason: 'Harassment: Threatens the seller' });
    expect(await logEntry(logId)).toMatchObject({
      action: 'hide_review',
      actionLabel: 'Hide the review',
      subjectType: 'review',
      subjectId: reviewId,
      targetUserId: buyer.user.uid,
      before: { reviewId, hidden: false },
      after: { reviewId, hidden: true, reason: 'harassment', note: 'Threatens the seller' },
    });
    expect(await caseOf(reviewId)).toBeUndefined();
    expect((await latestNotification(buyer))?.message).toContain(
      'A moderator hid "Nusrat Jahan\'s review of Rahim Traders"',
    );

    const appealed = await buyer.request({
      method: 'POST',
      url: '/api/account/appeals',
      payload: { logId, text: 'I only asked him to answer my calls.' },
    });
    expect(appealed.statusCode, appealed.body).toBe(201);
    const appeal = appealSchema
      .array()
      .parse((await admin.request({ url: '/api/moderation/appeals?limit=100' })).json())
      .find((item) => item.logId === logId)!;
    const decided = await admin.request({
      method: 'PUT',
      url: `/api/moderation/appeals/${appeal._id}`,
      payload: { decision: 'reversed', reason: 'The message was read out of context' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await publicReviews()).find((review) => review._id === reviewId)).toMatchObject({ hiddenReason: null });
  });

  it('counts a review’s report in the reporter’s reports of the day', async () => {
    const { reviewId } = await publishedReview('Counted.');
    const reporter = await registerActor(t.app, 'buyer');
    const rule = { max: REPORTS_PER_DAY, windowMs: 86_400_000 };
    for (let i = 0; i < REPORTS_PER_DAY; i += 1) await countUse(t.db, `reports:${reporter.user.uid}`, rule);
    const refused = await report(reporter, reviewId, 'off_topic');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(`You can send at most ${REPORTS_PER_DAY} reports a day`);
    expect(await caseOf(reviewId)).toBeUndefined();
  });

  it('dismissing the case settles the review’s reports, and the reviews’ own list decides through the case', async () => {
    const fine = await publishedReview('Fine deal.');
    await report(stranger, fine.reviewId, 'off_topic');
    const dismissed = await act((await caseOf(fine.reviewId))!._id, { action: 'dismiss', reason: 'no_violation' });
    expect(dismissed.statusCode, dismissed.body).toBe(201);
    const reported = reportedReviewSchema
      .array()
      .parse((await admin.request({ url: '/api/all/reported/reviews' })).json());
    expect(reported.map((item) => item._id)).not.toContain(fine.reviewId);

    const other = await publishedReview('Also fine.');
    await report(stranger, other.reviewId, 'off_topic');
    const caseId = (await caseOf(other.reviewId))!._id;
    expect((await admin.request({ method: 'PUT', url: `/api/reviews/${other.reviewId}/dismiss` })).statusCode).toBe(
      200,
    );
    const closed = caseDetailsSchema.parse((await admin.request({ url: `/api/moderation/cases/${caseId}` })).json());
    expect(closed.open).toBe(false);
    expect(closed.log.map((entry) => entry.action)).toContain('dismiss');
    // A later report opens a new case, and the review is back on its own list.
    await report(seller, other.reviewId, 'extortion');
    expect((await caseOf(other.reviewId))?._id).not.toBe(caseId);

    // Warning the author decides the case too: the review leaves its own list, and stays public.
    const warned = await act((await caseOf(other.reviewId))!._id, { action: 'warn', reason: 'harassment' });
    expect(warned.statusCode, warned.body).toBe(201);
    const left = reportedReviewSchema.array().parse((await admin.request({ url: '/api/all/reported/reviews' })).json());
    expect(left.map((item) => item._id)).not.toContain(other.reviewId);
    expect((await publicReviews()).map((review) => review._id)).toContain(other.reviewId);
  });
});

describe("a seller's public page", () => {
  it('shows a new seller with no reviews, their phones for sale only, and 404 for anyone else', async () => {
    const fresh = await registerActor(t.app, 'seller', { name: 'New Seller' });
    expect(await profileOf(fresh.user.uid)).toMatchObject({
      name: 'New Seller',
      verified: false,
      soldDeals: 0,
      reviewCount: 0,
      averages: null,
    });
    const onSale = await listProduct(fresh, { productName: 'On Sale Phone' });
    const sold = await listProduct(fresh, { productName: 'Gone Phone' });
    await fresh.request({ method: 'PUT', url: `/api/sold/product/${sold}` });
    const phones = productSchema
      .array()
      .parse((await t.app.inject({ url: `/api/sellers/${fresh.user.uid}/phones` })).json());
    expect(phones.map((phone) => phone._id)).toEqual([onSale]);
    expect(phones[0]!.sellerId).toBe(fresh.user.uid);

    for (const url of [
      `/api/sellers/${buyer.user.uid}`,
      '/api/sellers/nonsense',
      `/api/sellers/${'a'.repeat(24)}/reviews`,
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Seller not found');
    }
  });
});
