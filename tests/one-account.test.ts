import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserSchema, type CurrentUser } from '#shared/auth';
import { buyerOrderSchema } from '#shared/bookings';
import { userSchema, type User } from '#shared/users';
import { removeUnusedUploads, UNUSED_UPLOAD_MAX_AGE_MS } from '#server/housekeeping';
import { newId } from '#server/db/ids';
import { createTestApp, type TestApp } from './support/app';
import { adminActor, registerActor, signUpOnly, type Actor } from './support/actors';
import { tryBooking } from './support/deal';
import { verifyByMail } from './support/mail';
import { listProduct, uploadPhoto } from './support/products';

/*
 * One account buys and sells (docs/accounts.md, "One account"): a buyer starts selling, a seller
 * books other sellers' phones, the spec's calls keep answering as the spec's client expects, and a
 * profile photo is optional (uploaded, a link, or drawn).
 */

let t: TestApp;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp({}, { uploadRateLimit: 1000 });
  admin = await adminActor(t.app, t.db);
});
afterAll(() => t.close());

const enc = encodeURIComponent;
const START = { name: 'Rahim Uddin', phoneNumber: '01711 223344', acceptTerms: true };

const startSelling = (actor: Actor, payload: object = START) =>
  actor.request({ method: 'POST', url: '/api/account/start-selling', payload });

const me = async (actor: Actor): Promise<CurrentUser> =>
  currentUserSchema.parse((await actor.request({ method: 'GET', url: '/api/auth/me' })).json());

const roles = async (actor: Actor) => {
  const ask = async (role: string) =>
    (await actor.request({ method: 'GET', url: `/api/${role}/${enc(actor.email)}` })).json<Record<string, boolean>>();
  return { ...(await ask('admin')), ...(await ask('seller')), ...(await ask('buyer')) };
};

async function listed(role: 'buyers' | 'sellers'): Promise<User[]> {
  const response = await admin.request({ method: 'GET', url: `/api/${role}?limit=100` });
  return userSchema.array().parse(response.json());
}

