import { Agent, type ClientRequest, request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromOwnPage, registerActor, type Actor } from './support/actors';
import { createTestApp, type TestApp } from './support/app';
import type { SignedInDevices } from '#shared/account';
import { deliverToFiles, mailTo, RESET_SUBJECT, tokenOfLink } from './support/mail';
import { listProduct } from './support/products';

/*
 * What ends with a password, a session or an account (issue 25, "Data and sessions"): reset links
 * and known-device tokens from before a password change, idle sessions, a deleted account's copies.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers, ...(remoteAddress ? { remoteAddress } : {}) });

async function resetToken(email: string): Promise<string> {
  expect((await post('/api/account/forgot-password', { email })).statusCode).toBe(200);
  return tokenOfLink(await mailTo(t.app, email, RESET_SUBJECT), '/reset-password');
}

describe('a password changed', () => {
  it('ends the reset links mailed before it, when it was changed in Account settings', async () => {
    const buyer = await registerActor(t.app, 'buyer');
    const token = await resetToken(buyer.email);
    const changed = await post(
      '/api/account/password',
      { currentPassword: buyer.password, newPassword: 'a brand new password' },
      fromOwnPage(buyer.cookie),
    );
    expect(changed.statusCode).toBe(200);

    const used = await post('/api/account/reset-password', { token, password: 'the thief chose this' });
    expect(used.statusCode).toBe(400);
    expect(used.json()).toMatchObject({ code: 'INVALID_LINK', message: expect.stringContaining('used already') });
    const login = await post('/api/auth/login', { email: buyer.email, password: 'a brand new password' });
    expect(login.statusCode).toBe(200);
  });

  /** The known-device cookie a login from `address` gives. */
  async function deviceCookie(email: string, password: string, address: string): Promise<string> {
    const login = await post('/api/auth/login', { email, password }, {}, address);
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.find((c) => c.name === 'phonehaat_device')!;
    return `${cookie.name}=${cookie.value}`;
  }

  /** Strangers' guesses from many addresses fill the account's own limit. */
  async function fillAccountLimit(email: string, network: number) {
    await Promise.all(
      Array.from({ length: 51 }, (_, i) =>
        post('/api/auth/login', { email, password: 'wrong' }, {}, `10.${network}.0.${i}`),
      ),
    );
  }

  const loginWith = (email: string, password: string, cookie: string, address: string) =>
    post('/api/auth/login', { email, password }, { cookie }, address);

  it('ends the known-device tokens given before a change in Account settings', async () => {
    const buyer = await registerActor(t.app, 'buyer');
    const old = await deviceCookie(buyer.email, buyer.password, '198.51.100.40');
    const changed = await post(
      '/api/account/password',
      { currentPassword: buyer.password, newPassword: 'another long password' },
      fromOwnPage(buyer.cookie),
      '198.51.100.40',
    );
    expect(changed.statusCode).toBe(200);
    const fresh = await deviceCookie(buyer.email, 'another long password', '198.51.100.41');
    await fillAccountLimit(buyer.email, 41);

    expect((await loginWith(buyer.email, 'another long password', old, '198.51.100.42')).statusCode).toBe(429);
    expect((await loginWith(buyer.email, 'another long password', fresh, '198.51.100.43')).statusCode).toBe(200);
  });

  it('ends the known-device tokens given before a reset', async () => {
    const buyer = await registerActor(t.app, 'buyer');
    const old = await deviceCookie(buyer.email, buyer.password, '198.51.100.50');
    const reset = await post('/api/account/reset-password', {
      token: await resetToken(buyer.email),
      password: 'reset to this one',
    });
    expect(reset.statusCode).toBe(200);
    await fillAccountLimit(buyer.email, 42);
    expect((await loginWith(buyer.email, 'reset to this one', old, '198.51.100.51')).statusCode).toBe(429);
  });

  it("ends a deleted account's known-device tokens, also for a new account under the same address", async () => {
    const buyer = await registerActor(t.app, 'buyer');
    const old = await deviceCookie(buyer.email, buyer.password, '198.51.100.60');
    const deleted = await post('/api/account/delete', { password: buyer.password }, fromOwnPage(buyer.cookie));
    expect(deleted.statusCode).toBe(200);
    const again = await post('/api/auth/signup', { email: buyer.email, password: buyer.password });
    expect(again.statusCode).toBe(201);
    await fillAccountLimit(buyer.email, 43);
    expect((await loginWith(buyer.email, buyer.password, old, '198.51.100.61')).statusCode).toBe(429);
  });
});

