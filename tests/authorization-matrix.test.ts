import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoogleSignInRefusal } from '#server/auth/google/refusals';
import { createSession } from '#server/auth/repository';
import { CATEGORY_CATALOGUE } from '#server/start/seed/categories';
import { demoListing } from '#server/start/seed/factories';
import { phonePicture } from '#server/start/seed/pictures';
import { newId } from '#server/db/ids';
import { errorStatus } from '#server/errors';
import type { Product } from '#shared/products';
import { insertUser } from '#server/users/repository';
import { appendLog } from '#server/moderation/repository';
import { createTestApp, type TestApp } from './support/app';
import { adminActor, registerActor, type Actor } from './support/actors';
import { mailTo, RESET_SUBJECT, tokenOfLink, VERIFY_SUBJECT } from './support/mail';
import { listProduct, multipartBody, uploadPhoto } from './support/products';
import { fakeDevice } from './support/push';
import { unlistedDrops } from './support/cache-drops';

/*
 * Who may call what (API.md), as one table over every /api route. Each call gets fresh records to
 * act on; the record belongs to `seller`, so `otherSeller` shows what a seller may do to someone
 * else's record. `otherSeller` signed up as a buyer and started selling: one account on both sides
 * of the deal, so its rows show what such an account may do as a buyer and as a seller. The test
 * fails when the app has an /api route the table does not list.
 */

const ROLES = ['anonymous', 'buyer', 'seller', 'otherSeller', 'admin'] as const;
type Role = (typeof ROLES)[number];
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const everyone: readonly Role[] = ROLES;
const signedIn: readonly Role[] = ['buyer', 'seller', 'otherSeller', 'admin'];
const admin: readonly Role[] = ['admin'];
const owner: readonly Role[] = ['seller'];
const anySeller: readonly Role[] = ['seller', 'otherSeller'];
/** Every account that buys: buyers and sellers (one account buys and sells), never the admin. */
const buysAndSells: readonly Role[] = ['buyer', 'seller', 'otherSeller'];

/** What one call sends: the concrete URL of the row's path template, and a body that passes validation. */
type Call = Omit<InjectOptions, 'method'> & { url: string };

interface Row {
  method: Method;
  path: string;
  allowed: readonly Role[];
  /** Builds the call for `as` against fresh records; `caller` is null for the anonymous caller. */
  call: (as: Role, caller: Actor | null) => Promise<Call> | Call;
  /** The answer an allowed caller gets when it is not a 2xx (a route that is allowed but not set up here). */
  allowedStatus?: number;
  /** The call ends the caller's session or changes its role, so it is made by a throwaway actor of the same role. */
  endsSession?: boolean;
}

let t: TestApp;
let actors: Record<Exclude<Role, 'anonymous'>, Actor>;
let unique = 0;

const enc = encodeURIComponent;
const freshEmail = (prefix: string) => `${prefix}.${++unique}.${newId()}@example.test`;
const emailOf = (caller: Actor | null) => caller?.email ?? 'nobody@example.test';
const aCategory = CATEGORY_CATALOGUE[0]!.id;

