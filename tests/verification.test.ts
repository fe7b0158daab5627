import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationRequestSchema, type VerificationRequest } from '#shared/users';
import { createTestApp, type TestApp } from './support/app';
import { adminActor, registerActor, type Actor } from './support/actors';

let t: TestApp;
let buyer: Actor;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await registerActor(t.app, 'buyer');
  admin = await adminActor(t.app, t.db);
});
afterAll(() => t.close());

const apply = (
  seller: Actor,
  body: object = { name: seller.user.displayName, email: seller.email, photoURL: seller.user.photoURL },
) => seller.request({ method: 'POST', url: '/api/seller/verification', payload: body });

async function pendingRequests(query = ''): Promise<VerificationRequest[]> {
  const response = await admin.request({ method: 'GET', url: `/api/unverifiedsellers${query}` });
  expect(response.statusCode).toBe(200);
  return verificationRequestSchema.array().parse(response.json());
}

const emailsOf = (requests: VerificationRequest[]) => requests.map((r) => r.email);

const verify = (email: string) =>
  admin.request({ method: 'PUT', url: `/api/verify_seller?email=${encodeURIComponent(email)}` });
const deleteRequest = (actor: Actor, email: string) =>
  actor.request({ method: 'GET', url: `/api/deleteSellerVerification?email=${encodeURIComponent(email)}` });

describe('POST /api/seller/verification', () => {
  it("files the seller's request with name, email and picture from the account, not the body", async () => {
    const seller = await registerActor(t.app, 'seller', { name: 'Karim Ahmed' });
    const response = await apply(seller, {
      name: 'Fake Name',
      email: seller.email,
      photoURL: 'https://evil.example/me.png',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ acknowledged: true, insertedId: expect.stringMatching(/^[0-9a-f]{24}$/) });

    const mine = (await pendingRequests('?limit=100')).find((r) => r.email === seller.email);
    expect(mine).toEqual({
      _id: response.json().insertedId,
      userId: seller.user.uid,
      name: 'Karim Ahmed',
      email: seller.email,
      photoURL: seller.user.photoURL,
      requestedAt: expect.any(String),
    });
  });

  it('accepts a body without any fields: the session says who applies', async () => {
    const seller = await registerActor(t.app, 'seller');
    expect((await apply(seller, {})).statusCode).toBe(201);
  });

  it('refuses a second request with a 409 that says why', async () => {
    const seller = await registerActor(t.app, 'seller');
    await apply(seller);
    const again = await apply(seller);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'You have already applied for verification. Please wait until an admin checks it.',
      code: 'ALREADY_EXISTS',
    });
  });

  it('keeps one request when a seller applies twice at once', async () => {
    const seller = await registerActor(t.app, 'seller');
    const answers = await Promise.all([apply(seller), apply(seller)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  it('refuses a seller who is verified already', async () => {
    const seller = await registerActor(t.app, 'seller');
    await verify(seller.email);
    const response = await apply(seller);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'You are a verified seller already', code: 'CONFLICT' });
  });

  it("refuses someone else's email, buyers, admins and anonymous callers", async () => {
    const seller = await registerActor(t.app, 'seller');
    const other = await apply(seller, { name: 'x', email: buyer.email, photoURL: 'https://example.test/a.png' });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: 'You can only do this for your own account', code: 'FORBIDDEN' });
    expect((await apply(buyer)).statusCode).toBe(403);
    expect((await apply(admin, {})).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/seller/verification', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 400 with field messages for a malformed body', async () => {
    const seller = await registerActor(t.app, 'seller');
    const response = await apply(seller, { name: 5, email: 'x'.repeat(300) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { name: expect.any(String), email: expect.any(String) },
    });
  });
});

