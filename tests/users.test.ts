import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { orderSchema } from '#shared/bookings';
import { PROFILE_PHOTO_MESSAGE_ID } from '#shared/common';
import { translate } from '#shared/i18n/translate';
import { messages } from '#shared/messages';
import { userSchema, type User } from '#shared/users';
import { newId } from '#server/db/ids';
import { adminActor, registerActor, signUpOnly, type Actor } from './support/actors';
import { createTestApp } from './support/app';
import { useTestApp } from './support/harness';
import { listProduct } from './support/products';
import { bookPhone } from './support/deal';

const { t, seller, buyer, admin } = useTestApp({ seller: 'seller', buyer: 'buyer', admin: 'admin' });

const enc = encodeURIComponent;

/** A signed-up account that has not stored its profile yet, as the register form leaves it between its two calls. */
async function freshAccount(email = `fresh.${newId()}@example.test`) {
  const headers = await signUpOnly(t.app, email);
  return {
    email,
    addUser: (payload: object) => t.app.inject({ method: 'POST', url: '/api/addUser', payload, headers }),
  };
}

const profile = (email: string, role = 'buyer') => ({
  name: 'Sadia Akter',
  email,
  role,
  photoURL: 'https://i.pravatar.cc/150?u=sadia',
});

async function usersOf(role: 'buyers' | 'sellers', query = '?limit=100'): Promise<User[]> {
  const response = await admin.request({ method: 'GET', url: `/api/${role}${query}` });
  expect(response.statusCode).toBe(200);
  return userSchema.array().parse(response.json());
}

const roleCheck = (actor: Actor | null, role: string, email: string) =>
  (actor ? actor.request.bind(actor) : t.app.inject.bind(t.app))({
    method: 'GET',
    url: `/api/${role}/${enc(email)}`,
  }).then((r) => r.json());

describe('POST /api/addUser', () => {
  it("stores the signed-in account's profile; a seller starts unverified whatever the body says", async () => {
    const account = await freshAccount();
    const response = await account.addUser({ ...profile(account.email, 'seller'), verified: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ acknowledged: true, insertedId: expect.stringMatching(/^[0-9a-f]{24}$/) });
    const stored = (await usersOf('sellers')).find((u) => u.email === account.email);
    expect(stored).toEqual({
      _id: response.json().insertedId,
      name: 'Sadia Akter',
      email: account.email,
      photoURL: 'https://i.pravatar.cc/150?u=sadia',
      role: 'seller',
      verified: false,
    });
  });

  it('does not make a second user or switch the role when called again', async () => {
    const account = await freshAccount();
    const first = await account.addUser(profile(account.email, 'buyer'));
    const second = await account.addUser({ ...profile(account.email, 'seller'), name: 'New Name' });
    expect(second.json().insertedId).toBe(first.json().insertedId);
    const buyers = (await usersOf('buyers')).filter((u) => u.email === account.email);
    expect(buyers).toEqual([expect.objectContaining({ role: 'buyer', name: 'New Name' })]);
    expect((await usersOf('sellers')).some((u) => u.email === account.email)).toBe(false);
  });

  it('refuses another email, an admin role and anonymous callers', async () => {
    const account = await freshAccount();
    const other = await account.addUser(profile(buyer.email));
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: 'You can only do this for your own account', code: 'FORBIDDEN' });

    const asAdmin = await account.addUser(profile(account.email, 'admin'));
    expect(asAdmin.statusCode).toBe(400);
    expect(asAdmin.json().fields).toEqual({ role: messages.registerRoleRequired });

    const anonymous = await t.app.inject({ method: 'POST', url: '/api/addUser', payload: profile('x@example.test') });
    expect(anonymous.statusCode).toBe(401);
  });

  it("answers the spec's field messages for a blank form", async () => {
    const account = await freshAccount();
    const response = await account.addUser({ name: ' ', email: '', photoURL: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      name: messages.registerNameRequired,
      email: messages.registerEmailRequired,
      role: messages.registerRoleRequired,
    });
    const script = await account.addUser({ ...profile(account.email), photoURL: 'javascript:alert(1)' });
    expect(script.json().fields).toEqual({ photoURL: translate('en', PROFILE_PHOTO_MESSAGE_ID) });
  });
});

describe('GET /api/admin|seller|buyer/:email', () => {
  it("answers true only for the caller's own email and role", async () => {
    expect(await roleCheck(seller, 'seller', seller.email)).toEqual({ isSeller: true });
    expect(await roleCheck(seller, 'seller', seller.email.toUpperCase())).toEqual({ isSeller: true });
    // Every account but the admin's can buy: a seller is a buyer too.
    expect(await roleCheck(seller, 'buyer', seller.email)).toEqual({ isBuyer: true });
    expect(await roleCheck(seller, 'admin', seller.email)).toEqual({ isAdmin: false });
    expect(await roleCheck(buyer, 'buyer', buyer.email)).toEqual({ isBuyer: true });
    expect(await roleCheck(buyer, 'seller', buyer.email)).toEqual({ isSeller: false });
    expect(await roleCheck(admin, 'admin', admin.email)).toEqual({ isAdmin: true });
    expect(await roleCheck(admin, 'buyer', admin.email)).toEqual({ isBuyer: false });
  });

  it("reads false for anyone else's email and without a session", async () => {
    expect(await roleCheck(buyer, 'seller', seller.email)).toEqual({ isSeller: false });
    expect(await roleCheck(seller, 'admin', admin.email)).toEqual({ isAdmin: false });
    expect(await roleCheck(null, 'admin', admin.email)).toEqual({ isAdmin: false });
    expect(await roleCheck(null, 'buyer', buyer.email)).toEqual({ isBuyer: false });
  });
});