describe('a buyer starts selling', () => {
  it('becomes a seller, keeps buying, lists a phone, and shows as a seller in the admin lists', async () => {
    const person = await registerActor(t.app, 'buyer');
    expect(await roles(person)).toEqual({ isAdmin: false, isSeller: false, isBuyer: true });
    const before = await listProduct(person).catch((error: Error) => error.message);
    expect(before).toContain('403');

    const started = await startSelling(person);
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({ message: 'You can sell now: add your first phone.' });
    expect(await roles(person)).toEqual({ isAdmin: false, isSeller: true, isBuyer: true });
    const account = await me(person);
    expect(account).toMatchObject({ displayName: 'Rahim Uddin', phoneNumber: '01711 223344' });

    const productId = await listProduct(person);
    const product = (await t.app.inject({ url: `/api/addvertise/product/${productId}` })).json();
    expect(product).toMatchObject({ sellerName: 'Rahim Uddin', sellerEmail: person.email, sellerIsVerified: false });

    // The spec's role field: a seller who buys is a seller there, and unverified like every new seller.
    const asSeller = (await listed('sellers')).find((u) => u.email === person.email);
    expect(asSeller).toMatchObject({ role: 'seller', verified: false });
    expect((await listed('buyers')).some((u) => u.email === person.email)).toBe(false);
    const check = await t.app.inject({ url: `/api/checkSellerVerify?email=${enc(person.email)}` });
    expect(check.json()).toEqual({ verified: false });
  });

  it('needs a verified email address first, and the seller fields', async () => {
    const person = await registerActor(t.app, 'buyer', { verifyEmail: false });
    const early = await startSelling(person);
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('EMAIL_NOT_VERIFIED');
    expect(await roles(person)).toMatchObject({ isSeller: false });

    await verifyByMail(t.app, person.email);
    const blank = await startSelling(person, { name: ' ', phoneNumber: 'call me', acceptTerms: false });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual({
      name: ' Name is required !',
      phoneNumber: 'Enter a phone number of 7 to 15 digits',
      acceptTerms: 'Please accept the Terms & Conditions to sell on PhoneHaat',
    });
    expect((await startSelling(person)).statusCode).toBe(200);
  });

  it('takes no role, identity or verified flag from the body, and a seller may update its fields', async () => {
    const seller = await registerActor(t.app, 'seller');
    const again = await startSelling(seller, {
      ...START,
      phoneNumber: '01911000111',
      role: 'admin',
      verified: true,
      email: 'someone.else@example.test',
    });
    expect(again.statusCode).toBe(200);
    expect(await roles(seller)).toEqual({ isAdmin: false, isSeller: true, isBuyer: true });
    expect((await me(seller)).email).toBe(seller.email);
    expect((await me(seller)).phoneNumber).toBe('01911000111');
    expect((await listed('sellers')).find((u) => u.email === seller.email)?.verified).toBe(false);
  });

  it('is not for the admin or a visitor', async () => {
    const byAdmin = await startSelling(admin);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe('An admin account cannot sell: use an account of your own');
    expect(await roles(admin)).toEqual({ isAdmin: true, isSeller: false, isBuyer: false });
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/account/start-selling', payload: START });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a seller buys', () => {
  it("books another seller's phone, sees it in My orders, and the other seller answers it", async () => {
    const [shopkeeper, other] = await Promise.all([registerActor(t.app, 'seller'), registerActor(t.app, 'seller')]);
    const theirs = await listProduct(other);
    const booked = await tryBooking(shopkeeper, theirs);
    expect(booked.statusCode).toBe(201);
    const bookingId = booked.json<{ insertedId: string }>().insertedId;

    const orders = await shopkeeper.request({ url: `/api/orders?email=${enc(shopkeeper.email)}` });
    expect(orders.statusCode).toBe(200);
    const [order] = buyerOrderSchema.array().parse(orders.json());
    expect(order).toMatchObject({ _id: bookingId, status: 'requested' });

    const accepted = await other.request({ method: 'PUT', url: `/api/bookings/${bookingId}/accept` });
    expect(accepted.json()).toEqual({ _id: bookingId, status: 'accepted' });
    // Their own requests list holds only requests on their phones, not what they booked.
    const requests = await shopkeeper.request({ url: '/api/bookings/requests' });
    expect(requests.json()).toEqual([]);
  });

  it('never books its own phone, whichever way the phone is named', async () => {
    const seller = await registerActor(t.app, 'seller');
    const productId = await listProduct(seller);
    const own = await tryBooking(seller, productId);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ message: 'This is your own phone: you cannot book it', code: 'FORBIDDEN' });
    // The spec's client names the phone by its picture only.
    const { productImg } = (await t.app.inject({ url: `/api/addvertise/product/${productId}` })).json();
    const byPicture = await seller.request({
      method: 'POST',
      url: '/api/store/booking/product',
      payload: { productImg, phoneNumber: '01811223344', meetLocation: 'Rangpur' },
    });
    expect(byPicture.statusCode).toBe(403);
    const orders = await seller.request({ url: `/api/orders?email=${enc(seller.email)}` });
    expect(orders.json()).toEqual([]);
  });

  it("a buyer turned seller books a registered seller's phone, and that seller books theirs", async () => {
    const [convert, seller] = await Promise.all([registerActor(t.app, 'buyer'), registerActor(t.app, 'seller')]);
    await startSelling(convert);
    const [convertsPhone, sellersPhone] = await Promise.all([listProduct(convert), listProduct(seller)]);
    expect((await tryBooking(convert, sellersPhone)).statusCode).toBe(201);
    expect((await tryBooking(seller, convertsPhone)).statusCode).toBe(201);
    expect((await tryBooking(convert, convertsPhone)).statusCode).toBe(403);
    const requests = await convert.request({ url: '/api/bookings/requests' });
    expect(requests.json()).toEqual([expect.objectContaining({ productId: convertsPhone, status: 'requested' })]);
  });
});

describe('a profile photo is optional', () => {
  /** Signs up and stores the profile as the register form does, with `photoURL` as given (or none). */
  async function signUp(photoURL?: string | ((actor: Actor) => Promise<string>)) {
    const email = `photo.${newId()}@example.test`;
    const headers = await signUpOnly(t.app, email);
    const asSession = {
      request: (options: Parameters<Actor['request']>[0]) =>
        t.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...headers } }),
    } as Actor;
    const photo = typeof photoURL === 'function' ? await photoURL(asSession) : photoURL;
    const added = await asSession.request({
      method: 'POST',
      url: '/api/addUser',
      payload: { name: 'Nusrat Jahan', email, role: 'buyer', ...(photo === undefined ? {} : { photoURL: photo }) },
    });
    return { added, account: asSession };
  }

  it('without one, the account gets an avatar drawn here with its initials', async () => {
    const { added, account } = await signUp();
    expect(added.statusCode).toBe(200);
    const { photoURL } = await me(account);
    expect(photoURL).toMatch(/^\/uploads\/avatar-[0-9a-f]{24}\.webp$/);
    const picture = await t.app.inject({ url: photoURL! });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
  });

  it('one uploaded from the device during sign-up is kept, by housekeeping too', async () => {
    const { added, account } = await signUp(uploadPhoto);
    expect(added.statusCode).toBe(200);
    const { photoURL } = await me(account);
    expect(photoURL).toMatch(/^\/uploads\/[0-9a-f]{24}\.webp$/);
    // A day later no listing uses the upload, yet it is someone's photo.
    await removeUnusedUploads(t.app.deps, new Date(Date.now() + UNUSED_UPLOAD_MAX_AGE_MS + 60_000));
    expect((await t.app.inject({ url: photoURL! })).statusCode).toBe(200);
  });

  it("a link is the spec's photo URL; another account's upload or any other local path is refused", async () => {
    const link = 'https://images.example.test/nusrat.jpg';
    const { account } = await signUp(link);
    expect((await me(account)).photoURL).toBe(link);

    const stranger = await registerActor(t.app, 'seller');
    const theirs = await uploadPhoto(stranger);
    for (const photoURL of [theirs, '/uploads/../data/phonehaat.sqlite', '/api/health']) {
      const { added } = await signUp(photoURL);
      expect(added.statusCode, photoURL).toBe(400);
      expect(Object.keys(added.json().fields), photoURL).toEqual(['photoURL']);
    }
  });
});

