import { describe, expect, it } from 'vitest';
import { newId } from '#server/db/ids';
import { liftEndedRestrictions } from '#server/moderation/sanctions';
import { appendLog } from '#server/moderation/repository';
import { insertUser } from '#server/users/repository';
import { demoListing } from '#server/start/seed/factories';
import {
  caseDetailsSchema,
  caseSummarySchema,
  logEntrySchema,
  standingSchema,
  type CaseAction,
  type CaseDetails,
} from '#shared/moderation';
import { notificationSchema } from '#shared/notifications';
import { reportedProductSchema } from '#shared/reports';
import { registerActor, tryLogIn, type Actor } from './support/actors';
import { useTestApp } from './support/harness';
import { mailTo } from './support/mail';
import { bookPhone, tryBooking } from './support/deal';
import { listProduct } from './support/products';

const { t, admin, buyer } = useTestApp({ admin: 'admin', buyer: 'buyer' });

const reportListing = (actor: Actor, productId: string, body: object = { reason: 'fake_photos' }) =>
  actor.request({ method: 'POST', url: '/api/report/product', payload: { product_id: productId, ...body } });

async function queue() {
  const response = await admin.request({ method: 'GET', url: '/api/moderation/cases?limit=100' });
  expect(response.statusCode, response.body).toBe(200);
  return caseSummarySchema.array().parse(response.json());
}

async function caseOf(subjectId: string): Promise<CaseDetails> {
  const summary = (await queue()).find((c) => c.subjectId === subjectId);
  expect(summary, `an open case about ${subjectId}`).toBeDefined();
  return caseById(summary!._id);
}