/** Records the calls act on; each call gets new ones, owned by `seller` unless named otherwise. */
const records = {
  product: () => listProduct(actors.seller),
  /** A saved search of `seller`. */
  async alert() {
    const saved = await actors.seller.request({
      method: 'POST',
      url: '/api/alerts',
      payload: { search: { q: `matrix alert ${++unique}` } },
    });
    return saved.json<{ insertedId: string }>().insertedId;
  },
  /** A booking by `buyer` of a new phone of `seller`, accepted by the seller when asked. */
  async booking(status: 'requested' | 'accepted' = 'requested') {
    const productId = await listProduct(actors.seller);
    const booked = await actors.buyer.request({
      method: 'POST',
      url: '/api/store/booking/product',
      payload: { productId, phoneNumber: '01711223344', meetLocation: 'Rangpur' },
    });
    const id = booked.json<{ insertedId: string }>().insertedId;
    if (status === 'accepted') await actors.seller.request({ method: 'PUT', url: `/api/bookings/${id}/accept` });
    return id;
  },
  async report() {
    const productId = await listProduct(actors.seller);
    const response = await actors.buyer.request({
      method: 'POST',
      url: '/api/report/product',
      payload: { product_id: productId },
    });
    return response.json<{ insertedId: string }>().insertedId;
  },
  /** A booking by `buyer` of a new phone of `seller`, sold to them. */
  async soldBooking() {
    const id = await records.booking('accepted');
    await actors.seller.request({ method: 'PUT', url: `/api/bookings/${id}/sold` });
    return id;
  },
  /** The buyer's review of `seller`, published: both sides of the sale wrote theirs. */
  async review() {
    const id = await records.soldBooking();
    const stars = { asDescribed: 5, communication: 4, punctuality: 4, paidAsAgreed: 5 };
    const written = await actors.buyer.request({ method: 'POST', url: `/api/bookings/${id}/review`, payload: stars });
    await actors.seller.request({ method: 'POST', url: `/api/bookings/${id}/review`, payload: stars });
    return written.json<{ _id: string }>()._id;
  },
  /** A published review of `seller` that `otherSeller` reported. */
  async reportedReview() {
    const id = await records.review();
    await actors.otherSeller.request({
      method: 'POST',
      url: `/api/reviews/${id}/report`,
      payload: { reason: 'extortion' },
    });
    return id;
  },
  /** A conversation `buyer` started about a phone of `seller`, with the buyer's first message in it. */
  async conversation() {
    const productId = await listProduct(actors.seller);
    const started = await actors.buyer.request({ method: 'POST', url: '/api/conversations', payload: { productId } });
    const id = started.json<{ _id: string }>()._id;
    await actors.buyer.request({
      method: 'POST',
      url: `/api/conversations/${id}/messages`,
      // Words of its own each time: the same text in many conversations is held as spam.
      payload: { clientId: newId(), text: `Is the price negotiable? (${newId()})` },
    });
    return id;
  },
  /** A conversation in which both sides wrote, so either may report the other. */
  async conversationBothWrote() {
    const id = await records.conversation();
    await actors.seller.request({
      method: 'POST',
      url: `/api/conversations/${id}/messages`,
      payload: { clientId: newId(), text: `It is, a little (${newId()})` },
    });
    return id;
  },
  /** An open moderation case: `buyer` reported a new account. */
  async moderationCase() {
    const target = await records.user('seller');
    const response = await actors.buyer.request({
      method: 'POST',
      url: '/api/moderation/reports/user',
      payload: { userId: target.id, reason: 'spam' },
    });
    return response.json<{ insertedId: string }>().insertedId;
  },
  /** A warning of `seller` in the moderation log. */
  warning: () =>
    appendLog(t.db, {
      case_id: null,
      actor_id: actors.admin.user.uid,
      actor_name: 'Matrix admin',
      is_automated: false,
      action: 'warn',
      subject_type: 'user',
      subject_id: actors.seller.user.uid,
      target_user_id: actors.seller.user.uid,
      reason: 'spam',
      note: null,
      until_at: null,
      before: {},
      after: {},
    }),
  /** A pending appeal of `seller` against a warning. */
  async appeal() {
    const response = await actors.seller.request({
      method: 'POST',
      url: '/api/account/appeals',
      payload: { logId: await records.warning(), text: 'Not me' },
    });
    return response.json<{ insertedId: string }>().insertedId;
  },
  /** A listing of `seller` that a moderator asked to change. */
  async changesRequested() {
    const id = await listProduct(actors.seller);
    await t.db
      .updateTable('products')
      .set({ is_hidden: true, moderation_state: 'changes_requested', moderation_reason: 'Matrix' })
      .where('id', '=', id)
      .execute();
    return id;
  },
  /** A conversation `buyer` started about a 40,000 Tk phone of `seller`. */
  async pricedConversation() {
    const productId = await listProduct(actors.seller, { resalePrice: 40000 });
    const started = await actors.buyer.request({ method: 'POST', url: '/api/conversations', payload: { productId } });
    return started.json<{ _id: string }>()._id;
  },
  /** An open offer of 30,000 Tk by `buyer` on a 40,000 Tk phone of `seller`, in their conversation. */
  async offer() {
    const id = await records.pricedConversation();
    const made = await actors.buyer.request({
      method: 'POST',
      url: `/api/conversations/${id}/offers`,
      payload: { price: 30000 },
    });
    return made.json<{ _id: string }>()._id;
  },
  /** A user row made directly, without a password: a target for admin calls, never a caller. */
  user: (role: 'buyer' | 'seller') =>
    insertUser(t.db, {
      email: freshEmail(`target-${role}`),
      role,
      name: 'Target',
      photoUrl: 'https://example.test/p.png',
    }),
  async credentials() {
    const email = freshEmail('login');
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password: 'long enough pw' } });
    return { email, password: 'long enough pw' };
  },
  /** A listing of `seller` waiting for the admin's review (docs/trust.md). */
  async underReview() {
    const id = await listProduct(actors.seller);
    await t.db
      .updateTable('products')
      .set({ review_state: 'pending', review_reasons: 'imei' })
      .where('id', '=', id)
      .execute();
    return id;
  },
  /** A listing of `seller` whose verification photo waits for the admin. */
  async photoSent() {
    const id = await listProduct(actors.seller);
    await actors.seller.request({
      method: 'PUT',
      url: `/api/products/${id}/verification-photo`,
      payload: { photo: await uploadPhoto(actors.seller) },
    });
    return id;
  },
  async picture() {
    return multipartBody({ bytes: await phonePicture({ caption: 'Matrix', hue: 120, width: 320, height: 240 }) });
  },
};

/** The profile POST /addUser stores; an admin sends a registrable role too, and stays an admin. */
const profileOf = (as: Role, caller: Actor | null) => ({
  name: 'Matrix Name',
  email: emailOf(caller),
  role: as === 'buyer' ? 'buyer' : 'seller',
  photoURL: 'https://example.test/me.png',
});

