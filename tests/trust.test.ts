import { describe, expect, it } from 'vitest';
import { demoListing } from '#server/start/seed/factories';
import type { MyProduct, Product, StoreProductRequest } from '#shared/products';
import {
  withCheckDigit,
  type Checklist,
  type ListingReview,
  type NotAsDescribedReport,
  type PhotoReview,
  FOR_PARTS_REQUIRED,
} from '#shared/trust';
import type { ConversationDetails } from '#shared/chat';
import type { Offer } from '#shared/offers';
import type { SearchResult } from '#shared/search';
import { registerActor, type Actor } from './support/actors';
import { useTestApp } from './support/harness';
import { uploadPhoto } from './support/products';

/* A phone a buyer can trust: IMEI rules, review of risky listings, the verification photo (issue 27). */

const logLines: string[] = [];

const { t, seller, otherSeller, buyer, admin } = useTestApp(
  { seller: 'seller', otherSeller: 'seller', buyer: 'buyer', admin: 'admin' },
  {
    options: {
      uploadRateLimit: 1000,
      logger: { level: 'trace', stream: { write: (line) => void logLines.push(line) } },
    },
  },
);

let imeiCounter = 0;
/** A fresh valid IMEI (Luhn check digit), different on every call. */
const freshImei = () =>
  withCheckDigit(`35${String(Date.now() % 1e6).padStart(6, '0')}${String(++imeiCounter).padStart(6, '0')}`);

const CHECKLIST: Checklist = {
  screen: 'yes',
  cameras: 'yes',
  speaker_mic: 'yes',
  charging: 'yes',
  biometrics: 'not_sure',
  wifi_bluetooth: 'yes',
  sim_slots: 'yes',
  water_damage: 'no',
  replaced_parts: 'no',
  box_receipt: 'yes',
  warranty: 'no',
};

let listingCounter = 100;
async function body(actor: Actor, overrides: Record<string, unknown> = {}, n = ++listingCounter) {
  const { caption: _caption, hue: _hue, ...fields } = demoListing(n, 1);
  return {
    ...fields,
    productImg: await uploadPhoto(actor),
    origin: 'official',
    conditionGrade: 'excellent',
    checklist: CHECKLIST,
    batteryHealth: 88,
    accountSignedOut: true,
    neirAnswer: 'valid',
    ...overrides,
  };
}

const store = async (actor: Actor, payload: object) =>
  actor.request({ method: 'POST', url: '/api/store_products', payload });

async function listWithImei(actor: Actor, imei: string, overrides: Partial<StoreProductRequest> = {}) {
  const response = await store(actor, await body(actor, { imei, ...overrides }));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ insertedId: string; review: { reasons: string[] } | null; verificationCode: string }>();
}

const publicProduct = (id: string) => t.app.inject({ url: `/api/addvertise/product/${id}` });

async function mine(actor: Actor, id: string): Promise<MyProduct> {
  const response = await actor.request({ url: `/api/products?email=${encodeURIComponent(actor.email)}&limit=100` });
  const found = response.json<MyProduct[]>().find((product) => product._id === id);
  if (!found) throw new Error(`listing ${id} is not in the seller's list`);
  return found;
}