describe('a logout', () => {
  const generation = () => t.app.publicCache.generation;

  it('without a session changes nothing: no cookie, no drop of the public cache', async () => {
    const before = generation();
    const logout = await post('/api/auth/logout', {});
    expect(logout.statusCode).toBe(204);
    expect(logout.headers['set-cookie']).toBeUndefined();
    expect(generation()).toBe(before);
  });

  it('with a session ends it and clears the cookie, and still keeps the public cache', async () => {
    const buyer = await registerActor(t.app, 'buyer');
    const before = generation();
    const logout = await post('/api/auth/logout', {}, fromOwnPage(buyer.cookie));
    expect(logout.statusCode).toBe(204);
    expect(logout.cookies.find((c) => c.name === 'phonehaat_session')?.value).toBe('');
    expect(generation()).toBe(before);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: buyer.cookie } });
    expect(me.statusCode).toBe(401);
  });
});

describe('a JSON body over the limit', () => {
  const FIVE_MB = 5 * 1024 * 1024;
  const chunk = Buffer.alloc(64 * 1024, 'x');
  let origin: string;
  let seller: Actor;
  beforeAll(async () => {
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    seller = await registerActor(t.app, 'seller');
  });

  /** A body that keeps arriving for a while, as over a real network: the 413 is due long before its end. */
  const slowBody = () => {
    let sent = 0;
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent >= FIVE_MB) return controller.close();
        await new Promise((resolve) => setTimeout(resolve, 1));
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
  };

  it("gets its 413 to Node's fetch still sending 5 MB, not a broken pipe", async () => {
    const answer = await fetch(`${origin}/api/store_products`, {
      method: 'POST',
      headers: { authorization: `bearer ${seller.token}`, 'content-type': 'application/json' },
      body: slowBody(),
      duplex: 'half',
    } as RequestInit);
    expect(answer.status).toBe(413);
    expect(await answer.json()).toMatchObject({ message: 'The request is too large' });
  });

  it('answers a declared Content-Length over the limit, then serves the next request on the same connection', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (headers: Record<string, string | number>, body: (req: ClientRequest) => void) =>
      new Promise<{ status: number; body: string; socket: unknown }>((resolve, reject) => {
        const req = httpRequest(`${origin}/api/store_products`, { method: 'POST', agent, headers }, (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (part: string) => (text += part));
          res.on('end', () => resolve({ status: res.statusCode!, body: text, socket: res.socket }));
        });
        req.on('error', reject);
        body(req);
      });
    try {
      const auth = { authorization: `bearer ${seller.token}`, 'content-type': 'application/json' };
      const big = await send({ ...auth, 'content-length': FIVE_MB }, (req) => {
        let sent = 0;
        const write = () => {
          if (sent >= FIVE_MB) return void req.end();
          sent += chunk.length;
          if (req.write(chunk)) setTimeout(write, 1);
          else req.once('drain', write);
        };
        write();
      });
      expect(big.status).toBe(413);
      const next = await send(auth, (req) => req.end('{}'));
      expect(next.status).toBe(400);
      expect(next.socket).toBe(big.socket);
    } finally {
      agent.destroy();
    }
  });
});