const TABLE: Row[] = [
  { method: 'GET', path: '/api/health', allowed: everyone, call: () => ({ url: '/api/health' }) },

  // The OpenAPI document and its reference page (docs/openapi.md)
  { method: 'GET', path: '/api/openapi.json', allowed: everyone, call: () => ({ url: '/api/openapi.json' }) },
  { method: 'GET', path: '/api/docs', allowed: everyone, call: () => ({ url: '/api/docs' }) },
  { method: 'GET', path: '/api/docs/', allowed: everyone, call: () => ({ url: '/api/docs/' }) },
  { method: 'GET', path: '/api/docs/json', allowed: everyone, call: () => ({ url: '/api/docs/json' }) },
  { method: 'GET', path: '/api/docs/yaml', allowed: everyone, call: () => ({ url: '/api/docs/yaml' }) },
  {
    method: 'GET',
    path: '/api/docs/static/index.html',
    allowed: everyone,
    call: () => ({ url: '/api/docs/static/index.html' }),
    allowedStatus: 302,
  },
  {
    method: 'GET',
    path: '/api/docs/static/swagger-initializer.js',
    allowed: everyone,
    call: () => ({ url: '/api/docs/static/swagger-initializer.js' }),
  },
  { method: 'GET', path: '/api/docs/*', allowed: everyone, call: () => ({ url: '/api/docs/static/swagger-ui.css' }) },

  // Identity
  {
    method: 'POST',
    path: '/api/auth/signup',
    allowed: everyone,
    call: () => ({ url: '/api/auth/signup', payload: { email: freshEmail('signup'), password: 'long enough pw' } }),
  },
  {
    method: 'POST',
    path: '/api/auth/login',
    allowed: everyone,
    call: async () => ({ url: '/api/auth/login', payload: await records.credentials() }),
  },
  {
    method: 'POST',
    path: '/api/auth/logout',
    allowed: everyone,
    endsSession: true,
    call: () => ({ url: '/api/auth/logout' }),
  },
  { method: 'GET', path: '/api/auth/me', allowed: signedIn, call: () => ({ url: '/api/auth/me' }) },
  // Anyone chooses a language (a cookie); a signed-in account keeps it too.
  {
    method: 'PUT',
    path: '/api/language',
    allowed: everyone,
    call: () => ({ url: '/api/language', payload: { locale: 'en' } }),
  },
  {
    method: 'POST',
    path: '/api/auth/update',
    allowed: signedIn,
    call: () => ({
      url: '/api/auth/update',
      payload: { displayName: 'Matrix Name', photoURL: 'https://example.test/me.png' },
    }),
  },
  // Account recovery and settings (docs/accounts.md)
  {
    method: 'POST',
    path: '/api/account/verify-email',
    allowed: everyone,
    call: async () => {
      const { email } = await records.credentials();
      return {
        url: '/api/account/verify-email',
        payload: { token: tokenOfLink(await mailTo(t.app, email, VERIFY_SUBJECT), '/verify-email') },
      };
    },
  },
  // Every actor here has verified their address: signed in, the answer is "verified already".
  {
    method: 'POST',
    path: '/api/account/verify-email/resend',
    allowed: signedIn,
    allowedStatus: errorStatus.CONFLICT,
    call: () => ({ url: '/api/account/verify-email/resend' }),
  },
  {
    method: 'POST',
    path: '/api/account/forgot-password',
    allowed: everyone,
    call: async () => ({
      url: '/api/account/forgot-password',
      payload: { email: (await records.credentials()).email },
    }),
  },
  {
    method: 'POST',
    path: '/api/account/reset-password',
    allowed: everyone,
    call: async () => {
      const { email } = await records.credentials();
      await t.app.inject({ method: 'POST', url: '/api/account/forgot-password', payload: { email } });
      const token = tokenOfLink(await mailTo(t.app, email, RESET_SUBJECT), '/reset-password');
      return { url: '/api/account/reset-password', payload: { token, password: 'a brand new password' } };
    },
  },
  {
    method: 'POST',
    path: '/api/account/password',
    allowed: signedIn,
    endsSession: true,
    call: (_as, caller) => ({
      url: '/api/account/password',
      payload: { currentPassword: caller?.password ?? 'x', newPassword: 'another long password' },
    }),
  },
  {
    method: 'POST',
    path: '/api/account/sign-out-others',
    allowed: signedIn,
    endsSession: true,
    call: () => ({ url: '/api/account/sign-out-others' }),
  },
  { method: 'GET', path: '/api/account/sessions', allowed: signedIn, call: () => ({ url: '/api/account/sessions' }) },
  // Each caller signs out another device of its own (a session opened for it here).
  {
    method: 'DELETE',
    path: '/api/account/sessions/:id',
    allowed: signedIn,
    call: async (_as, caller) => ({
      url: `/api/account/sessions/${caller ? await createSession(t.db, caller.user.uid, `matrix-${newId()}`) : newId()}`,
    }),
  },
  // An admin's account comes from ADMIN_EMAIL: it cannot delete itself.
  {
    method: 'POST',
    path: '/api/account/delete',
    allowed: ['buyer', 'seller', 'otherSeller'],
    endsSession: true,
    call: (_as, caller) => ({ url: '/api/account/delete', payload: { password: caller?.password ?? 'x' } }),
  },
  // A buyer starts selling; a seller updates the same fields. Made by a throwaway actor: it changes the role.
  {
    method: 'POST',
    path: '/api/account/start-selling',
    allowed: buysAndSells,
    endsSession: true,
    call: () => ({
      url: '/api/account/start-selling',
      payload: { name: 'Matrix Name', phoneNumber: '01711223344', acceptTerms: true },
    }),
  },
  {
    method: 'GET',
    path: '/api/account/mail-settings',
    allowed: signedIn,
    call: () => ({ url: '/api/account/mail-settings' }),
  },
  {
    method: 'PUT',
    path: '/api/account/mail-settings',
    allowed: signedIn,
    call: () => ({ url: '/api/account/mail-settings', payload: { kinds: { booking_requested: true } } }),
  },
  {
    method: 'POST',
    path: '/api/account/unsubscribe',
    allowed: everyone,
    call: async () => ({
      url: '/api/account/unsubscribe',
      payload: { token: await t.app.deps.tokens.signUnsubscribe(actors.buyer.user.uid, 'booking_declined') },
    }),
  },
  { method: 'GET', path: '/api/push/key', allowed: everyone, call: () => ({ url: '/api/push/key' }) },
  {
    method: 'POST',
    path: '/api/push/subscriptions',
    allowed: signedIn,
    call: () => ({ url: '/api/push/subscriptions', payload: fakeDevice(`http://127.0.0.1:9/${newId()}`).subscription }),
  },
  {
    method: 'POST',
    path: '/api/push/unsubscribe',
    allowed: signedIn,
    call: () => ({ url: '/api/push/unsubscribe', payload: { endpoint: `http://127.0.0.1:9/${newId()}` } }),
  },
  { method: 'GET', path: '/api/push/settings', allowed: signedIn, call: () => ({ url: '/api/push/settings' }) },
  {
    method: 'PUT',
    path: '/api/push/settings',
    allowed: signedIn,
    call: () => ({ url: '/api/push/settings', payload: { kinds: { chat_message: true } } }),
  },
  { method: 'GET', path: '/api/auth/providers', allowed: everyone, call: () => ({ url: '/api/auth/providers' }) },
  // Google sign-in is not set up in tests: for everyone, starting it says so, and so does the callback's result page.
  {
    method: 'GET',
    path: '/api/auth/google',
    allowed: everyone,
    allowedStatus: errorStatus.NOT_CONFIGURED,
    call: () => ({ url: '/api/auth/google' }),
  },
  {
    method: 'GET',
    path: '/api/auth/google/callback',
    allowed: everyone,
    allowedStatus: new GoogleSignInRefusal('notConfigured').status,
    call: () => ({ url: '/api/auth/google/callback' }),
  },
  {
    method: 'GET',
    path: '/api/jwt',
    allowed: signedIn,
    call: (_as, caller) => ({ url: `/api/jwt?email=${enc(emailOf(caller))}` }),
  },

  // Users and roles
  {
    method: 'POST',
    path: '/api/addUser',
    allowed: signedIn,
    call: (as, caller) => ({ url: '/api/addUser', payload: profileOf(as, caller) }),
  },
  ...(['admin', 'seller', 'buyer'] as const).map((role): Row => ({
    method: 'GET',
    path: `/api/${role}/:email`,
    allowed: everyone,
    call: (_as, caller) => ({ url: `/api/${role}/${enc(emailOf(caller))}` }),
  })),
  {
    method: 'GET',
    path: '/api/checkSellerVerify',
    allowed: everyone,
    call: () => ({ url: `/api/checkSellerVerify?email=${enc(actors.seller.email)}` }),
  },
  { method: 'GET', path: '/api/buyers', allowed: admin, call: () => ({ url: '/api/buyers' }) },
  { method: 'GET', path: '/api/sellers', allowed: admin, call: () => ({ url: '/api/sellers' }) },
  {
    method: 'DELETE',
    path: '/api/buyers/:id',
    allowed: admin,
    call: async () => ({ url: `/api/buyers/${(await records.user('buyer')).id}` }),
  },
  {
    method: 'DELETE',
    path: '/api/sellers/:id',
    allowed: admin,
    call: async () => ({ url: `/api/sellers/${(await records.user('seller')).id}` }),
  },
  {
    method: 'PUT',
    path: '/api/verify_seller',
    allowed: admin,
    call: async () => ({ url: `/api/verify_seller?email=${enc((await records.user('seller')).email)}` }),
  },

  // Seller verification
  {
    method: 'POST',
    path: '/api/seller/verification',
    allowed: owner,
    call: async () => {
      await t.db.deleteFrom('verification_requests').where('user_id', '=', actors.seller.user.uid).execute();
      return {
        url: '/api/seller/verification',
        payload: { name: 'Matrix Name', email: actors.seller.email, photoURL: 'https://example.test/me.png' },
      };
    },
  },
  {
    method: 'GET',
    path: '/api/seller/verification',
    allowed: anySeller,
    call: () => ({ url: '/api/seller/verification' }),
  },
  { method: 'GET', path: '/api/unverifiedsellers', allowed: admin, call: () => ({ url: '/api/unverifiedsellers' }) },
  {
    method: 'GET',
    path: '/api/deleteSellerVerification',
    allowed: admin,
    call: async () => ({ url: `/api/deleteSellerVerification?email=${enc((await records.user('seller')).email)}` }),
  },

  // Catalogue
  { method: 'GET', path: '/api/categoires', allowed: everyone, call: () => ({ url: '/api/categoires' }) },
  {
    method: 'GET',
    path: '/api/categoryinfo',
    allowed: everyone,
    call: () => ({ url: `/api/categoryinfo?id=${aCategory}` }),
  },
  { method: 'GET', path: '/api/category/:id', allowed: everyone, call: () => ({ url: `/api/category/${aCategory}` }) },
  { method: 'GET', path: '/api/all/phones', allowed: everyone, call: () => ({ url: '/api/all/phones' }) },
  {
    method: 'GET',
    path: '/api/search',
    allowed: everyone,
    call: () => ({ url: '/api/search?q=galaxy&sort=price_asc&verified=true' }),
  },
  {
    method: 'GET',
    path: '/api/search/suggestions',
    allowed: everyone,
    call: () => ({ url: '/api/search/suggestions?q=gal' }),
  },
  {
    method: 'GET',
    path: '/api/advertised_products',
    allowed: everyone,
    call: () => ({ url: '/api/advertised_products' }),
  },
  {
    method: 'GET',
    path: '/api/addvertise/product/:id',
    allowed: everyone,
    call: async () => ({ url: `/api/addvertise/product/${await records.product()}` }),
  },
  {
    method: 'GET',
    path: '/api/product/:id/mine',
    allowed: signedIn,
    call: async () => ({ url: `/api/product/${await records.product()}/mine` }),
  },

  // Sellers' products: any seller lists and uploads for themself; changes only to their own records
  {
    method: 'POST',
    path: '/api/store_products',
    allowed: anySeller,
    call: async (as, caller) => {
      const photoOwner = anySeller.includes(as) && caller ? caller : actors.seller;
      const { caption: _caption, hue: _hue, ...fields } = demoListing(++unique);
      return { url: '/api/store_products', payload: { ...fields, productImg: await uploadPhoto(photoOwner) } };
    },
  },
  // Any account: a listing's photos, and everyone's profile photo.
  {
    method: 'POST',
    path: '/api/uploads',
    allowed: signedIn,
    call: async () => ({ url: '/api/uploads', ...(await records.picture()) }),
  },
  {
    method: 'GET',
    path: '/api/products',
    allowed: owner,
    call: () => ({ url: `/api/products?email=${enc(actors.seller.email)}` }),
  },
  {
    method: 'PUT',
    path: '/api/advertise/product/:id',
    allowed: owner,
    call: async () => ({ url: `/api/advertise/product/${await records.product()}` }),
  },
  {
    method: 'DELETE',
    path: '/api/advertise/product/:id',
    allowed: owner,
    call: async () => {
      const id = await records.product();
      await actors.seller.request({ method: 'PUT', url: `/api/advertise/product/${id}` });
      return { url: `/api/advertise/product/${id}` };
    },
  },
  {
    method: 'PUT',
    path: '/api/edit/product/:id',
    allowed: owner,
    call: async () => {
      const id = await records.product();
      const { productImg } = (await t.app.inject({ url: `/api/addvertise/product/${id}` })).json<Product>();
      const { caption: _caption, hue: _hue, ...fields } = demoListing(2);
      return { url: `/api/edit/product/${id}`, payload: { ...fields, productImg } };
    },
  },
  {
    method: 'PUT',
    path: '/api/hide/product/:id',
    allowed: owner,
    call: async () => ({ url: `/api/hide/product/${await records.product()}` }),
  },
  {
    method: 'PUT',
    path: '/api/show/product/:id',
    allowed: owner,
    call: async () => ({ url: `/api/show/product/${await records.product()}` }),
  },
  {
    method: 'DELETE',
    path: '/api/delete/product/:id',
    allowed: owner,
    call: async () => ({ url: `/api/delete/product/${await records.product()}` }),
  },
  {
    method: 'DELETE',
    path: '/api/product/delete/:id',
    allowed: admin,
    call: async () => ({ url: `/api/product/delete/${await records.product()}` }),
  },

  // Bookings: every account buys, but nobody their own phone (the record is `seller`'s)
  {
    method: 'POST',
    path: '/api/store/booking/product',
    allowed: ['buyer', 'otherSeller'],
    call: async () => ({
      url: '/api/store/booking/product',
      payload: { productId: await records.product(), phoneNumber: '01711223344', meetLocation: 'Rangpur' },
    }),
  },
  {
    method: 'GET',
    path: '/api/bookings/requests',
    allowed: anySeller,
    call: () => ({ url: '/api/bookings/requests' }),
  },
  {
    method: 'PUT',
    path: '/api/bookings/:id/accept',
    allowed: owner,
    call: async () => ({ url: `/api/bookings/${await records.booking()}/accept` }),
  },
  {
    method: 'PUT',
    path: '/api/bookings/:id/decline',
    allowed: owner,
    call: async () => ({ url: `/api/bookings/${await records.booking()}/decline`, payload: { reason: 'Not now' } }),
  },
  {
    // The booking's two sides; an accepted deal is what either may call off.
    method: 'PUT',
    path: '/api/bookings/:id/cancel',
    allowed: ['buyer', 'seller'],
    call: async () => ({
      url: `/api/bookings/${await records.booking('accepted')}/cancel`,
      payload: { reason: 'Plans changed' },
    }),
  },
  {
    method: 'PUT',
    path: '/api/bookings/:id/sold',
    allowed: owner,
    call: async () => ({ url: `/api/bookings/${await records.booking('accepted')}/sold` }),
  },
  {
    method: 'PUT',
    path: '/api/sold/product/:id',
    allowed: owner,
    call: async () => ({ url: `/api/sold/product/${await records.product()}` }),
  },
  {
    method: 'GET',
    path: '/api/notifications',
    allowed: signedIn,
    call: () => ({ url: '/api/notifications' }),
  },
  {
    method: 'GET',
    path: '/api/notifications/unread',
    allowed: signedIn,
    call: () => ({ url: '/api/notifications/unread' }),
  },
  {
    method: 'PUT',
    path: '/api/notifications/read',
    allowed: signedIn,
    call: () => ({ url: '/api/notifications/read' }),
  },
  {
    method: 'GET',
    path: '/api/notifications/stream',
    allowed: signedIn,
    call: () => ({ url: '/api/notifications/stream' }),
  },
  {
    method: 'GET',
    path: '/api/orders',
    allowed: buysAndSells,
    call: (_as, caller) => ({ url: `/api/orders?email=${enc(emailOf(caller))}` }),
  },

  // Chat (docs/chat.md): a buyer starts it; only its two sides read and write it.
  {
    method: 'POST',
    path: '/api/conversations',
    // Any account that buys, not the phone's own seller.
    allowed: ['buyer', 'otherSeller'],
    call: async () => ({ url: '/api/conversations', payload: { productId: await records.product() } }),
  },
  {
    method: 'GET',
    path: '/api/conversations/inbox/:side',
    allowed: signedIn,
    call: () => ({ url: '/api/conversations/inbox/selling' }),
  },
  {
    method: 'GET',
    path: '/api/conversations/:id',
    allowed: ['buyer', 'seller'],
    call: async () => ({ url: `/api/conversations/${await records.conversation()}` }),
  },
  {
    method: 'GET',
    path: '/api/conversations/:id/messages',
    allowed: ['buyer', 'seller'],
    call: async () => ({ url: `/api/conversations/${await records.conversation()}/messages` }),
  },
  {
    method: 'POST',
    path: '/api/conversations/:id/messages',
    allowed: ['buyer', 'seller'],
    call: async () => ({
      url: `/api/conversations/${await records.conversation()}/messages`,
      payload: { clientId: newId(), text: `Where can we meet? (${newId()})` },
    }),
  },
  {
    method: 'PUT',
    path: '/api/conversations/:id/read',
    allowed: ['buyer', 'seller'],
    call: async () => ({ url: `/api/conversations/${await records.conversation()}/read` }),
  },
  {
    method: 'PUT',
    path: '/api/conversations/:id/block',
    allowed: ['buyer', 'seller'],
    call: async () => {
      // The block an earlier caller made would stop the buyer and the seller in every row after.
      await t.db.deleteFrom('chat_blocks').execute();
      return { url: `/api/conversations/${await records.conversation()}/block` };
    },
  },
  { method: 'GET', path: '/api/account/blocked', allowed: signedIn, call: () => ({ url: '/api/account/blocked' }) },
  // Anyone signed in unblocks whom they blocked.
  {
    method: 'DELETE',
    path: '/api/account/blocked/:id',
    allowed: signedIn,
    call: async (_as, caller) => {
      const target = (await records.user('seller')).id;
      if (caller) {
        await t.db
          .insertInto('chat_blocks')
          .values({ blocker_id: caller.user.uid, blocked_id: target, created_at: new Date().toISOString() })
          .execute();
      }
      return { url: `/api/account/blocked/${target}` };
    },
  },
  // Offers (docs/chat.md): the buyer offers and withdraws; the seller accepts, counters, declines.
  {
    method: 'POST',
    path: '/api/conversations/:id/offers',
    allowed: ['buyer'],
    // A price in Bengali digits: 30,000.
    call: async () => ({
      url: `/api/conversations/${await records.pricedConversation()}/offers`,
      payload: { price: '৩০,০০০' },
    }),
  },
  {
    method: 'PUT',
    path: '/api/offers/:id/accept',
    allowed: ['seller'],
    call: async () => ({ url: `/api/offers/${await records.offer()}/accept` }),
  },
  {
    method: 'PUT',
    path: '/api/offers/:id/counter',
    allowed: ['seller'],
    call: async () => ({ url: `/api/offers/${await records.offer()}/counter`, payload: { price: 35000 } }),
  },
  {
    method: 'PUT',
    path: '/api/offers/:id/decline',
    allowed: ['seller'],
    call: async () => ({ url: `/api/offers/${await records.offer()}/decline` }),
  },
  {
    method: 'PUT',
    path: '/api/offers/:id/withdraw',
    allowed: ['buyer'],
    call: async () => ({ url: `/api/offers/${await records.offer()}/withdraw` }),
  },

  // Alerts (docs/alerts.md): anyone signed in keeps their own; the fair price is public.
  { method: 'GET', path: '/api/alerts', allowed: signedIn, call: () => ({ url: '/api/alerts' }) },
  {
    method: 'POST',
    path: '/api/alerts',
    allowed: signedIn,
    call: () => ({ url: '/api/alerts', payload: { search: { q: `matrix ${++unique}` } } }),
  },
  {
    method: 'PUT',
    path: '/api/alerts/:id',
    allowed: owner,
    call: async () => ({ url: `/api/alerts/${await records.alert()}`, payload: { paused: true } }),
  },
  {
    method: 'DELETE',
    path: '/api/alerts/:id',
    allowed: owner,
    call: async () => ({ url: `/api/alerts/${await records.alert()}` }),
  },
  {
    method: 'GET',
    path: '/api/fair-price',
    allowed: everyone,
    call: () => ({ url: '/api/fair-price?productName=iPhone%2013&productCondition=Good' }),
  },
  // Reports: anyone signed in, except on their own listing
  {
    method: 'POST',
    path: '/api/report/product',
    allowed: ['buyer', 'otherSeller', 'admin'],
    call: async () => ({ url: '/api/report/product', payload: { product_id: await records.product() } }),
  },
  {
    method: 'GET',
    path: '/api/all/reported/products',
    allowed: admin,
    call: () => ({ url: '/api/all/reported/products' }),
  },
  {
    method: 'DELETE',
    path: '/api/reported/product/delete/:id',
    allowed: admin,
    call: async () => ({ url: `/api/reported/product/delete/${await records.report()}` }),
  },

  // The moderation desk (docs/moderation.md)
  {
    method: 'POST',
    path: '/api/moderation/reports/conversation',
    allowed: ['buyer', 'seller'],
    call: async () => ({
      url: '/api/moderation/reports/conversation',
      payload: { conversationId: await records.conversationBothWrote(), reason: 'spam' },
    }),
  },
  {
    method: 'POST',
    path: '/api/moderation/reports/user',
    allowed: signedIn,
    call: async () => ({
      url: '/api/moderation/reports/user',
      payload: { userId: (await records.user('seller')).id, reason: 'scam' },
    }),
  },
  { method: 'GET', path: '/api/moderation/cases', allowed: admin, call: () => ({ url: '/api/moderation/cases' }) },
  {
    method: 'GET',
    path: '/api/moderation/cases/:id',
    allowed: admin,
    call: async () => ({ url: `/api/moderation/cases/${await records.moderationCase()}` }),
  },
  {
    method: 'POST',
    path: '/api/moderation/cases/:id/actions',
    allowed: admin,
    call: async () => ({
      url: `/api/moderation/cases/${await records.moderationCase()}/actions`,
      payload: { action: 'dismiss', reason: 'no_violation' },
    }),
  },
  { method: 'GET', path: '/api/moderation/log', allowed: admin, call: () => ({ url: '/api/moderation/log' }) },
  { method: 'GET', path: '/api/moderation/log.csv', allowed: admin, call: () => ({ url: '/api/moderation/log.csv' }) },
  { method: 'GET', path: '/api/moderation/appeals', allowed: admin, call: () => ({ url: '/api/moderation/appeals' }) },
  {
    method: 'PUT',
    path: '/api/moderation/appeals/:id',
    allowed: admin,
    call: async () => ({
      url: `/api/moderation/appeals/${await records.appeal()}`,
      payload: { decision: 'upheld', reason: 'Checked again' },
    }),
  },
  { method: 'GET', path: '/api/account/standing', allowed: signedIn, call: () => ({ url: '/api/account/standing' }) },
  // Only the person an action was taken against may appeal it: here, `seller` was warned.
  {
    method: 'POST',
    path: '/api/account/appeals',
    allowed: owner,
    call: async () => ({ url: '/api/account/appeals', payload: { logId: await records.warning(), text: 'Not me' } }),
  },
  // The suspension mail's signed link is the proof, whoever sends it (the account cannot sign in).
  {
    method: 'POST',
    path: '/api/moderation/appeals/by-link',
    allowed: everyone,
    call: async () => {
      const logId = await appendLog(t.db, {
        case_id: null,
        actor_id: actors.admin.user.uid,
        actor_name: 'Matrix admin',
        is_automated: false,
        action: 'suspend',
        subject_type: 'user',
        subject_id: actors.seller.user.uid,
        target_user_id: actors.seller.user.uid,
        reason: 'scam',
        note: null,
        until_at: null,
        before: {},
        after: {},
      });
      const token = await t.app.deps.tokens.signAppeal(actors.seller.user.uid, logId);
      return { url: '/api/moderation/appeals/by-link', payload: { token, text: 'Not me' } };
    },
  },
  {
    method: 'PUT',
    path: '/api/resubmit/product/:id',
    allowed: owner,
    call: async () => ({ url: `/api/resubmit/product/${await records.changesRequested()}` }),
  },

  // Reviews after a sale (docs/reviews.md): the deal's two sides; the public reads the seller's page
  {
    method: 'POST',
    path: '/api/bookings/:id/review',
    allowed: ['buyer', 'seller'],
    call: async () => ({ url: `/api/bookings/${await records.soldBooking()}/review`, payload: everyStar }),
  },
  {
    method: 'GET',
    path: '/api/bookings/:id/reviews',
    allowed: ['buyer', 'seller'],
    call: async () => ({ url: `/api/bookings/${await records.soldBooking()}/reviews` }),
  },
  {
    // The one reviewed: the buyer reviewed `seller`.
    method: 'PUT',
    path: '/api/reviews/:id/reply',
    allowed: owner,
    call: async () => ({ url: `/api/reviews/${await records.review()}/reply`, payload: { reply: 'Thank you' } }),
  },
  {
    // Never its author (the buyer); the admin hides instead.
    method: 'POST',
    path: '/api/reviews/:id/report',
    allowed: anySeller,
    call: async () => ({ url: `/api/reviews/${await records.review()}/report`, payload: { reason: 'off_topic' } }),
  },
  {
    method: 'GET',
    path: '/api/all/reported/reviews',
    allowed: admin,
    call: () => ({ url: '/api/all/reported/reviews' }),
  },
  {
    method: 'PUT',
    path: '/api/reviews/:id/hide',
    allowed: admin,
    call: async () => ({
      url: `/api/reviews/${await records.reportedReview()}/hide`,
      payload: { reason: 'Off topic' },
    }),
  },
  {
    method: 'PUT',
    path: '/api/reviews/:id/dismiss',
    allowed: admin,
    call: async () => ({ url: `/api/reviews/${await records.reportedReview()}/dismiss` }),
  },
  { method: 'GET', path: '/api/sellers/:id', allowed: everyone, call: () => ({ url: `/api/sellers/${sellerId()}` }) },
  {
    method: 'GET',
    path: '/api/sellers/:id/reviews',
    allowed: everyone,
    call: () => ({ url: `/api/sellers/${sellerId()}/reviews` }),
  },
  {
    method: 'GET',
    path: '/api/sellers/:id/phones',
    allowed: everyone,
    call: () => ({ url: `/api/sellers/${sellerId()}/phones` }),
  },

  // A phone a buyer can trust (docs/trust.md): the seller's verification photo, the admin's review queues
  {
    method: 'PUT',
    path: '/api/products/:id/verification-photo',
    allowed: owner,
    call: async () => ({
      url: `/api/products/${await records.product()}/verification-photo`,
      payload: { photo: await uploadPhoto(actors.seller) },
    }),
  },
  {
    method: 'GET',
    path: '/api/admin/listing-reviews',
    allowed: admin,
    call: () => ({ url: '/api/admin/listing-reviews' }),
  },
  {
    method: 'PUT',
    path: '/api/admin/listing-reviews/:id/approve',
    allowed: admin,
    call: async () => ({ url: `/api/admin/listing-reviews/${await records.underReview()}/approve` }),
  },
  {
    method: 'PUT',
    path: '/api/admin/listing-reviews/:id/reject',
    allowed: admin,
    call: async () => ({
      url: `/api/admin/listing-reviews/${await records.underReview()}/reject`,
      payload: { reason: 'Ask the first seller' },
    }),
  },
  {
    method: 'GET',
    path: '/api/admin/verification-photos',
    allowed: admin,
    call: () => ({ url: '/api/admin/verification-photos' }),
  },
  {
    method: 'PUT',
    path: '/api/admin/verification-photos/:id/approve',
    allowed: admin,
    call: async () => ({ url: `/api/admin/verification-photos/${await records.photoSent()}/approve` }),
  },
  {
    method: 'PUT',
    path: '/api/admin/verification-photos/:id/reject',
    allowed: admin,
    call: async () => ({
      url: `/api/admin/verification-photos/${await records.photoSent()}/reject`,
      payload: { reason: 'The code is not readable' },
    }),
  },
  // Only the buyer of the deal reports the phone not as described.
  {
    method: 'POST',
    path: '/api/bookings/:id/not-as-described',
    allowed: ['buyer'],
    call: async () => ({
      url: `/api/bookings/${await records.booking('accepted')}/not-as-described`,
      payload: { item: 'cameras', details: 'The camera does not focus' },
    }),
  },
  {
    method: 'GET',
    path: '/api/products/:id',
    allowed: owner,
    call: async () => ({ url: `/api/products/${await records.product()}` }),
  },
  {
    method: 'GET',
    path: '/api/admin/not-as-described',
    allowed: admin,
    call: () => ({ url: '/api/admin/not-as-described' }),
  },
];

