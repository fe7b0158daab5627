import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER, MAILED_NOTIFICATION_KINDS } from '#shared/account';
import { adminActor, fromOwnPage, logInActor, registerActor, type Actor } from './support/actors';
import { createTestApp, type TestApp } from './support/app';
import { deliverToFiles, mailTo, queueMailOf, RESET_SUBJECT, tokenOfLink, VERIFY_SUBJECT } from './support/mail';
import { listProduct } from './support/products';

/** What the API answers, in English, for a password on the common list. */
const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common ones and easy to guess. Please choose another.';

/*
 * Accounts people can recover (docs/accounts.md): verify an address, reset a forgotten password,
 * change it, sign out elsewhere, delete the account, and the mail settings. Mail goes through the
 * real outbox worker to .eml files, and the tests follow the links in them as a person would.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let serial = 0;
const freshEmail = (prefix: string) => `${prefix}.${++serial}.${process.pid}@example.test`;
const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as object }), headers });
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) => {
  const cookie = response.cookies.find((c) => c.name === 'phonehaat_session');
  if (!cookie) throw new Error('no session cookie');
  return `${cookie.name}=${cookie.value}`;
};

async function signUp(password = 'long enough pw') {
  const email = freshEmail('person');
  const response = await post('/api/auth/signup', { email, password });
  expect(response.statusCode).toBe(201);
  return { email, password, cookie: cookieOf(response), uid: response.json<{ uid: string }>().uid };
}

async function resetToken(email: string): Promise<string> {
  const asked = await post('/api/account/forgot-password', { email });
  expect(asked.statusCode).toBe(200);
  return tokenOfLink(await mailTo(t.app, email, RESET_SUBJECT), '/reset-password');
}

describe('verify your email', () => {
  it('mails a link at sign-up whose use makes emailVerified true, once', async () => {
    const person = await signUp();
    expect((await me(person.cookie)).json()).toMatchObject({ emailVerified: false });

    const mail = await mailTo(t.app, person.email, VERIFY_SUBJECT);
    expect(mail.text).toContain('http://127.0.0.1:3000/verify-email?token=');
    expect(mail.html).toContain('<a href="http://127.0.0.1:3000/verify-email?token=');
    const token = tokenOfLink(mail, '/verify-email');

    const used = await post('/api/account/verify-email', { token });
    expect(used.statusCode).toBe(200);
    expect((await me(person.cookie)).json()).toMatchObject({ emailVerified: true });

    const again = await post('/api/account/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_LINK', message: expect.stringContaining('used already') });
  });

  it('refuses a wrong and an expired link with messages that say so', async () => {
    const wrong = await post('/api/account/verify-email', { token: 'not-a-token-we-made' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_LINK', message: expect.stringContaining('not valid') });

    const person = await signUp();
    const token = tokenOfLink(await mailTo(t.app, person.email, VERIFY_SUBJECT), '/verify-email');
    await t.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', person.uid)
      .execute();
    const expired = await post('/api/account/verify-email', { token });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 'INVALID_LINK', message: expect.stringContaining('expired') });
    expect((await me(person.cookie)).json()).toMatchObject({ emailVerified: false });
  });

  it('keeps an unverified seller from listing a phone or applying for verification, with the way out', async () => {
    const seller = await registerActor(t.app, 'seller', { verifyEmail: false });
    const listing = await seller.request({ method: 'POST', url: '/api/store_products', payload: {} });
    expect(listing.statusCode).toBe(403);
    expect(listing.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', message: expect.stringContaining('verify') });
    const apply = await seller.request({ method: 'POST', url: '/api/seller/verification', payload: {} });
    expect(apply.statusCode).toBe(403);
    expect(apply.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });

    // The resend button: a new link, which works.
    const resent = await seller.request({ method: 'POST', url: '/api/account/verify-email/resend' });
    expect(resent.statusCode).toBe(200);
    const skip = new Set<string>();
    await mailTo(t.app, seller.email, VERIFY_SUBJECT, skip); // the sign-up's mail
    const second = await mailTo(t.app, seller.email, VERIFY_SUBJECT, skip);
    expect((await post('/api/account/verify-email', { token: tokenOfLink(second, '/verify-email') })).statusCode).toBe(
      200,
    );
    await expect(listProduct(seller)).resolves.toMatch(/^[0-9a-f]{24}$/);
    expect((await seller.request({ method: 'POST', url: '/api/seller/verification', payload: {} })).statusCode).toBe(
      201,
    );
  });

  it('limits how often the mail is sent again, and says when the address is verified already', async () => {
    const person = await signUp();
    for (let i = 0; i < 3; i++) {
      expect((await post('/api/account/verify-email/resend', undefined, fromOwnPage(person.cookie))).statusCode).toBe(
        200,
      );
    }
    const limited = await post('/api/account/verify-email/resend', undefined, fromOwnPage(person.cookie));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many verification mails/);

    const verified = await registerActor(t.app, 'buyer');
    const done = await verified.request({ method: 'POST', url: '/api/account/verify-email/resend' });
    expect(done.statusCode).toBe(409);
  });
});

describe('forgot password', () => {
  it('answers the same whether or not the address has an account, and mails only an account', async () => {
    const person = await signUp();
    const known = await post('/api/account/forgot-password', { email: person.email });
    const unknown = await post('/api/account/forgot-password', { email: freshEmail('nobody') });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    await deliverToFiles(t.app);
    const outbox = await t.db
      .selectFrom('mail_outbox')
      .select('template')
      .where('template', '=', 'reset-password')
      .execute();
    expect(outbox.length).toBeGreaterThanOrEqual(1);
    expect(await t.db.selectFrom('mail_outbox').select('id').where('to_address', 'like', 'nobody.%').execute()).toEqual(
      [],
    );
  });

  it('sets the new password with the link, ends every session, and works once', async () => {
    const person = await signUp();
    const other = cookieOf(await post('/api/auth/login', { email: person.email, password: person.password }));
    const token = await resetToken(person.email);

    const common = await post('/api/account/reset-password', { token, password: 'password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({
      message: COMMON_PASSWORD_MESSAGE,
      fields: { password: COMMON_PASSWORD_MESSAGE },
    });

    const reset = await post('/api/account/reset-password', { token, password: 'a fresh secret 42' });
    expect(reset.statusCode).toBe(200);
    expect((await me(person.cookie)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: person.email, password: person.password })).statusCode).toBe(401);
    const login = await post('/api/auth/login', { email: person.email, password: 'a fresh secret 42' });
    expect(login.statusCode).toBe(200);
    // Following the mailed link proved the address too.
    expect(login.json()).toMatchObject({ emailVerified: true });

    const again = await post('/api/account/reset-password', { token, password: 'yet another secret' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_LINK', message: expect.stringContaining('used already') });
  });

  it('refuses a wrong and an expired link with messages', async () => {
    const wrong = await post('/api/account/reset-password', { token: 'made-up', password: 'a fresh secret 42' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_LINK', message: expect.stringContaining('not valid') });

    const person = await signUp();
    const token = await resetToken(person.email);
    await t.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', person.uid)
      .where('purpose', '=', 'reset_password')
      .execute();
    const expired = await post('/api/account/reset-password', { token, password: 'a fresh secret 42' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 'INVALID_LINK', message: expect.stringContaining('expired') });
    expect((await me(person.cookie)).statusCode).toBe(200);
  });

  it('limits requests per address asked for (account or not) and per sender', async () => {
    for (const email of [(await signUp()).email, freshEmail('nobody')]) {
      for (let i = 0; i < 3; i++) expect((await post('/api/account/forgot-password', { email })).statusCode).toBe(200);
      const limited = await post('/api/account/forgot-password', { email });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/Too many password reset requests/);
    }
    const sender = { 'x-forwarded-for': '198.51.100.9' };
    const proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      const ask = () =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/account/forgot-password',
          payload: { email: freshEmail('spread') },
          headers: sender,
        });
      for (let i = 0; i < 20; i++) expect((await ask()).statusCode).toBe(200);
      expect((await ask()).statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });
});

describe('account settings', () => {
  it('changes the password with the current one; every other session ends, this one stays', async () => {
    const actor = await registerActor(t.app, 'buyer');
    const elsewhere = await logInActor(t.app, actor.email, actor.password);
    const change = (currentPassword: string, newPassword: string) =>
      actor.request({ method: 'POST', url: '/api/account/password', payload: { currentPassword, newPassword } });

    const wrong = await change('not my password', 'a new long password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ fields: { currentPassword: 'Your current password is not right' } });
    const common = await change(actor.password, 'iloveyou2');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ fields: { newPassword: COMMON_PASSWORD_MESSAGE } });
    const short = await change(actor.password, 'short');
    expect(short.statusCode).toBe(400);

    expect((await change(actor.password, 'a new long password')).statusCode).toBe(200);
    expect((await actor.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    expect((await me(actor.cookie)).statusCode).toBe(200);
    expect((await elsewhere.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await me(elsewhere.cookie)).statusCode).toBe(401);
    await expect(logInActor(t.app, actor.email, 'a new long password')).resolves.toBeTruthy();
  });

  it('signs out every other device', async () => {
    const actor = await registerActor(t.app, 'seller');
    const others = await Promise.all([1, 2].map(() => logInActor(t.app, actor.email, actor.password)));
    const response = await actor.request({ method: 'POST', url: '/api/account/sign-out-others' });
    expect(response.json()).toMatchObject({ ended: 2 });
    for (const other of others) expect((await me(other.cookie)).statusCode).toBe(401);
    expect((await actor.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
  });

  it('changes name and photo through the account update', async () => {
    const actor = await registerActor(t.app, 'buyer');
    const update = await actor.request({
      method: 'POST',
      url: '/api/auth/update',
      payload: { displayName: 'New Name', photoURL: 'https://example.test/new.png' },
    });
    expect(update.json()).toMatchObject({ displayName: 'New Name', photoURL: 'https://example.test/new.png' });
  });

  it('deletes the account with the password again, and everything that was theirs', async () => {
    const seller: Actor = await registerActor(t.app, 'seller');
    const productId = await listProduct(seller);
    const wrong = await seller.request({
      method: 'POST',
      url: '/api/account/delete',
      payload: { password: 'nope nope' },
    });
    expect(wrong.statusCode).toBe(400);
    expect((await seller.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);

    const deleted = await seller.request({
      method: 'POST',
      url: '/api/account/delete',
      payload: { password: seller.password },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await me(seller.cookie)).statusCode).toBe(401);
    expect(await t.db.selectFrom('users').select('id').where('id', '=', seller.user.uid).execute()).toEqual([]);
    expect(await t.db.selectFrom('products').select('id').where('id', '=', productId).execute()).toEqual([]);
    expect(
      await t.db.selectFrom('account_tokens').select('user_id').where('user_id', '=', seller.user.uid).execute(),
    ).toEqual([]);
    expect((await post('/api/auth/login', { email: seller.email, password: seller.password })).statusCode).toBe(401);

    const admin = await adminActor(t.app, t.db);
    const refused = await admin.request({
      method: 'POST',
      url: '/api/account/delete',
      payload: { password: admin.password },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses one of the most common passwords at sign-up with a message', async () => {
    const response = await post('/api/auth/signup', { email: freshEmail('common'), password: 'qwertyuiop' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: COMMON_PASSWORD_MESSAGE });
  });
});

describe('notification mail', () => {
  const notification = (userId: string, kind = 'booking_accepted') => ({
    userId,
    kind,
    message: 'Your request for Galaxy S21 was accepted',
    link: '/dashboard/my-orders',
  });

  it('is on by default, can be turned off per kind, and each mail can unsubscribe without signing in', async () => {
    const buyer = await registerActor(t.app, 'buyer');
    const settings = await buyer.request({ method: 'GET', url: '/api/account/mail-settings' });
    expect(settings.json().kinds.map((k: { email: boolean }) => k.email)).toEqual(
      MAILED_NOTIFICATION_KINDS.map(() => true),
    );

    expect(await t.db.transaction().execute((trx) => queueMailOf(trx, notification(buyer.user.uid)))).toBe(true);
    // Kinds that are not the deal's events are not mailed.
    expect(
      await t.db.transaction().execute((trx) => queueMailOf(trx, notification(buyer.user.uid, 'listing_removed'))),
    ).toBe(false);
    const mail = await mailTo(t.app, buyer.email, /accepted/);
    expect(mail.text).toContain('http://127.0.0.1:3000/dashboard/my-orders');
    expect(JSON.stringify(mail.headers.get('list'))).toContain('/unsubscribe?token=');
    const token = tokenOfLink(mail, '/unsubscribe');

    const unsubscribed = await post('/api/account/unsubscribe', { token });
    expect(unsubscribed.statusCode).toBe(200);
    expect(unsubscribed.json()).toMatchObject({ kind: 'booking_accepted' });
    const after = await buyer.request({ method: 'GET', url: '/api/account/mail-settings' });
    expect(after.json().kinds).toContainEqual(expect.objectContaining({ kind: 'booking_accepted', email: false }));
    expect(await t.db.transaction().execute((trx) => queueMailOf(trx, notification(buyer.user.uid)))).toBe(false);

    const on = await buyer.request({
      method: 'PUT',
      url: '/api/account/mail-settings',
      payload: { kinds: { booking_accepted: true, booking_declined: false } },
    });
    expect(on.json().kinds).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'booking_accepted', email: true }),
        expect.objectContaining({ kind: 'booking_declined', email: false }),
      ]),
    );

    const forged = await post('/api/account/unsubscribe', { token: `${token.slice(0, -4)}AAAA` });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'INVALID_LINK' });
  });

  it("mails the deal's events: a new request to the seller, the answer to the buyer, unless turned off", async () => {
    const [seller, buyer] = await Promise.all([registerActor(t.app, 'seller'), registerActor(t.app, 'buyer')]);
    const productId = await listProduct(seller);
    const booked = await buyer.request({
      method: 'POST',
      url: '/api/store/booking/product',
      payload: { productId, phoneNumber: '01711223344', meetLocation: 'Dhaka, Mirpur 10' },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId = booked.json<{ insertedId: string }>().insertedId;
    const request = await mailTo(t.app, seller.email, /PhoneHaat: /);
    expect(request.text).toContain('/unsubscribe?token=');

    // The buyer turns "accepted" off: the seller's answer is a notification, and no mail.
    await buyer.request({
      method: 'PUT',
      url: '/api/account/mail-settings',
      payload: { kinds: { booking_accepted: false } },
    });
    const accepted = await seller.request({ method: 'PUT', url: `/api/bookings/${bookingId}/accept` });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const toBuyer = await t.db
      .selectFrom('mail_outbox')
      .select('template')
      .where('to_address', '=', buyer.email)
      .execute();
    expect(toBuyer.map((m) => m.template)).toEqual(['verify-email']);
  });

  it('mails no address that was never verified', async () => {
    const person = await signUp();
    expect(await t.db.transaction().execute((trx) => queueMailOf(trx, notification(person.uid)))).toBe(false);
  });
});