describe('a deleted account', () => {
  it("leaves nothing of the buyer on the seller's bookings, conversations, notifications or the outbox's record", async () => {
    const seller = await registerActor(t.app, 'seller');
    const buyer = await registerActor(t.app, 'buyer', { name: 'Rahim Uddin Secret' });
    const kept = await listProduct(seller);
    const cancelled = await listProduct(seller);
    const open = await listProduct(seller);
    const book = (productId: string, meetLocation: string) =>
      buyer.request({
        method: 'POST',
        url: '/api/store/booking/product',
        payload: { productId, phoneNumber: '01799887766', meetLocation },
      });
    // A typed question rings the seller's bell with the buyer's name; it stays, their name goes.
    const started = await buyer.request({ method: 'POST', url: '/api/conversations', payload: { productId: kept } });
    expect(started.statusCode).toBe(201);
    const asked = await buyer.request({
      method: 'POST',
      url: `/api/conversations/${started.json<{ _id: string }>()._id}/messages`,
      payload: { clientId: 'question-1', text: 'Is it still available?' },
    });
    expect(asked.statusCode).toBe(201);
    const ids: string[] = [];
    for (const [product, place] of [
      [kept, 'House 12, Road 5, Dhanmondi'],
      [cancelled, 'Flat 3B, Gulshan Avenue'],
      [open, 'Mirpur 10 roundabout'],
    ] as const) {
      const booked = await book(product, place);
      expect(booked.statusCode).toBe(201);
      ids.push(booked.json<{ insertedId: string }>().insertedId);
    }
    const accept = await seller.request({ method: 'PUT', url: `/api/bookings/${ids[0]}/accept` });
    expect(accept.statusCode).toBe(200);
    const cancel = await buyer.request({
      method: 'PUT',
      url: `/api/bookings/${ids[1]}/cancel`,
      payload: { reason: 'Rahim found one nearer to Gulshan Avenue' },
    });
    expect(cancel.statusCode).toBe(200);
    const selling = async () => {
      const inbox = await seller.request({ method: 'GET', url: '/api/conversations/inbox/selling' });
      expect(inbox.statusCode).toBe(200);
      return inbox.json<Array<{ _id: string; productId: string | null; lastMessage: string | null }>>();
    };
    // The seller's answer after the request stays the newest line of its conversation.
    const answered = (await selling()).find((row) => row.productId === open)!;
    const answer = { clientId: 'answer-1', text: 'See you at five' };
    const reply = await seller.request({
      method: 'POST',
      url: `/api/conversations/${answered._id}/messages`,
      payload: answer,
    });
    expect(reply.statusCode).toBe(201);
    await deliverToFiles(t.app);

    const deleted = await post('/api/account/delete', { password: buyer.password }, fromOwnPage(buyer.cookie));
    expect(deleted.statusCode).toBe(200);

    const conversations = await selling();
    expect(conversations).toHaveLength(3);
    const lines: Record<string, Array<{ kind: string; text: string }>> = {};
    for (const row of conversations) {
      const messages = await seller.request({ method: 'GET', url: `/api/conversations/${row._id}/messages` });
      expect(messages.statusCode).toBe(200);
      lines[row.productId!] = messages.json();
    }
    const anonymous = 'A buyer whose account is now deleted asked to book this phone.';
    expect(Object.fromEntries(conversations.map((row) => [row.productId, row.lastMessage]))).toEqual({
      [kept]: anonymous,
      [cancelled]: anonymous,
      [open]: 'See you at five',
    });
    expect(lines[kept]!.map((m) => [m.kind, m.text])).toEqual([
      ['system', anonymous],
      ['text', 'Is it still available?'],
    ]);
    expect(lines[open]!.map((m) => [m.kind, m.text])).toEqual([
      ['text', 'See you at five'],
      ['system', anonymous],
    ]);

    const requests = await seller.request({ method: 'GET', url: '/api/bookings/requests' });
    expect(requests.statusCode).toBe(200);
    const items = requests.json<Array<Record<string, unknown>>>();
    expect(items).toHaveLength(3);
    for (const item of items) {
      expect(item).toMatchObject({ buyerName: 'Deleted account', phoneNumber: '', meetLocation: '' });
    }
    const notes = await seller.request({ method: 'GET', url: '/api/notifications?limit=50' });
    const seen = JSON.stringify({ items, notes: notes.json(), conversations, lines });
    for (const personal of ['Rahim', 'Dhanmondi', 'Gulshan', 'Mirpur', '01799887766', buyer.email]) {
      expect(seen, seen).not.toContain(personal);
    }
    expect(notes.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          message: expect.stringMatching(/^A buyer whose account is now deleted asked to book/),
        }),
        expect.objectContaining({
          kind: 'chat_message',
          message: expect.stringMatching(/^A buyer whose account is now deleted wrote to you about /),
        }),
      ]),
    );
    const outbox = await t.db
      .selectFrom('mail_outbox')
      .select('to_address')
      .where('to_address', '=', buyer.email)
      .execute();
    expect(outbox).toEqual([]);
  });
});

describe('a deleted seller', () => {
  it("leaves their answers in the buyer's conversation and their name out of the buyer's notifications", async () => {
    const seller = await registerActor(t.app, 'seller', { name: 'Karim Secret Seller' });
    const buyer = await registerActor(t.app, 'buyer');
    const productId = await listProduct(seller);
    const started = await buyer.request({ method: 'POST', url: '/api/conversations', payload: { productId } });
    expect(started.statusCode).toBe(201);
    const url = `/api/conversations/${started.json<{ _id: string }>()._id}/messages`;
    const write = (actor: Actor, clientId: string, text: string) =>
      actor.request({ method: 'POST', url, payload: { clientId, text } });
    expect((await write(buyer, 'question-2', 'Is the battery original?')).statusCode).toBe(201);
    expect((await write(seller, 'answer-2', 'Yes, never opened')).statusCode).toBe(201);

    const deleted = await post('/api/account/delete', { password: seller.password }, fromOwnPage(seller.cookie));
    expect(deleted.statusCode).toBe(200);

    const notes = await buyer.request({ method: 'GET', url: '/api/notifications?limit=50' });
    const told = notes.json<Array<{ kind: string; message: string }>>().filter((n) => n.kind === 'chat_message');
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toMatch(/^A seller whose account is now deleted wrote to you about /);
    const lines = await buyer.request({ method: 'GET', url });
    expect(lines.json<Array<{ text: string }>>().map((m) => m.text)).toEqual([
      'Yes, never opened',
      'Is the battery original?',
    ]);
  });
});