/** Stars for either side: each takes its own three. */
const everyStar = { asDescribed: 5, communication: 4, punctuality: 4, paidAsAgreed: 5 };
const sellerId = () => actors.seller.user.uid;

const keyOf = (method: string, path: string) => `${method} ${path}`;

/** The app's own routes, read from Fastify's route tree (HEAD is Fastify's automatic twin of GET). */
function apiRoutesOf(tree: string): string[] {
  const routes: string[] = [];
  const parents: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    parents.length = depth;
    const path = (parents[depth - 1] ?? '') + match[2]!;
    parents.push(path);
    for (const method of (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD')) {
      if (path.startsWith('/api/')) routes.push(keyOf(method, path));
    }
  }
  return routes;
}

/** The URL a row builds must really be one of its path template (a trailing * is any rest), so each row calls the route it names. */
const templatePattern = (path: string) =>
  new RegExp(`^${path.replace(/:[^/]+/g, '[^/?]+').replace(/\*$/, '[^?]+')}(\\?|$)`);

/** 'allowed' for the answer an allowed caller should get; any other answer as its status code. */
type Verdict = 'allowed' | number;
const verdictOf = (row: Row, status: number): Verdict =>
  (row.allowedStatus ? status === row.allowedStatus : status >= 200 && status < 300) ? 'allowed' : status;