async function caseById(id: string): Promise<CaseDetails> {
  const response = await admin.request({ method: 'GET', url: `/api/moderation/cases/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return caseDetailsSchema.parse(response.json());
}

async function act(caseId: string, action: Partial<CaseAction>) {
  const response = await admin.request({
    method: 'POST',
    url: `/api/moderation/cases/${caseId}/actions`,
    payload: { reason: 'misleading', ...action },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ logId: string }>().logId;
}

/** A listing of a new seller, reported by the shared buyer, and its case. */
async function reportedListing(reason = 'fake_photos') {
  const seller = await registerActor(t.app, 'seller');
  const productId = await listProduct(seller);
  expect((await reportListing(buyer, productId, { reason })).statusCode).toBe(201);
  return { seller, productId, case: await caseOf(productId) };
}

async function notificationsOf(actor: Actor) {
  const response = await actor.request({ method: 'GET', url: '/api/notifications?limit=100' });
  return notificationSchema.array().parse(response.json());
}

/** Whether buyers can find the phone (the search index holds exactly the phones on sale). */
const isPublic = async (productId: string) =>
  !!(await t.db.selectFrom('search_listings').select('id').where('product_id', '=', productId).executeTakeFirst());

describe('reports with reasons', () => {
  it('asks for a reason, and for words with "other"', async () => {
    const seller = await registerActor(t.app, 'seller');
    const productId = await listProduct(seller);
    const other = await reportListing(buyer, productId, { reason: 'other' });
    expect(other.statusCode).toBe(400);
    expect(other.json().fields).toEqual({ note: 'Tell us what is wrong' });
    const unknown = await reportListing(buyer, productId, { reason: 'ugly' });
    expect(unknown.statusCode).toBe(400);
    expect((await reportListing(buyer, productId, { reason: 'other', note: 'Box says 64 GB' })).statusCode).toBe(201);
    const details = await caseOf(productId);
    expect(details.reportList.map((r) => [r.reasonLabel, r.note])).toEqual([['Other', 'Box says 64 GB']]);
  });

  it("keeps the spec's call working without a reason, and shows the reason on Reported Items", async () => {
    const seller = await registerActor(t.app, 'seller');
    const [plain, reasoned] = [await listProduct(seller), await listProduct(seller)];
    expect(
      (await buyer.request({ method: 'POST', url: '/api/report/product', payload: { product_id: plain } })).statusCode,
    ).toBe(201);
    expect((await reportListing(buyer, reasoned, { reason: 'bait_price' })).statusCode).toBe(201);
    const listed = reportedProductSchema
      .array()
      .parse((await admin.request({ method: 'GET', url: '/api/all/reported/products?limit=100' })).json());
    expect(listed.find((r) => r.product_id === plain)?.reasonLabel).toBe('No reason given');
    expect(listed.find((r) => r.product_id === reasoned)?.reasonLabel).toBe('Bait price');
  });

  it('makes one case per thing with counts by reason, oldest first, and the seller’s signals', async () => {
    const seller = await registerActor(t.app, 'seller');
    const productId = await listProduct(seller);
    const reporters = await Promise.all([1, 2, 3].map(() => registerActor(t.app, 'buyer')));
    for (const [i, reporter] of reporters.entries()) {
      expect(
        (await reportListing(reporter, productId, { reason: i < 2 ? 'advance_payment' : 'fake_photos' })).statusCode,
      ).toBe(201);
    }
    const again = await reportListing(reporters[0]!, productId, { reason: 'stolen' });
    expect(again.statusCode).toBe(409);
    const cases = await queue();
    const mine = cases.filter((c) => c.subjectId === productId);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.reasons.map((r) => `${r.label} ×${r.count}`)).toEqual([
      'Asks for advance payment (bKash/Nagad) ×2',
      'Fake or stock photos ×1',
    ]);
    expect(mine[0]!.signals).toMatchObject({
      userId: seller.user.uid,
      emailVerified: true,
      sellerVerified: false,
      earlierSanctions: 0,
      openReports: 3,
    });
    const opened = cases.map((c) => c.openedAt);
    expect(opened).toEqual([...opened].sort());
  });

  it('allows at most 20 reports a person a day', async () => {
    const reporter = await registerActor(t.app, 'buyer');
    const targets = await Promise.all(
      Array.from({ length: 21 }, (_, i) =>
        insertUser(t.db, {
          email: `target.${i}.${newId()}@example.test`,
          role: 'seller',
          name: `Target ${i}`,
          photoUrl: 'https://example.test/p.png',
        }),
      ),
    );
    const answers = [];
    for (const target of targets) {
      answers.push(
        (
          await reporter.request({
            method: 'POST',
            url: '/api/moderation/reports/user',
            payload: { userId: target.id, reason: 'scam' },
          })
        ).statusCode,
      );
    }
    expect(answers.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(answers[20]).toBe(429);
  });

  it('keeps the listing as it was when reported, after the seller edits it', async () => {
    const { seller, productId, case: before } = await reportedListing();
    const { caption: _c, hue: _h, ...fields } = demoListing(3);
    const photo = before.reportList[0]!.snapshot;
    const edit = await seller.request({
      method: 'PUT',
      url: `/api/edit/product/${productId}`,
      payload: {
        ...fields,
        productName: 'Edited name',
        resalePrice: 99999,
        productImg: photo.type === 'listing' ? photo.photos[0] : '',
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await caseById(before._id);
    const snapshot = after.reportList[0]!.snapshot;
    expect(snapshot.type === 'listing' && snapshot.productName).toBe(before.title);
    expect(after.current?.productName).toBe('Edited name');
    expect(after.current?.resalePrice).toBe(99999);
  });

  it('reports a conversation with the reported message and the ten before it', async () => {
    const seller = await registerActor(t.app, 'seller');
    const productId = await listProduct(seller);
    const started = await buyer.request({ method: 'POST', url: '/api/conversations', payload: { productId } });
    const conversationId = started.json<{ _id: string }>()._id;
    for (let i = 0; i < 12; i++) {
      const [from, text] = i % 2 ? [seller, `Seller line ${i}`] : [buyer, `Buyer line ${i}`];
      const sent = await from.request({
        method: 'POST',
        url: `/api/conversations/${conversationId}/messages`,
        payload: { clientId: newId(), text },
      });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    await buyer.request({
      method: 'POST',
      url: `/api/conversations/${conversationId}/messages`,
      payload: { clientId: newId(), text: 'my last word' },
    });
    const reported = await buyer.request({
      method: 'POST',
      url: '/api/moderation/reports/conversation',
      payload: { conversationId, reason: 'advance_payment', note: 'Wants bKash first' },
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const details = await caseById(reported.json().insertedId);
    const snapshot = details.reportList[0]!.snapshot;
    if (snapshot.type !== 'conversation') throw new Error('a conversation snapshot');
    expect(snapshot.messages).toHaveLength(11);
    expect(snapshot.messages.at(-1)).toMatchObject({ text: 'Seller line 11', fromReported: true });
    expect(snapshot.messages[0]).toMatchObject({ text: 'Seller line 1', line: null });
    expect(details.signals.userId).toBe(seller.user.uid);
    const stranger = await registerActor(t.app, 'buyer');
    const refused = await stranger.request({
      method: 'POST',
      url: '/api/moderation/reports/conversation',
      payload: { conversationId, reason: 'spam' },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('actions', () => {
  it('hides a listing: off sale, its bookings ended, the seller cannot show it, seller and reporter told', async () => {
    const { seller, productId, case: details } = await reportedListing();
    const other = await registerActor(t.app, 'buyer');
    expect((await tryBooking(other, productId)).statusCode).toBe(201);
    await act(details._id, { action: 'hide_listing', note: 'Stock photos' });
    expect(await isPublic(productId)).toBe(false);
    const show = await seller.request({ method: 'PUT', url: `/api/show/product/${productId}` });
    expect(show.statusCode).toBe(409);
    const orders = (
      await other.request({ method: 'GET', url: `/api/orders?email=${encodeURIComponent(other.email)}` })
    ).json<Array<{ status: string; statusReason: string | null }>>();
    expect(orders[0]).toMatchObject({ status: 'declined' });
    const told = (await notificationsOf(seller)).find((n) => n.kind === 'moderation_action');
    expect(told?.message).toContain('hid your listing');
    expect(told?.message).toContain('Misleading listing');
    expect(told?.message).toContain('appeal');
    expect(
      (await notificationsOf(buyer)).some((n) => n.kind === 'report_reviewed' && n.message.includes(details.title)),
    ).toBe(true);
    const mail = await mailTo(t.app, seller.email, /a moderator acted on your account/);
    expect(mail.text).toContain('Stock photos');
    const again = await admin.request({
      method: 'POST',
      url: `/api/moderation/cases/${details._id}/actions`,
      payload: { action: 'dismiss', reason: 'no_violation' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('removes a listing: open bookings end with "the listing was removed"', async () => {
    const { productId, case: details } = await reportedListing();
    const other = await registerActor(t.app, 'buyer');
    await tryBooking(other, productId);
    await act(details._id, { action: 'remove_listing', reason: 'stolen' });
    const told = (await notificationsOf(other)).find((n) => n.kind === 'booking_declined');
    expect(told?.message).toContain('the listing was removed');
  });

  it('asks for changes: the seller edits and resubmits, the listing is back and flagged for a look', async () => {
    const { seller, productId, case: details } = await reportedListing();
    await act(details._id, { action: 'request_changes', note: 'Show the real phone' });
    expect(await isPublic(productId)).toBe(false);
    const mine = (
      await seller.request({ method: 'GET', url: `/api/products?email=${encodeURIComponent(seller.email)}` })
    ).json<Array<{ _id: string; moderation: { state: string; reason: string } | null }>>();
    expect(mine.find((p) => p._id === productId)?.moderation).toEqual({
      state: 'changes_requested',
      reason: 'Misleading listing (photos, model, price): Show the real phone',
      reasonCode: 'misleading',
      note: 'Show the real phone',
    });
    expect((await seller.request({ method: 'PUT', url: `/api/resubmit/product/${productId}` })).statusCode).toBe(200);
    expect(await isPublic(productId)).toBe(true);
    const flagged = await caseOf(productId);
    expect(flagged.reportList.map((r) => [r.reasonLabel, r.automated])).toEqual([['Resubmitted after changes', true]]);
    expect((await seller.request({ method: 'PUT', url: `/api/resubmit/product/${productId}` })).statusCode).toBe(409);
  });

  it('restricts for 7 days: the user cannot list, book or message, with a clear 403, and still reads', async () => {
    const { seller, productId, case: details } = await reportedListing();
    const otherSeller = await registerActor(t.app, 'seller');
    const theirs = await listProduct(otherSeller);
    const started = await seller.request({ method: 'POST', url: '/api/conversations', payload: { productId: theirs } });
    const conversationId = started.json<{ _id: string }>()._id;
    await act(details._id, { action: 'restrict', days: '৭' as unknown as number, reason: 'scam' });

    const { caption: _c, hue: _h, ...fields } = demoListing(5);
    const refusals = [
      await seller.request({ method: 'POST', url: '/api/store_products', payload: { ...fields, productImg: 'x' } }),
      await tryBooking(seller, theirs),
      await seller.request({
        method: 'POST',
        url: `/api/conversations/${conversationId}/messages`,
        payload: { clientId: newId(), text: 'hello' },
      }),
      await seller.request({ method: 'POST', url: '/api/conversations', payload: { productId: theirs } }),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('ACCOUNT_RESTRICTED');
      expect(refused.json().message).toMatch(
        /^Your account is restricted until .+, so you cannot (list or change phones|book phones|send messages) until then\./,
      );
    }
    const inBangla = await seller.request({
      method: 'POST',
      url: '/api/store/booking/product',
      headers: { 'accept-language': 'bn' },
      payload: { productId: theirs, phoneNumber: '01711223344', meetLocation: 'Mirpur 10' },
    });
    expect(inBangla.json().code).toBe('ACCOUNT_RESTRICTED');
    expect(inBangla.json().message).toMatch(
      /^আপনার অ্যাকাউন্ট .*২০[০-৯][০-৯].* পর্যন্ত সীমিত করা আছে, তাই ততদিন আপনি ফোন বুক করতে পারবেন না।/,
    );
    expect((await seller.request({ method: 'GET', url: `/api/conversations/${conversationId}` })).statusCode).toBe(200);
    const standing = standingSchema.parse(
      (await seller.request({ method: 'GET', url: '/api/account/standing' })).json(),
    );
    const days = (Date.parse(standing.restrictedUntil!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    expect(standing.notices[0]).toMatchObject({ action: 'restrict', appealable: true });
    expect(await isPublic(productId)).toBe(true);
  });

  it('lifts a restriction by itself when its time is up, with an automated log row', async () => {
    const user = await registerActor(t.app, 'seller');
    await t.db
      .updateTable('users')
      .set({ restricted_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', user.user.uid)
      .execute();
    expect(await liftEndedRestrictions(t.db)).toBeGreaterThanOrEqual(1);
    const row = await t.db
      .selectFrom('moderation_log')
      .selectAll()
      .where('target_user_id', '=', user.user.uid)
      .executeTakeFirstOrThrow();
    // Its note is the server's: stored as no words, read in the language the moderator asks in.
    expect(row).toMatchObject({ action: 'restriction_lifted', is_automated: true, note: null });
    const noteOf = async (headers: Record<string, string>) => {
      const log = await admin.request({ method: 'GET', url: '/api/moderation/log?limit=100', headers });
      return logEntrySchema
        .array()
        .parse(log.json())
        .find((entry) => entry.targetUserId === user.user.uid)?.note;
    };
    expect(await noteOf({})).toBe('The restriction ended at its time.');
    expect(await noteOf({ 'accept-language': 'bn' })).toBe('অ্যাকাউন্ট সীমিত রাখার মেয়াদ শেষ হয়েছে।');
  });

  it('suspends: sessions end, listings hidden, bookings end, and the account cannot sign in', async () => {
    const { seller, productId, case: details } = await reportedListing();
    const other = await registerActor(t.app, 'buyer');
    await tryBooking(other, productId);
    await act(details._id, { action: 'suspend', reason: 'scam' });
    expect((await seller.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const login = await tryLogIn(t.app, seller);
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({
      code: 'ACCOUNT_SUSPENDED',
      message: expect.stringMatching(/^This account is suspended by a moderator and cannot sign in\./),
    });
    const inBangla = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: 'lang=bn' },
      payload: { email: seller.email, password: seller.password },
    });
    expect(inBangla.json()).toMatchObject({
      code: 'ACCOUNT_SUSPENDED',
      message: expect.stringMatching(/^একজন মডারেটর এই অ্যাকাউন্টটি স্থগিত করেছেন/),
    });
    expect(await isPublic(productId)).toBe(false);
    expect((await notificationsOf(other)).find((n) => n.kind === 'booking_declined')?.message).toContain(
      'the seller account was suspended',
    );
  });

  it('suspends a buyer: their accepted booking ends and the phone is back on sale, saved searches told', async () => {
    const seller = await registerActor(t.app, 'seller');
    const suspended = await registerActor(t.app, 'buyer');
    const productId = await listProduct(seller);
    const bookingId = await bookPhone(suspended, productId);
    expect((await seller.request({ method: 'PUT', url: `/api/bookings/${bookingId}/accept` })).statusCode).toBe(200);
    const reported = await buyer.request({
      method: 'POST',
      url: '/api/moderation/reports/user',
      payload: { userId: suspended.user.uid, reason: 'fake_account' },
    });
    expect(reported.statusCode, reported.body).toBe(201);
    await act(reported.json().insertedId, { action: 'suspend', reason: 'scam' });

    const booking = await t.db.selectFrom('bookings').select('status').where('id', '=', bookingId).executeTakeFirst();
    expect(booking?.status).toBe('cancelled');
    expect(await isPublic(productId)).toBe(true);
    // Like any reservation called off: the alert worker hears the phone is available again.
    const events = await t.db.selectFrom('alert_events').select('why').where('product_id', '=', productId).execute();
    expect(events.map((event) => event.why)).toContain('reservation_cancelled');
  });

  it('refuses an action that does not fit the case, and a case that is not there', async () => {
    const target = await registerActor(t.app, 'seller');
    const reported = await buyer.request({
      method: 'POST',
      url: '/api/moderation/reports/user',
      payload: { userId: target.user.uid, reason: 'fake_account' },
    });
    const wrong = await admin.request({
      method: 'POST',
      url: `/api/moderation/cases/${reported.json().insertedId}/actions`,
      payload: { action: 'hide_listing', reason: 'spam' },
    });
    expect(wrong.statusCode).toBe(400);
    const noDays = await admin.request({
      method: 'POST',
      url: `/api/moderation/cases/${reported.json().insertedId}/actions`,
      payload: { action: 'restrict', reason: 'spam', days: 3 },
    });
    expect(noDays.statusCode).toBe(400);
    expect(noDays.json().fields).toEqual({ days: 'Choose 1, 7 or 30 days' });
    const missing = await admin.request({
      method: 'POST',
      url: `/api/moderation/cases/${newId()}/actions`,
      payload: { action: 'warn', reason: 'spam' },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the audit log', () => {
  it('records every action with who, what, why, before and after, and exports it as CSV', async () => {
    const { productId, case: details } = await reportedListing();
    const logId = await act(details._id, { action: 'hide_listing', note: '=cmd' });
    const page = (await admin.request({ method: 'GET', url: '/api/moderation/log?limit=100' })).json<
      Array<Record<string, unknown>>
    >();
    expect(page.find((e) => e._id === logId)).toMatchObject({
      actorName: expect.any(String),
      automated: false,
      action: 'hide_listing',
      subjectId: productId,
      reasonLabel: 'Misleading listing (photos, model, price)',
      before: { productId, hidden: false, state: null },
      after: { productId, hidden: true, state: 'hidden' },
    });
    const csv = await admin.request({ method: 'GET', url: '/api/moderation/log.csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toContain('"actor"');
    expect(csv.body).toContain(`"'=cmd"`);
    expect((await caseById(details._id)).log.map((e) => e._id)).toContain(logId);
  });

  it('cannot be changed or deleted: no call does, and the database refuses', async () => {
    const routes = t.app.printRoutes({ commonPrefix: false });
    expect(routes).not.toMatch(/moderation\/log.*(PUT|DELETE|PATCH)/);
    const { case: details } = await reportedListing();
    const logId = await act(details._id, { action: 'warn' });
    for (const method of ['PUT', 'DELETE', 'PATCH'] as const) {
      const response = await admin.request({ method, url: `/api/moderation/log/${logId}`, payload: {} });
      expect([404, 405]).toContain(response.statusCode);
    }
    await expect(
      t.db.updateTable('moderation_log').set({ note: 'rewritten' }).where('id', '=', logId).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('moderation_log').where('id', '=', logId).execute()).rejects.toThrow(/append-only/);
    const row = await t.db
      .selectFrom('moderation_log')
      .select('note')
      .where('id', '=', logId)
      .executeTakeFirstOrThrow();
    expect(row.note).toBeNull();
  });
});

describe('appeals', () => {
  async function restricted() {
    const { seller, case: details } = await reportedListing();
    const logId = await act(details._id, { action: 'restrict', days: 30 });
    return { seller, logId };
  }

  const appeal = (actor: Actor, logId: string, text = 'The photos are my own phone') =>
    actor.request({ method: 'POST', url: '/api/account/appeals', payload: { logId, text } });

  const decide = (id: string, decision: 'upheld' | 'reversed', reason = 'Checked the photos again') =>
    admin.request({ method: 'PUT', url: `/api/moderation/appeals/${id}`, payload: { decision, reason } });

  it('one per action, by its person only; a reversal undoes the restriction and the person is told', async () => {
    const { seller, logId } = await restricted();
    expect((await appeal(buyer, logId)).statusCode).toBe(403);
    const filed = await appeal(seller, logId);
    expect(filed.statusCode, filed.body).toBe(201);
    expect((await appeal(seller, logId)).statusCode).toBe(409);
    const pending = (await admin.request({ method: 'GET', url: '/api/moderation/appeals?limit=100' })).json<
      Array<{ _id: string; logId: string }>
    >();
    expect(pending.some((a) => a._id === filed.json().insertedId && a.logId === logId)).toBe(true);
    expect((await decide(filed.json().insertedId, 'reversed')).statusCode).toBe(200);
    expect((await decide(filed.json().insertedId, 'upheld')).statusCode).toBe(409);
    expect((await listProduct(seller)).length).toBe(24);
    const standing = standingSchema.parse(
      (await seller.request({ method: 'GET', url: '/api/account/standing' })).json(),
    );
    expect(standing.restrictedUntil).toBeNull();
    expect(standing.notices[0]).toMatchObject({
      appealable: false,
      appeal: { status: 'reversed', decisionReason: 'Checked the photos again' },
    });
    expect(
      (await notificationsOf(seller)).some((n) => n.kind === 'appeal_decided' && n.message.includes('undone')),
    ).toBe(true);
  });

  it('upheld keeps the action; a suspension reversed gives the listings and the sign-in back', async () => {
    const { seller, logId } = await restricted();
    const filed = await appeal(seller, logId);
    expect((await decide(filed.json().insertedId, 'upheld')).statusCode).toBe(200);
    expect((await tryBooking(seller, await listProduct(await registerActor(t.app, 'seller')))).statusCode).toBe(403);

    const { seller: suspended, productId, case: details } = await reportedListing();
    const suspension = await act(details._id, { action: 'suspend', reason: 'scam' });
    const appealId = (
      await t.db
        .insertInto('appeals')
        .values({
          id: newId(),
          log_id: suspension,
          user_id: suspended.user.uid,
          text: 'by support',
          status: 'pending',
          created_at: new Date().toISOString(),
          decided_by: null,
          decision_reason: null,
          decided_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    expect((await decide(appealId, 'reversed')).statusCode).toBe(200);
    expect(await isPublic(productId)).toBe(true);
    const login = await tryLogIn(t.app, suspended);
    expect(login.statusCode).toBe(200);
  });

  it('must come within six months', async () => {
    const user = await registerActor(t.app, 'seller');
    const warning = {
      case_id: null,
      actor_id: admin.user.uid,
      actor_name: 'Admin',
      is_automated: false,
      action: 'warn',
      subject_type: 'user',
      subject_id: user.user.uid,
      target_user_id: user.user.uid,
      reason: 'spam',
      note: null,
      until_at: null,
    } as const;
    const logId = await appendLog(t.db, { ...warning, before: {}, after: {} });
    // The log cannot be back-dated through an update, so the row is written old through its own insert.
    const oldId = newId();
    await t.db
      .insertInto('moderation_log')
      .values({
        ...warning,
        id: oldId,
        before_state: '{}',
        after_state: '{}',
        created_at: new Date(Date.now() - 200 * 86_400_000).toISOString(),
      })
      .execute();
    expect((await appeal(user, oldId)).statusCode).toBe(409);
    expect((await appeal(user, logId)).statusCode).toBe(201);
  });
});