describe('Account settings: POST /api/auth/update', () => {
  const update = (actor: Actor, payload: object) => actor.request({ method: 'POST', url: '/api/auth/update', payload });

  it('saves a name alone and keeps the photo, the drawn avatar of a demo-style account included', async () => {
    const person = await registerActor(t.app, 'buyer');
    const { photoURL } = await me(person);
    const renamed = await update(person, { displayName: 'A New Name' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ displayName: 'A New Name', photoURL });
    // The form sends the photo it shows back unchanged: its own /uploads/ path is accepted.
    await t.db
      .updateTable('users')
      .set({ photo_url: '/uploads/avatar-x.webp' })
      .where('email', '=', person.email)
      .execute();
    const same = await update(person, { displayName: 'Again', photoURL: '/uploads/avatar-x.webp' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ displayName: 'Again', photoURL: '/uploads/avatar-x.webp' });
  });

  it("takes the account's own upload as the new photo, never someone else's", async () => {
    const [person, stranger] = await Promise.all([registerActor(t.app, 'buyer'), registerActor(t.app, 'buyer')]);
    const mine = await uploadPhoto(person);
    const changed = await update(person, { displayName: 'Photo Person', photoURL: mine });
    expect(changed.json()).toMatchObject({ photoURL: mine });
    const theirs = await uploadPhoto(stranger);
    const refused = await update(person, { displayName: 'Photo Person', photoURL: theirs });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'This photo is not one you uploaded' });
    expect((await me(person)).photoURL).toBe(mine);
  });
});

describe('stopping an advertisement: DELETE /api/advertise/product/{id}', () => {
  it('takes the phone out of the Advertised Phone section, for its own seller only', async () => {
    const [seller, other] = await Promise.all([registerActor(t.app, 'seller'), registerActor(t.app, 'seller')]);
    const productId = await listProduct(seller);
    await seller.request({ method: 'PUT', url: `/api/advertise/product/${productId}` });
    const advertised = async () =>
      (await t.app.inject({ url: '/api/advertised_products?limit=100' })).json<Array<{ _id: string }>>();
    expect((await advertised()).some((p) => p._id === productId)).toBe(true);

    const byOther = await other.request({ method: 'DELETE', url: `/api/advertise/product/${productId}` });
    expect(byOther.statusCode).toBe(403);
    const stopped = await seller.request({ method: 'DELETE', url: `/api/advertise/product/${productId}` });
    expect(stopped.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    expect((await advertised()).some((p) => p._id === productId)).toBe(false);
    const again = await seller.request({ method: 'DELETE', url: `/api/advertise/product/${productId}` });
    expect(again.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 0 });
    const mine = await seller.request({ url: `/api/products?email=${enc(seller.email)}` });
    expect(mine.json()[0]).toMatchObject({ _id: productId, advertiseStatus: false });
    // It may be advertised again.
    const back = await seller.request({ method: 'PUT', url: `/api/advertise/product/${productId}` });
    expect(back.json()).toMatchObject({ modifiedCount: 1 });
    expect((await seller.request({ method: 'DELETE', url: `/api/advertise/product/${newId()}` })).statusCode).toBe(404);
  });
});

describe("the spec's calls answer as before for a buyer and a seller", () => {
  it('role checks, the token, the profile and the admin lists', async () => {
    const [buyer, seller] = await Promise.all([registerActor(t.app, 'buyer'), registerActor(t.app, 'seller')]);
    expect(await roles(buyer)).toEqual({ isAdmin: false, isSeller: false, isBuyer: true });
    expect(await roles(seller)).toEqual({ isAdmin: false, isSeller: true, isBuyer: true });
    for (const actor of [buyer, seller]) {
      const jwt = await actor.request({ url: `/api/jwt?email=${enc(actor.email)}` });
      expect(Object.keys(jwt.json())).toEqual(['accessToken']);
      // A second POST /addUser cannot switch roles either way.
      const again = await actor.request({
        method: 'POST',
        url: '/api/addUser',
        payload: { name: 'Switcher', email: actor.email, role: actor === buyer ? 'seller' : 'buyer' },
      });
      expect(again.json()).toEqual({ acknowledged: true, insertedId: actor.user.uid });
    }
    expect(await roles(buyer)).toMatchObject({ isSeller: false });
    expect(await roles(seller)).toMatchObject({ isSeller: true });
    const [buyers, sellers] = await Promise.all([listed('buyers'), listed('sellers')]);
    expect(buyers.find((u) => u.email === buyer.email)?.role).toBe('buyer');
    expect(sellers.find((u) => u.email === seller.email)?.role).toBe('seller');
    expect(buyers.some((u) => u.email === seller.email)).toBe(false);
    // A seller who buys is still deleted from the sellers' list, not the buyers'.
    const asBuyer = await admin.request({ method: 'DELETE', url: `/api/buyers/${seller.user.uid}` });
    expect(asBuyer.statusCode).toBe(404);
  });
});