/** A seller the way `otherSeller` became one: signed up as a buyer, then started selling. */
async function buyerTurnedSeller(): Promise<Actor> {
  const actor = await registerActor(t.app, 'buyer');
  const started = await actor.request({
    method: 'POST',
    url: '/api/account/start-selling',
    payload: { name: 'Other Seller', phoneNumber: '01911223344', acceptTerms: true },
  });
  if (started.statusCode !== 200) throw new Error(`start-selling failed: ${started.body}`);
  return actor;
}

async function callerFor(row: Row, as: Role): Promise<Actor | null> {
  if (as === 'anonymous') return null;
  if (!row.endsSession) return actors[as];
  if (as === 'admin') return adminActor(t.app, t.db);
  if (as === 'otherSeller') return buyerTurnedSeller();
  return registerActor(t.app, as === 'buyer' ? 'buyer' : 'seller');
}

/** What the public cache dropped since the last call began (recorded in beforeAll). */
let dropped: string[] = [];

async function attempt(row: Row, as: Role): Promise<LightMyRequestResponse> {
  const caller = await callerFor(row, as);
  const call = await row.call(as, caller);
  expect(call.url, `${keyOf(row.method, row.path)} builds ${call.url}`).toMatch(templatePattern(row.path));
  const options = { ...call, method: row.method };
  dropped = [];
  const response = await (caller ? caller.request(options) : t.app.inject(options));
  // Each write drops no more than its row of the cache's invalidation table says (support/cache-drops.ts).
  if (row.method !== 'GET') {
    expect(unlistedDrops(keyOf(row.method, row.path), dropped), `${row.method} ${row.path} as ${as}`).toEqual([]);
  }
  return response;
}