describe('GET /api/unverifiedsellers', () => {
  it('lists pending requests oldest first, without sellers verified meanwhile, paged', async () => {
    const fresh = await createTestApp();
    try {
      const freshAdmin = await adminActor(fresh.app, fresh.db);
      const sellers: Actor[] = [];
      for (let i = 0; i < 3; i++) {
        const seller = await registerActor(fresh.app, 'seller');
        await seller.request({ method: 'POST', url: '/api/seller/verification', payload: {} });
        sellers.push(seller);
      }
      const list = (query: string) => freshAdmin.request({ method: 'GET', url: `/api/unverifiedsellers${query}` });

      const all = await list('');
      expect(all.headers['x-total-count']).toBe('3');
      expect(emailsOf(all.json())).toEqual(sellers.map((s) => s.email));

      const page = await list('?limit=2');
      expect(page.json()).toHaveLength(2);
      expect(page.headers.link).toBe('</api/unverifiedsellers?limit=2&page=2>; rel="next"');

      await freshAdmin.request({
        method: 'PUT',
        url: `/api/verify_seller?email=${encodeURIComponent(sellers[1]!.email)}`,
      });
      const after = await list('');
      expect(emailsOf(after.json())).toEqual([sellers[0]!.email, sellers[2]!.email]);
      expect(after.headers['x-total-count']).toBe('2');
    } finally {
      await fresh.close();
    }
  });

  it('is for admins only', async () => {
    const seller = await registerActor(t.app, 'seller');
    expect((await seller.request({ method: 'GET', url: '/api/unverifiedsellers' })).statusCode).toBe(403);
    expect((await buyer.request({ method: 'GET', url: '/api/unverifiedsellers' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/unverifiedsellers' })).statusCode).toBe(401);
  });
});

describe('GET /api/deleteSellerVerification?email=', () => {
  it("removes that seller's request after the verification, as the client calls it", async () => {
    const seller = await registerActor(t.app, 'seller');
    await apply(seller);
    expect((await verify(seller.email)).json()).toMatchObject({ modifiedCount: 1 });
    const deleted = await deleteRequest(admin, seller.email.toUpperCase());
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    const rows = await t.db
      .selectFrom('verification_requests')
      .select('id')
      .where('user_id', '=', seller.user.uid)
      .execute();
    expect(rows).toEqual([]);
  });

  it('answers deletedCount 0 when there is no request, so verifying a seller who never applied still succeeds', async () => {
    const seller = await registerActor(t.app, 'seller');
    await verify(seller.email);
    expect((await deleteRequest(admin, seller.email)).json()).toEqual({ acknowledged: true, deletedCount: 0 });
    expect((await deleteRequest(admin, 'nobody@example.test')).json()).toEqual({ acknowledged: true, deletedCount: 0 });
  });

  it('is for admins only, and a refused call leaves the request', async () => {
    const seller = await registerActor(t.app, 'seller');
    await apply(seller);
    expect((await deleteRequest(seller, seller.email)).statusCode).toBe(403);
    expect((await deleteRequest(buyer, seller.email)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/deleteSellerVerification?email=${encodeURIComponent(seller.email)}`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(emailsOf(await pendingRequests('?limit=100'))).toContain(seller.email);
  });
});

describe('GET /api/seller/verification', () => {
  const status = async (seller: Actor) => {
    const response = await seller.request({ method: 'GET', url: '/api/seller/verification' });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it("follows the seller's own request from none, to waiting, to verified", async () => {
    const seller = await registerActor(t.app, 'seller');
    expect(await status(seller)).toEqual({ verified: false, requestedAt: null });

    await apply(seller);
    const waiting = await status(seller);
    expect(waiting).toEqual({ verified: false, requestedAt: expect.any(String) });
    expect(Number.isNaN(Date.parse(waiting.requestedAt))).toBe(false);

    expect((await verify(seller.email)).statusCode).toBe(200);
    expect(await status(seller)).toEqual({ verified: true, requestedAt: null });
  });

  it('is for sellers only', async () => {
    const response = await buyer.request({ method: 'GET', url: '/api/seller/verification' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: expect.any(String) });
  });
});