describe('GET /api/checkSellerVerify?email=', () => {
  it('answers whether that seller is verified, for anyone', async () => {
    const check = async (email: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/checkSellerVerify?email=${enc(email)}` })).json();
    const newcomer = await registerActor(t.app, 'seller');
    expect(await check(newcomer.email)).toEqual({ verified: false });
    await admin.request({ method: 'PUT', url: `/api/verify_seller?email=${enc(newcomer.email)}` });
    expect(await check(newcomer.email)).toEqual({ verified: true });
    expect(await check(buyer.email)).toEqual({ verified: false });
    expect(await check('nobody@example.test')).toEqual({ verified: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/checkSellerVerify' })).json()).toEqual({ verified: false });
  });
});

describe('GET /api/buyers and /api/sellers', () => {
  it('lists each role newest first, paged, for the admin', async () => {
    const fresh = await createTestApp();
    try {
      const freshAdmin = await adminActor(fresh.app, fresh.db);
      const buyers: Actor[] = [];
      for (let i = 0; i < 3; i++) buyers.push(await registerActor(fresh.app, 'buyer'));
      await registerActor(fresh.app, 'seller');
      const list = (url: string) => freshAdmin.request({ method: 'GET', url });

      const all = userSchema.array().parse((await list('/api/buyers')).json());
      expect(all.map((u) => u.email)).toEqual(buyers.map((b) => b.email).reverse());
      expect(all.every((u) => u.role === 'buyer')).toBe(true);

      const page = await list('/api/buyers?limit=2');
      expect(page.headers['x-total-count']).toBe('3');
      expect(page.headers.link).toContain('page=2');
      expect(page.json()).toHaveLength(2);

      const sellers = userSchema.array().parse((await list('/api/sellers')).json());
      expect(sellers).toEqual([expect.objectContaining({ role: 'seller', verified: false })]);
    } finally {
      await fresh.close();
    }
  });

  it('is for admins only', async () => {
    for (const path of ['/api/buyers', '/api/sellers']) {
      expect((await seller.request({ method: 'GET', url: path })).statusCode).toBe(403);
      expect((await buyer.request({ method: 'GET', url: path })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
    }
  });
});

describe('DELETE /api/buyers/:id', () => {
  it('deletes the buyer, ends their sessions and takes their bookings out of every list', async () => {
    const doomed = await registerActor(t.app, 'buyer');
    const productId = await listProduct(seller);
    await bookPhone(doomed, productId, 'Rangpur');
    await doomed.request({ method: 'POST', url: '/api/report/product', payload: { product_id: productId } });

    const response = await admin.request({ method: 'DELETE', url: `/api/buyers/${doomed.user.uid}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ acknowledged: true, deletedCount: 1 });

    expect((await usersOf('buyers')).some((u) => u.email === doomed.email)).toBe(false);
    expect((await doomed.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: doomed.cookie } })).statusCode,
    ).toBe(401);
    const bookings = await t.db.selectFrom('bookings').select('buyer_id').where('product_id', '=', productId).execute();
    expect(bookings).toEqual([{ buyer_id: null }]);
    const reports = await admin.request({ method: 'GET', url: '/api/all/reported/products?limit=100' });
    expect(reports.json().some((r: { product_id: string }) => r.product_id === productId)).toBe(false);
  });

  it('answers 404 for a seller, an unknown or a malformed id', async () => {
    for (const id of [seller.user.uid, newId(), 'nope']) {
      const response = await admin.request({ method: 'DELETE', url: `/api/buyers/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Buyer not found', code: 'NOT_FOUND' });
    }
  });
});

describe('DELETE /api/sellers/:id', () => {
  it("deletes the seller with their products, reports, verification request and pictures, keeping the buyers' orders", async () => {
    const doomed = await registerActor(t.app, 'seller');
    const productId = await listProduct(doomed);
    const unbookedId = await listProduct(doomed);
    const picturesOf = async (id: string) => {
      const { image_id } = await t.db
        .selectFrom('products')
        .select('image_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return [join(t.dataDir, 'uploads', `${image_id}.webp`), join(t.dataDir, 'uploads', `${image_id}-thumb.webp`)];
    };
    const unbookedPictures = await picturesOf(unbookedId);
    expect(unbookedPictures.every((file) => existsSync(file))).toBe(true);
    await bookPhone(buyer, productId, 'Sylhet');
    await buyer.request({ method: 'POST', url: '/api/report/product', payload: { product_id: productId } });
    await doomed.request({ method: 'POST', url: '/api/seller/verification', payload: {} });

    const response = await admin.request({ method: 'DELETE', url: `/api/sellers/${doomed.user.uid}` });
    expect(response.json()).toEqual({ acknowledged: true, deletedCount: 1 });

    expect((await t.app.inject({ method: 'GET', url: `/api/addvertise/product/${productId}` })).statusCode).toBe(404);
    const reports = await admin.request({ method: 'GET', url: '/api/all/reported/products?limit=100' });
    expect(reports.json().some((r: { product_id: string }) => r.product_id === productId)).toBe(false);
    const requests = await admin.request({ method: 'GET', url: '/api/unverifiedsellers?limit=100' });
    expect(requests.json().some((r: { email: string }) => r.email === doomed.email)).toBe(false);
    expect(await t.db.selectFrom('uploads').select('id').where('owner_id', '=', doomed.user.uid).execute()).toEqual([]);
    expect(unbookedPictures.some((file) => existsSync(file))).toBe(false);

    // The order still shows the picture it was booked with.
    const orders = orderSchema
      .array()
      .parse((await buyer.request({ method: 'GET', url: `/api/orders?email=${enc(buyer.email)}&limit=100` })).json());
    const order = orders.find((o) => o.meetLocation === 'Sylhet');
    expect(order).toMatchObject({
      productId: null,
      productImg: expect.stringMatching(/^\/uploads\/[0-9a-f]{24}\.webp$/),
    });
    const picture = await t.app.inject({ method: 'GET', url: order!.productImg });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
  });

  it('keeps the picture of a product the seller deleted earlier when an order shows it', async () => {
    const doomed = await registerActor(t.app, 'seller');
    const productId = await listProduct(doomed);
    await bookPhone(buyer, productId, 'Khulna');
    expect((await doomed.request({ method: 'DELETE', url: `/api/delete/product/${productId}` })).statusCode).toBe(200);

    expect((await admin.request({ method: 'DELETE', url: `/api/sellers/${doomed.user.uid}` })).statusCode).toBe(200);

    const orders = orderSchema
      .array()
      .parse((await buyer.request({ method: 'GET', url: `/api/orders?email=${enc(buyer.email)}&limit=100` })).json());
    const order = orders.find((o) => o.meetLocation === 'Khulna')!;
    expect((await t.app.inject({ method: 'GET', url: order.productImg })).statusCode).toBe(200);
  });

  it('stays deleted when its pictures cannot be removed from the disk', async () => {
    const doomed = await registerActor(t.app, 'seller');
    await listProduct(doomed);
    const remove = vi.spyOn(t.images, 'remove').mockRejectedValueOnce(new Error('EACCES: permission denied'));
    onTestFinished(() => remove.mockRestore());
    const response = await admin.request({ method: 'DELETE', url: `/api/sellers/${doomed.user.uid}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(remove).toHaveBeenCalledOnce();
    expect(await t.db.selectFrom('users').select('id').where('id', '=', doomed.user.uid).execute()).toEqual([]);
    expect((await doomed.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
  });

  it('answers 404 for a buyer, an unknown or a malformed id', async () => {
    for (const id of [buyer.user.uid, newId(), '%27']) {
      expect((await admin.request({ method: 'DELETE', url: `/api/sellers/${id}` })).statusCode).toBe(404);
    }
  });

  it('is for admins only, and a refused call deletes nothing', async () => {
    const target = await registerActor(t.app, 'seller');
    for (const path of [`/api/sellers/${target.user.uid}`, `/api/buyers/${buyer.user.uid}`]) {
      expect((await seller.request({ method: 'DELETE', url: path })).statusCode).toBe(403);
      expect((await buyer.request({ method: 'DELETE', url: path })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'DELETE', url: path })).statusCode).toBe(401);
    }
    expect((await target.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    expect((await buyer.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
  });
});

describe('PUT /api/verify_seller?email=', () => {
  it('verifies a seller once; a second call changes nothing', async () => {
    const candidate = await registerActor(t.app, 'seller');
    const verify = () => admin.request({ method: 'PUT', url: `/api/verify_seller?email=${enc(candidate.email)}` });
    expect((await verify()).json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    expect((await verify()).json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 0 });
    expect((await usersOf('sellers')).find((u) => u.email === candidate.email)?.verified).toBe(true);
  });

  it('answers 404 for a buyer, an admin or an unknown email', async () => {
    for (const email of [buyer.email, admin.email, 'nobody@example.test', '']) {
      const response = await admin.request({ method: 'PUT', url: `/api/verify_seller?email=${enc(email)}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Seller not found', code: 'NOT_FOUND' });
    }
    expect((await usersOf('buyers')).find((u) => u.email === buyer.email)?.verified).toBe(false);
  });

  it('is for admins only', async () => {
    const candidate = await registerActor(t.app, 'seller');
    const url = `/api/verify_seller?email=${enc(candidate.email)}`;
    expect((await candidate.request({ method: 'PUT', url })).statusCode).toBe(403);
    expect((await buyer.request({ method: 'PUT', url })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url })).statusCode).toBe(401);
    expect((await usersOf('sellers')).find((u) => u.email === candidate.email)?.verified).toBe(false);
  });
});