describe('IMEI rules', () => {
  it('take a valid IMEI typed with Bengali digits, spaces and dashes, and show only its last 4 digits', async () => {
    const imei = freshImei();
    const bengali = imei.replace(/\d/g, (d) => String.fromCharCode(0x09e6 + Number(d)));
    const typed = `${bengali.slice(0, 2)} ${bengali.slice(2, 8)}-${bengali.slice(8)}`;
    const { insertedId, review, verificationCode } = await listWithImei(seller, typed);
    expect(review).toBeNull();
    expect(verificationCode).toMatch(/^[2-9A-HJKMNP-TV-Z]{6}$/);
    const page = await publicProduct(insertedId);
    expect(page.statusCode).toBe(200);
    const product = page.json<Product>();
    expect(product.trust).toMatchObject({
      imeiLast4: imei.slice(-4),
      origin: 'official',
      conditionGrade: 'excellent',
      checklist: CHECKLIST,
      batteryHealth: 88,
      accountSignedOut: true,
      neirChecked: true,
      photoVerified: false,
      soldBefore: null,
    });
    // Like new and Excellent answer the spec's Exellent.
    expect(product.productCondition).toBe('Exellent');
    expect((await mine(seller, insertedId)).ownTrust.imeiMasked).toBe(`••••••••••• ${imei.slice(-4)}`);
  });

  it('refuse a wrong check digit, an IMEISV, one digit repeated and two equal IMEIs, each with a field error', async () => {
    const imei = freshImei();
    const wrong = `${imei.slice(0, 14)}${(Number(imei[14]) + 1) % 10}`;
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ imei: wrong }, 'imei', /last digit does not match/],
      [{ imei: `${imei}1` }, 'imei', /IMEISV/],
      [{ imei: '111111111111111' }, 'imei', /not a real IMEI/],
      [{ imei: '35123' }, 'imei', /exactly 15 digits/],
      [{ imei, imei2: imei }, 'imei2', /same as IMEI 1/],
      [{ imei, neirAnswer: 'not_valid' }, 'neirAnswer', /BTRC/],
      [{ imei, accountSignedOut: false }, 'accountSignedOut', /Sign the phone out/],
      [{ imei, batteryHealth: '১২০' }, 'batteryHealth', /from 1 to 100/],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await store(seller, await body(seller, overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json<{ fields: Record<string, string> }>().fields[field]).toMatch(message);
    }
  });

  it('keep the spec’s own call without an IMEI working: published, "IMEI not given"', async () => {
    const { caption: _caption, hue: _hue, ...fields } = demoListing(++listingCounter, 1);
    const response = await store(seller, { ...fields, productImg: await uploadPhoto(seller) });
    expect(response.statusCode).toBe(201);
    const product = (await publicProduct(response.json<{ insertedId: string }>().insertedId)).json<Product>();
    expect(product.trust.imeiLast4).toBeNull();
    expect(product.trust.origin).toBeNull();
  });

  it('tell the same seller they listed the phone already', async () => {
    const imei = freshImei();
    await listWithImei(seller, imei);
    const again = await store(seller, await body(seller, { imei }));
    expect(again.statusCode).toBe(409);
    expect(again.json<{ fields: Record<string, string> }>().fields.imei).toMatch(
      /listed a phone with this IMEI already/,
    );
  });

  it("send another seller's copy to review: not public, the seller sees why, the admin approves it", async () => {
    const imei = freshImei();
    await listWithImei(seller, imei);
    const copy = await listWithImei(otherSeller, imei, { productName: 'Quokkafone 7' });
    expect(copy.review).toEqual({ reasons: ['imei'] });
    expect((await publicProduct(copy.insertedId)).statusCode).toBe(404);
    const all = await t.app.inject({ url: '/api/all/phones?limit=100' });
    expect(all.json<Product[]>().some((product) => product._id === copy.insertedId)).toBe(false);
    const searched = async () =>
      (await t.app.inject({ url: '/api/search?q=quokkafone' })).json<SearchResult>().items.map((item) => item._id);
    expect(await searched()).not.toContain(copy.insertedId);
    expect((await mine(otherSeller, copy.insertedId)).ownTrust.review).toEqual({
      state: 'pending',
      reasons: ['imei'],
      rejectedFor: null,
    });
    const booking = await buyer.request({
      method: 'POST',
      url: '/api/store/booking/product',
      payload: { productId: copy.insertedId, phoneNumber: '01711223344', meetLocation: 'Dhaka' },
    });
    expect(booking.statusCode).toBe(409);

    const queue = (await admin.request({ url: '/api/admin/listing-reviews?limit=100' })).json<ListingReview[]>();
    expect(queue.find((item) => item.productId === copy.insertedId)).toMatchObject({
      reasons: ['imei'],
      imeiLast4: imei.slice(-4),
    });
    const approved = await admin.request({
      method: 'PUT',
      url: `/api/admin/listing-reviews/${copy.insertedId}/approve`,
    });
    expect(approved.statusCode).toBe(200);
    expect((await publicProduct(copy.insertedId)).statusCode).toBe(200);
    expect(await searched()).toContain(copy.insertedId);
    const again = await admin.request({ method: 'PUT', url: `/api/admin/listing-reviews/${copy.insertedId}/approve` });
    expect(again.statusCode).toBe(409);
  });

  it('show the device history once the phone was sold here, and ask for the de-registration on the sale', async () => {
    const imei = freshImei();
    const first = await listWithImei(seller, imei);
    const sold = await seller.request({ method: 'PUT', url: `/api/sold/product/${first.insertedId}` });
    expect(sold.statusCode).toBe(409);
    expect(sold.json<{ message: string }>().message).toMatch(/\*16161#/);
    const confirmed = await seller.request({
      method: 'PUT',
      url: `/api/sold/product/${first.insertedId}`,
      payload: { deregistered: true },
    });
    expect(confirmed.statusCode).toBe(200);

    // The buyer lists it again later: no review, and its page says when it was sold here.
    const relisted = await listWithImei(otherSeller, imei);
    expect(relisted.review).toBeNull();
    const product = (await publicProduct(relisted.insertedId)).json<Product>();
    expect(product.trust.soldBefore).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('show the sale in the device history of a copy an admin let on sale, whose page was kept', async () => {
    const imei = freshImei();
    const first = await listWithImei(seller, imei);
    const copy = await listWithImei(otherSeller, imei);
    const approved = await admin.request({
      method: 'PUT',
      url: `/api/admin/listing-reviews/${copy.insertedId}/approve`,
    });
    expect(approved.statusCode).toBe(200);
    const copyPage = async () => (await publicProduct(copy.insertedId)).json<Product>().trust.soldBefore;
    expect(await copyPage()).toBeNull();
    const sold = await seller.request({
      method: 'PUT',
      url: `/api/sold/product/${first.insertedId}`,
      payload: { deregistered: true },
    });
    expect(sold.statusCode).toBe(200);
    expect(await copyPage()).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});

describe('review of a price far below the model', () => {
  it('sends a price below half the median of 5 same-model phones to review, and not with 4', async () => {
    const model = { productName: `Pixel Test ${Date.now()}` };
    const listAt = (actor: Actor, resalePrice: number) => listWithImei(actor, freshImei(), { ...model, resalePrice });
    for (const p of [20000, 21000, 22000, 23000]) await listAt(seller, p);
    expect((await listAt(otherSeller, 9000)).review).toBeNull();
    // Now five are for sale (median 21,000): 10,000 is below half of it.
    const cheap = await listAt(otherSeller, 10000);
    expect(cheap.review).toEqual({ reasons: ['price'] });
    const rejected = await admin.request({
      method: 'PUT',
      url: `/api/admin/listing-reviews/${cheap.insertedId}/reject`,
      payload: { reason: 'This price looks like a lure' },
    });
    expect(rejected.statusCode).toBe(200);
    expect((await mine(otherSeller, cheap.insertedId)).ownTrust.review).toMatchObject({
      state: 'rejected',
      rejectedFor: 'This price looks like a lure',
    });
    expect((await publicProduct(cheap.insertedId)).statusCode).toBe(404);
  });
});

describe('verification photo', () => {
  it('is seen by the admin only, who approves it: the listing shows "Photo verified" and the filter finds it', async () => {
    const { insertedId } = await listWithImei(seller, freshImei(), { productName: 'Verified Phone Zeta' });
    const photo = await uploadPhoto(seller);
    const foreign = await uploadPhoto(otherSeller);
    const borrowed = await seller.request({
      method: 'PUT',
      url: `/api/products/${insertedId}/verification-photo`,
      payload: { photo: foreign },
    });
    expect(borrowed.statusCode).toBe(400);
    const sent = await seller.request({
      method: 'PUT',
      url: `/api/products/${insertedId}/verification-photo`,
      payload: { photo },
    });
    expect(sent.statusCode).toBe(200);
    expect((await mine(seller, insertedId)).ownTrust.photoState).toBe('pending');
    expect((await publicProduct(insertedId)).body).not.toContain(photo.split('/').pop()!);

    const queue = (await admin.request({ url: '/api/admin/verification-photos?limit=100' })).json<PhotoReview[]>();
    const waiting = queue.find((item) => item.productId === insertedId);
    expect(waiting?.photo).toContain(photo.split('/').pop()!);
    expect(
      (await admin.request({ method: 'PUT', url: `/api/admin/verification-photos/${insertedId}/approve` })).statusCode,
    ).toBe(200);
    expect((await publicProduct(insertedId)).json<Product>().trust.photoVerified).toBe(true);

    const search = await t.app.inject({ url: '/api/search?q=zeta&photoVerified=true&imeiChecked=true&minBattery=৮০' });
    expect(search.statusCode).toBe(200);
    expect(search.json<SearchResult>().items.map((item) => item._id)).toContain(insertedId);
    const tooHigh = await t.app.inject({ url: '/api/search?q=zeta&minBattery=95' });
    expect(tooHigh.json<SearchResult>().items.map((item) => item._id)).not.toContain(insertedId);
    const byGrade = await t.app.inject({ url: '/api/search?q=zeta&grade=excellent&origin=official' });
    expect(byGrade.json<SearchResult>().items.map((item) => item._id)).toContain(insertedId);

    // A new photo waits for the admin again: the approved one no longer counts, on the cached page too.
    const again = await seller.request({
      method: 'PUT',
      url: `/api/products/${insertedId}/verification-photo`,
      payload: { photo: await uploadPhoto(seller) },
    });
    expect(again.statusCode).toBe(200);
    expect((await publicProduct(insertedId)).json<Product>().trust.photoVerified).toBe(false);
    const verifiedOnly = await t.app.inject({ url: '/api/search?q=zeta&photoVerified=true' });
    expect(verifiedOnly.json<SearchResult>().items.map((item) => item._id)).not.toContain(insertedId);
  });

  it('is rejected with a reason the seller sees', async () => {
    const { insertedId } = await listWithImei(seller, freshImei());
    await seller.request({
      method: 'PUT',
      url: `/api/products/${insertedId}/verification-photo`,
      payload: { photo: await uploadPhoto(seller) },
    });
    const noReason = await admin.request({
      method: 'PUT',
      url: `/api/admin/verification-photos/${insertedId}/reject`,
      payload: { reason: ' ' },
    });
    expect(noReason.statusCode).toBe(400);
    await admin.request({
      method: 'PUT',
      url: `/api/admin/verification-photos/${insertedId}/reject`,
      payload: { reason: 'The code on the paper is not readable' },
    });
    expect((await mine(seller, insertedId)).ownTrust).toMatchObject({
      photoState: 'rejected',
      photoRejectedFor: 'The code on the paper is not readable',
    });
  });
});

describe('not as described', () => {
  it('is reported by the buyer of an accepted deal against an item, once, and read by the admin', async () => {
    const { insertedId } = await listWithImei(seller, freshImei());
    const booked = await buyer.request({
      method: 'POST',
      url: '/api/store/booking/product',
      payload: { productId: insertedId, phoneNumber: '01711223344', meetLocation: 'Dhaka' },
    });
    const bookingId = booked.json<{ insertedId: string }>().insertedId;
    const report = { item: 'cameras', details: 'The back camera shows a black picture' };
    const early = await buyer.request({
      method: 'POST',
      url: `/api/bookings/${bookingId}/not-as-described`,
      payload: report,
    });
    expect(early.statusCode).toBe(409);
    await seller.request({ method: 'PUT', url: `/api/bookings/${bookingId}/accept` });
    const byOther = await otherSeller.request({
      method: 'POST',
      url: `/api/bookings/${bookingId}/not-as-described`,
      payload: report,
    });
    expect(byOther.statusCode).toBe(403);
    const made = await buyer.request({
      method: 'POST',
      url: `/api/bookings/${bookingId}/not-as-described`,
      payload: report,
    });
    expect(made.statusCode).toBe(201);
    const twice = await buyer.request({
      method: 'POST',
      url: `/api/bookings/${bookingId}/not-as-described`,
      payload: report,
    });
    expect(twice.statusCode).toBe(409);
    const reports = (await admin.request({ url: '/api/admin/not-as-described' })).json<NotAsDescribedReport[]>();
    expect(reports[0]).toMatchObject({ productId: insertedId, item: 'cameras', details: report.details });
  });
});

describe('a phone graded For parts', () => {
  const booking = (productId: string, extra: object = {}) => ({
    method: 'POST' as const,
    url: '/api/store/booking/product',
    payload: { productId, phoneNumber: '01711223344', meetLocation: 'Dhaka', ...extra },
  });

  it('is booked only with the buyer’s forParts acknowledgement; other phones ignore it', async () => {
    const { insertedId } = await listWithImei(seller, freshImei(), { conditionGrade: 'for_parts' });
    const partsBuyer = await registerActor(t.app, 'buyer');
    for (const extra of [{}, { forParts: false }]) {
      const refused = await partsBuyer.request(booking(insertedId, extra));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        message: FOR_PARTS_REQUIRED,
        fields: { forParts: FOR_PARTS_REQUIRED },
      });
    }
    const booked = await partsBuyer.request(booking(insertedId, { forParts: true }));
    expect(booked.statusCode, booked.body).toBe(201);

    // The spec's client never sends the field: a working phone books as before, with it or without.
    const working = await listWithImei(seller, freshImei(), { conditionGrade: 'fair' });
    expect((await partsBuyer.request(booking(working.insertedId))).statusCode).toBe(201);
    const other = await listWithImei(seller, freshImei(), { conditionGrade: 'good' });
    expect((await partsBuyer.request(booking(other.insertedId, { forParts: true }))).statusCode).toBe(201);
  });

  it('takes an offer only with the same acknowledgement, so the accepted booking never skips it', async () => {
    const { insertedId } = await listWithImei(seller, freshImei(), { conditionGrade: 'for_parts' });
    const partsBuyer = await registerActor(t.app, 'buyer');
    const started = await partsBuyer.request({
      method: 'POST',
      url: '/api/conversations',
      payload: { productId: insertedId },
    });
    const conversationId = started.json<{ _id: string }>()._id;
    const details = await partsBuyer.request({ url: `/api/conversations/${conversationId}` });
    expect(details.json<ConversationDetails>().forParts).toBe(true);
    const price = Math.round((await publicProduct(insertedId)).json<Product>().resalePrice * 0.9);
    const offers = `/api/conversations/${conversationId}/offers`;
    const refused = await partsBuyer.request({ method: 'POST', url: offers, payload: { price } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { forParts: FOR_PARTS_REQUIRED } });
    const made = await partsBuyer.request({ method: 'POST', url: offers, payload: { price, forParts: true } });
    expect(made.statusCode, made.body).toBe(201);
    const accepted = await seller.request({ method: 'PUT', url: `/api/offers/${made.json<Offer>()._id}/accept` });
    expect(accepted.json<Offer>().status).toBe('accepted');

    const working = await listWithImei(seller, freshImei());
    const chat = await partsBuyer.request({
      method: 'POST',
      url: '/api/conversations',
      payload: { productId: working.insertedId },
    });
    const workingId = chat.json<{ _id: string }>()._id;
    expect(
      (await partsBuyer.request({ url: `/api/conversations/${workingId}` })).json<ConversationDetails>().forParts,
    ).toBe(false);
  });
});

it('never puts a full IMEI in an answer or a log line', async () => {
  const imei = freshImei();
  const { insertedId } = await listWithImei(seller, imei);
  await listWithImei(otherSeller, imei);
  const answers = await Promise.all([
    publicProduct(insertedId),
    seller.request({ url: `/api/products?email=${encodeURIComponent(seller.email)}&limit=100` }),
    admin.request({ url: '/api/admin/listing-reviews?limit=100' }),
    t.app.inject({ url: '/api/search?q=&limit=100' }),
    t.app.inject({ url: '/api/all/phones?limit=100' }),
  ]);
  for (const answer of answers) expect(answer.body).not.toContain(imei);
  const rows = await t.db.selectFrom('products').selectAll().where('id', '=', insertedId).execute();
  expect(JSON.stringify(rows)).not.toContain(imei);
  expect(logLines.length).toBeGreaterThan(0);
  expect(logLines.join('\n')).not.toContain(imei);
});