describe('sessions', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const usedDaysAgo = (sessionId: string, days: number) =>
    t.db
      .updateTable('sessions')
      .set({ last_used_at: new Date(Date.now() - days * DAY).toISOString() })
      .where('id', '=', sessionId)
      .execute();
  const sessionIdOf = async (userId: string) =>
    (
      await t.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow()
    ).id;
  const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers });

  it('end after 14 days without use, cookie and access token alike; a use keeps them going', async () => {
    const idle = await registerActor(t.app, 'buyer');
    await usedDaysAgo(await sessionIdOf(idle.user.uid), 14.01);
    expect((await me({ cookie: idle.cookie })).statusCode).toBe(401);
    expect((await me({ authorization: `bearer ${idle.token}` })).statusCode).toBe(401);

    const active = await registerActor(t.app, 'buyer');
    const id = await sessionIdOf(active.user.uid);
    await usedDaysAgo(id, 13.9);
    expect((await me({ cookie: active.cookie })).statusCode).toBe(200);
    const row = await t.db.selectFrom('sessions').select('last_used_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(Date.now() - new Date(row.last_used_at).getTime()).toBeLessThan(60_000);
  });

  it('record a move to another network, at most once a minute', async () => {
    const buyer = await registerActor(t.app, 'buyer');
    const id = await sessionIdOf(buyer.user.uid);
    const networkAfter = async (remoteAddress: string) => {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: buyer.cookie }, remoteAddress }))
          .statusCode,
      ).toBe(200);
      return (await t.db.selectFrom('sessions').select('ip_range').where('id', '=', id).executeTakeFirstOrThrow())
        .ip_range;
    };
    const before = await networkAfter('127.0.0.1');
    // Written at sign-in a moment ago: a hop to another network waits for the minute.
    expect(await networkAfter('103.4.145.9')).toBe(before);
    await usedDaysAgo(id, 61_000 / DAY);
    expect(await networkAfter('103.4.145.9')).toBe('103.4.145.0/24');
  });

  const ANDROID_CHROME =
    'Mozilla/5.0 (Linux; Android 13; SM-A525F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
  const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';

  async function logInOn(email: string, password: string, userAgent: string, remoteAddress: string) {
    const login = await post('/api/auth/login', { email, password }, { 'user-agent': userAgent }, remoteAddress);
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.find((c) => c.name === 'phonehaat_session')!;
    return `${cookie.name}=${cookie.value}`;
  }

  it('are listed in Account settings with browser, network and last use, and each can be signed out', async () => {
    const buyer = await registerActor(t.app, 'buyer');
    const phone = await logInOn(buyer.email, buyer.password, ANDROID_CHROME, '103.4.145.9');
    const laptop = await logInOn(buyer.email, buyer.password, WINDOWS_FIREFOX, '2001:db8:5:6::7');

    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/account/sessions',
      headers: { cookie: laptop },
      remoteAddress: '2001:db8:5:6::7',
    });
    expect(listed.statusCode).toBe(200);
    const { devices, total } = listed.json<SignedInDevices>();
    expect(total).toBe(3);
    expect(devices[0]).toMatchObject({
      browser: 'Firefox on Windows',
      place: 'Network 2001:db8:5::/48',
      current: true,
    });
    expect(devices).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ browser: 'Chrome on Android', place: 'Network 103.4.145.0/24', current: false }),
      ]),
    );
    expect(JSON.stringify(devices)).not.toContain('103.4.145.9');
    const phoneId = devices.find((d) => d.browser === 'Chrome on Android')!.id;

    const stranger = await registerActor(t.app, 'buyer');
    const notTheirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${phoneId}`,
      headers: fromOwnPage(stranger.cookie),
    });
    expect(notTheirs.statusCode).toBe(404);
    expect((await me({ cookie: phone })).statusCode).toBe(200);

    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${phoneId}`,
      headers: fromOwnPage(laptop),
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ ended: 1, message: 'That device is signed out.' });
    expect(ended.headers['set-cookie']).toBeUndefined();
    expect((await me({ cookie: phone })).statusCode).toBe(401);
    expect((await me({ cookie: laptop })).statusCode).toBe(200);

    const laptopId = devices.find((d) => d.current)!.id;
    const self = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${laptopId}`,
      headers: fromOwnPage(laptop),
    });
    expect(self.json()).toMatchObject({ ended: 1, message: 'You are signed out.' });
    expect(self.cookies.find((c) => c.name === 'phonehaat_session')?.value).toBe('');
    expect((await me({ cookie: laptop })).statusCode).toBe(401);

    const malformed = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/sessions/not-an-id',
      headers: fromOwnPage(buyer.cookie),
    });
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toMatchObject({ message: 'Signed-in device not found' });
  });
});