beforeAll(async () => {
  // Every record is a product of `seller` with a photo of its own: far more uploads in a minute than
  // one seller may make (that limit has its own test in uploads.test.ts).
  // Event streams end at once, so a call that opens one answers.
  // Every row's calls come from one address within a minute or two: the per-address limit is
  // another test's subject (page-render, redis), not a refusal this table should meet.
  t = await createTestApp(
    {},
    { apiRateLimit: Number.MAX_SAFE_INTEGER, uploadRateLimit: 10_000, notificationStreamMs: 20 },
  );
  const [buyerActor, seller, otherSeller] = await Promise.all([
    registerActor(t.app, 'buyer'),
    registerActor(t.app, 'seller'),
    buyerTurnedSeller(),
  ]);
  actors = { buyer: buyerActor, seller, otherSeller, admin: await adminActor(t.app, t.db) };
  const cache = t.app.publicCache;
  const bump = cache.bump.bind(cache);
  cache.bump = (changed = []) => {
    dropped.push(...changed);
    return bump(changed);
  };
  // The buyer starts a conversation per chat row: an account of some days, past the new accounts' daily limit.
  await t.db
    .updateTable('users')
    .set({ created_at: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString() })
    .where('id', '=', buyerActor.user.uid)
    .execute();
});
afterAll(() => t.close());

describe('authorization matrix', () => {
  it('lists every /api route of the app, once', () => {
    const listed = TABLE.map((row) => keyOf(row.method, row.path));
    expect(new Set(listed).size, 'a route is listed twice').toBe(listed.length);
    const routes = apiRoutesOf(t.app.printRoutes({ commonPrefix: false }));
    expect(routes.length).toBeGreaterThan(30);
    expect(
      routes.filter((route) => !listed.includes(route)),
      'routes missing from the table',
    ).toEqual([]);
    expect(
      listed.filter((route) => !routes.includes(route)),
      'rows for routes the app does not have',
    ).toEqual([]);
  });

  for (const row of TABLE) {
    it(`${row.method} ${row.path}: ${row.allowed.length === ROLES.length ? 'everyone' : row.allowed.join(', ')}`, async () => {
      const answers: Record<string, Verdict> = {};
      const expected: Record<string, Verdict> = {};
      for (const as of ROLES) {
        answers[as] = verdictOf(row, (await attempt(row, as)).statusCode);
        expected[as] = row.allowed.includes(as) ? 'allowed' : as === 'anonymous' ? 401 : 403;
      }
      expect(answers).toEqual(expected);
    });
  }
});
