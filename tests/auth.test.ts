import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { KNOWN_DEVICE_COOKIE } from '#server/auth/guards';
import { createTestApp, type TestApp } from './support/app';
import { sql, type Kysely } from 'kysely';
import { oneCounterTableMigration } from '#server/db/migrations/036-one-counter-table';
import { createTable, engineTypes, required } from '#server/db/migrations/ddl';
import { ensureAdmin } from '#server/start/setup';
import { adminActor, logInActor, registerActor, fromOwnPage } from './support/actors';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('sign-up', () => {
  it('creates the account, sets an httpOnly SameSite=Lax cookie and answers the current user', async () => {
    const response = await post('/api/auth/signup', { email: 'New@Example.test', password: 'long enough pw' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      email: 'new@example.test',
      emailVerified: false,
      isAnonymous: false,
      displayName: null,
      providerData: [{ providerId: 'password', email: 'new@example.test' }],
    });
    expect(response.json().uid).toMatch(/^[0-9a-f]{24}$/);
    const cookie = response.cookies.find((c) => c.name === 'phonehaat_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
  });

  it('refuses a second account with the same email (any case) with a 409', async () => {
    await post('/api/auth/signup', { email: 'twice@example.test', password: 'long enough pw' });
    const again = await post('/api/auth/signup', { email: 'TWICE@example.test', password: 'other password' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_EXISTS', message: expect.stringContaining('already exists') });
  });

  it('answers field messages for missing or bad input', async () => {
    const empty = await post('/api/auth/signup', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ email: ' Email url is required !', password: ' Password  is required !' });
    const bad = await post('/api/auth/signup', { email: 'not-an-email', password: 'short' });
    expect(bad.json().fields).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password should be at least 8 characters',
    });
  });

  it('sets the Secure flag (and the __Host- name) when the public address is https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://phonehaat.example' });
    try {
      const response = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: 's@example.test', password: 'long enough pw' },
      });
      expect(response.cookies.find((c) => c.name === '__Host-phonehaat_session')?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });
});

describe('login', () => {
  it('logs in with the right password and answers the same message for a wrong password or unknown email', async () => {
    const buyer = await registerActor(t.app, 'buyer');
    const ok = await post('/api/auth/login', { email: buyer.email.toUpperCase(), password: buyer.password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe(buyer.email);

    const wrong = await post('/api/auth/login', { email: buyer.email, password: 'not the password' });
    const unknown = await post('/api/auth/login', { email: 'nobody@example.test', password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it('gives the spec messages for empty fields', async () => {
    const response = await post('/api/auth/login', { email: '', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ email: 'Email is required !', password: 'Password is required !' });
  });

  it('throttles repeated failures on one account with a 429, even with the right password', async () => {
    const buyer = await registerActor(t.app, 'buyer');
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/auth/login', { email: buyer.email, password: 'wrong password' })).statusCode).toBe(401);
    }
    const blocked = await post('/api/auth/login', { email: buyer.email, password: buyer.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many failed login attempts/);
  });

  it('throttles one address that tries many accounts', async () => {
    const attempts = Array.from({ length: 50 }, (_, i) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `guess${i}@example.test`, password: 'x' },
        remoteAddress: '10.9.9.9',
      }),
    );
    await Promise.all(attempts);
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'fresh@example.test', password: 'x' },
      remoteAddress: '10.9.9.9',
    });
    expect(next.statusCode).toBe(429);
  });

  const loginFrom = (remoteAddress: string, email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

  it('counts a burst of parallel guesses before checking any of them: five get through, the rest wait', async () => {
    const buyer = await registerActor(t.app, 'buyer');
    const burst = await Promise.all(
      Array.from({ length: 12 }, () => loginFrom('10.7.0.1', buyer.email, 'wrong password')),
    );
    const statuses = burst.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
  });

  it("does not let a stranger's wrong guesses lock the owner out", async () => {
    const buyer = await registerActor(t.app, 'buyer');
    for (let i = 0; i < 5; i++) await loginFrom('10.7.1.1', buyer.email, 'wrong password');
    expect((await loginFrom('10.7.1.1', buyer.email, buyer.password)).statusCode).toBe(429);
    expect((await loginFrom('10.7.1.2', buyer.email, buyer.password)).statusCode).toBe(200);
  });

  it('throttles guessing at one account spread over many addresses', async () => {
    const buyer = await registerActor(t.app, 'buyer');
    await Promise.all(Array.from({ length: 50 }, (_, i) => loginFrom(`10.7.2.${i}`, buyer.email, 'wrong password')));
    expect((await loginFrom('10.7.3.1', buyer.email, 'wrong password')).statusCode).toBe(429);
    expect((await loginFrom('10.7.3.2', buyer.email, buyer.password)).statusCode).toBe(429);
  });

  /** Logs in with the right password from `remoteAddress`; answers the known-device cookie the browser gets. */
  async function knownDeviceOf(email: string, password: string, remoteAddress: string): Promise<string> {
    const login = await loginFrom(remoteAddress, email, password);
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.find((c) => c.name === 'phonehaat_device');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/login' });
    return `${cookie!.name}=${cookie!.value}`;
  }

  const loginWithCookie = (remoteAddress: string, email: string, password: string, cookie: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress,
      headers: { cookie },
    });

  it("cannot lock the owner out of a browser they logged in from before, while strangers' guesses fill the account's limit", async () => {
    const buyer = await registerActor(t.app, 'buyer');
    const device = await knownDeviceOf(buyer.email, buyer.password, '198.51.100.7');
    for (let address = 0; address < 10; address++) {
      for (let i = 0; i < 6; i++) await loginFrom(`2001:db8:7:${address}::1`, buyer.email, 'wrong password');
    }
    expect((await loginFrom('198.51.100.8', buyer.email, buyer.password)).statusCode).toBe(429);
    expect((await loginWithCookie('198.51.100.8', buyer.email, buyer.password, device)).statusCode).toBe(200);
  });

  it("gives a known browser no way past another account's limit, nor past its own five, and ignores a forged token", async () => {
    const [owner, other] = await Promise.all([registerActor(t.app, 'buyer'), registerActor(t.app, 'buyer')]);
    const otherDevice = await knownDeviceOf(other.email, other.password, '198.51.100.20');
    await Promise.all(Array.from({ length: 50 }, (_, i) => loginFrom(`10.8.2.${i}`, owner.email, 'wrong password')));
    expect((await loginWithCookie('198.51.100.21', owner.email, owner.password, otherDevice)).statusCode).toBe(429);
    expect(
      (await loginWithCookie('198.51.100.21', owner.email, owner.password, 'phonehaat_device=forged.token.here'))
        .statusCode,
    ).toBe(429);

    const device = await knownDeviceOf(other.email, other.password, '198.51.100.22');
    for (let i = 0; i < 5; i++) await loginWithCookie('198.51.100.23', other.email, 'wrong password', device);
    expect((await loginWithCookie('198.51.100.23', other.email, other.password, device)).statusCode).toBe(429);
  });

  it('lets people who logged in from a shared address before keep logging in after others used up its limit', async () => {
    const regular = await registerActor(t.app, 'buyer');
    const device = await knownDeviceOf(regular.email, regular.password, '10.9.8.1');
    await Promise.all(
      Array.from({ length: 50 }, (_, i) => loginFrom('10.9.8.1', `stranger${i}@example.test`, 'wrong password')),
    );
    expect((await loginFrom('10.9.8.1', regular.email, regular.password)).statusCode).toBe(429);
    expect((await loginWithCookie('10.9.8.1', regular.email, regular.password, device)).statusCode).toBe(200);
  });

  it('does not take a known-device token for an access token', async () => {
    const buyer = await registerActor(t.app, 'buyer');
    const device = await knownDeviceOf(buyer.email, buyer.password, '198.51.100.30');
    const token = device.slice('phonehaat_device='.length);
    const me = await t.app.inject({
      method: 'GET',
      url: `/api/orders?email=${encodeURIComponent(buyer.email)}`,
      headers: { authorization: `bearer ${token}` },
    });
    expect(me.statusCode).toBe(401);
  });

  it('gives the browser a known-device token at sign-up too', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: `device.${Date.now()}@example.test`, password: 'a good long password' },
    });
    expect(signup.cookies.find((c) => c.name === 'phonehaat_device')).toMatchObject({
      path: '/api/auth/login',
      httpOnly: true,
    });
  });

  it('counts an IPv6 sender by its /64, so changing the address within it does not reset the count', async () => {
    const buyer = await registerActor(t.app, 'buyer');
    const statuses = [];
    for (let i = 1; i <= 6; i++)
      statuses.push((await loginFrom(`2001:db8:8:1::${i}`, buyer.email, 'wrong password')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('does not count successful logins against an address, so many people can share one', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => registerActor(t.app, 'buyer')));
    for (let round = 0; round < 10; round++) {
      const answers = await Promise.all(people.map((p) => loginFrom('10.7.4.1', p.email, p.password)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    }
  });

  it('forgives earlier failures once the owner logs in', async () => {
    const buyer = await registerActor(t.app, 'buyer');
    for (let i = 0; i < 4; i++) await loginFrom('10.7.5.1', buyer.email, 'wrong password');
    expect((await loginFrom('10.7.5.1', buyer.email, buyer.password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await loginFrom('10.7.5.1', buyer.email, 'wrong password')).statusCode).toBe(401);
  });

  it('makes a hash from the test runs’ cost again at OWASP’s at the next login, once', async () => {
    const buyer = await registerActor(t.app, 'buyer');
    const storedHash = async () =>
      (
        await t.db
          .selectFrom('users')
          .select('password_hash')
          .where('email', '=', buyer.email)
          .executeTakeFirstOrThrow()
      ).password_hash!;
    expect(await storedHash()).toContain('$m=8,t=1,p=1$');
    vi.stubEnv('PASSWORD_HASH_COST', 'owasp');
    try {
      expect((await loginFrom('10.7.6.1', buyer.email, 'wrong password')).statusCode).toBe(401);
      expect(await storedHash()).toContain('$m=8,t=1,p=1$');
      const upgrading = await loginFrom('10.7.6.1', buyer.email, buyer.password);
      expect(upgrading.statusCode).toBe(200);
      const upgraded = await storedHash();
      expect(upgraded).toContain('$m=19456,t=2,p=1$');
      // The browser's known-device token names the hash the account has now.
      const device = upgrading.cookies.find((c) => c.name === KNOWN_DEVICE_COOKIE)!.value;
      expect(await t.app.deps.tokens.isKnownDevice(device, { id: buyer.user.uid, password_hash: upgraded })).toBe(true);
      expect((await loginFrom('10.7.6.1', buyer.email, buyer.password)).statusCode).toBe(200);
      expect(await storedHash()).toBe(upgraded);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('keeps the running windows when the counters move into the shared table (migration 036)', async () => {
    const buyer = await registerActor(t.app, 'buyer');
    const startedAgo = (minutes: number) => new Date(Date.now() - minutes * 60 * 1000).toISOString();
    // The table as migration 001 made it, holding what the server counted before the upgrade.
    const before = t.db as unknown as Kysely<unknown>;
    await createTable(before, 'login_failures', [
      ['key', 'text', (c) => c.primaryKey()],
      ...required('integer', 'failures'),
      ...required(engineTypes(t.engine).timestamp, 'window_started_at'),
    ]);
    const running = startedAgo(5);
    await (before as Kysely<{ login_failures: { key: string; failures: number; window_started_at: string } }>)
      .insertInto('login_failures')
      .values([
        { key: `pair:10.7.6.1 ${buyer.email}`, failures: 5, window_started_at: running },
        { key: `verify:${buyer.user.uid}`, failures: 2, window_started_at: running },
        { key: 'ip:10.7.6.2', failures: 50, window_started_at: startedAgo(16) },
        { key: 'ip:10.7.6.3', failures: 7, window_started_at: running },
        { key: `email:${buyer.email}`, failures: 3, window_started_at: running },
        { key: 'reset-ip:10.7.6.3', failures: 4, window_started_at: running },
        { key: `reset-email:${buyer.email}`, failures: 1, window_started_at: running },
      ])
      .execute();

    await oneCounterTableMigration.up(before);

    const moved = await t.db
      .selectFrom('limit_counters')
      .selectAll()
      .where('key', 'in', [
        `login-pair:10.7.6.1 ${buyer.email}`,
        `verify:${buyer.user.uid}`,
        'login-ip:10.7.6.2',
        'login-ip:10.7.6.3',
        `login-email:${buyer.email}`,
        'reset-ip:10.7.6.3',
        `reset-email:${buyer.email}`,
      ])
      .execute();
    const windowEnds = new Date(Date.parse(running) + 15 * 60 * 1000).toISOString();
    const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : 1);
    expect(moved.sort(byKey)).toEqual(
      [
        { key: `login-pair:10.7.6.1 ${buyer.email}`, used: 5, window_ends_at: windowEnds },
        { key: `verify:${buyer.user.uid}`, used: 2, window_ends_at: windowEnds },
        { key: 'login-ip:10.7.6.3', used: 7, window_ends_at: windowEnds },
        { key: `login-email:${buyer.email}`, used: 3, window_ends_at: windowEnds },
        { key: 'reset-ip:10.7.6.3', used: 4, window_ends_at: windowEnds },
        { key: `reset-email:${buyer.email}`, used: 1, window_ends_at: windowEnds },
      ].sort(byKey),
    );
    expect((await loginFrom('10.7.6.1', buyer.email, buyer.password)).statusCode).toBe(429);
    expect((await loginFrom('10.7.6.2', buyer.email, buyer.password)).statusCode).toBe(200);
    await expect(sql`select key from login_failures`.execute(t.db)).rejects.toThrow(/login_failures/);
  });

  it("behind a trusted proxy, counts the client's address from X-Forwarded-For", async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      const buyer = await registerActor(proxied.app, 'buyer');
      const via = (client: string, password: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: buyer.email, password },
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': client },
        });
      for (let i = 0; i < 5; i++) await via('203.0.113.9', 'wrong password');
      expect((await via('203.0.113.9', buyer.password)).statusCode).toBe(429);
      expect((await via('198.51.100.4', buyer.password)).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe('session, token and account', () => {
  it('answers 401 from /me without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: expect.any(String) });
  });

  it('gives an access token only for the signed-in email', async () => {
    const buyer = await registerActor(t.app, 'buyer');
    const other = await registerActor(t.app, 'buyer');
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/jwt?email=${buyer.email}`,
      headers: { cookie: buyer.cookie },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().accessToken.split('.')).toHaveLength(3);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/jwt?email=${other.email}`,
      headers: { cookie: buyer.cookie },
    });
    expect(foreign.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/jwt?email=${other.email}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('accepts the bearer token or the cookie, and ignores the cookie on a cross-site request', async () => {
    const buyer = await registerActor(t.app, 'buyer');
    expect((await buyer.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: buyer.cookie } })).statusCode,
    ).toBe(200);
    const crossSite = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: buyer.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `bearer ${buyer.token.slice(0, -4)}abcd` },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('refuses changes a page on another site makes the browser send, logout included', async () => {
    const buyer = await registerActor(t.app, 'buyer');
    const crossSite = { cookie: buyer.cookie, 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' };
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: crossSite, payload: 'x' });
    expect(logout.statusCode).toBe(403);
    expect(logout.json().message).toBe('Changes cannot be made from another website');
    expect(logout.headers['set-cookie']).toBeUndefined();
    expect((await buyer.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);

    const sameSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: fromOwnPage(buyer.cookie),
    });
    expect(sameSite.statusCode).toBe(204);
  });

  it('updates the display name and photo', async () => {
    const seller = await registerActor(t.app, 'seller');
    const response = await seller.request({
      method: 'POST',
      url: '/api/auth/update',
      payload: { displayName: 'Shop Owner', photoURL: 'https://example.test/me.png' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ displayName: 'Shop Owner', photoURL: 'https://example.test/me.png' });
    const bad = await seller.request({
      method: 'POST',
      url: '/api/auth/update',
      payload: { displayName: 'x', photoURL: 'javascript:alert(1)' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.photoURL).toMatch(/http/);
  });

  it('logout revokes the session server-side: the cookie and its access tokens stop working', async () => {
    const buyer = await registerActor(t.app, 'buyer');
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: fromOwnPage(buyer.cookie) });
    expect(out.statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: buyer.cookie } })).statusCode,
    ).toBe(401);
    expect((await buyer.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const again = await logInActor(t.app, buyer.email, buyer.password);
    expect((await again.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
  });

  it('stops the tokens of an account the admin deletes', async () => {
    const admin = await adminActor(t.app, t.db);
    const buyer = await registerActor(t.app, 'buyer');
    const deleted = await admin.request({ method: 'DELETE', url: `/api/buyers/${buyer.user.uid}` });
    expect(deleted.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await buyer.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
  });
});

describe('errors', () => {
  it('answers JSON for bad JSON and unknown API paths, never a 500', async () => {
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().message).toBe('The request body is not valid JSON');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
  });

  it('refuses a signed-out call before looking at its body', async () => {
    const response = await post('/api/store/booking/product', {});
    expect(response.statusCode).toBe(401);
  });

  it('sets the security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('the admin named by ADMIN_EMAIL at start', () => {
  it('takes over an account someone opened with that address: old sessions end, only ADMIN_PASSWORD opens it', async () => {
    const squatter = await registerActor(t.app, 'buyer');
    await t.db
      .updateTable('users')
      .set({ google_sub: 'google-of-someone' })
      .where('id', '=', squatter.user.uid)
      .execute();

    expect(await ensureAdmin(t.db, squatter.email, 'the real admin password')).toBe('updated');

    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: squatter.cookie } })).statusCode,
    ).toBe(401);
    expect((await post('/api/auth/login', { email: squatter.email, password: squatter.password })).statusCode).toBe(
      401,
    );
    const row = await t.db
      .selectFrom('users')
      .select(['role', 'google_sub'])
      .where('id', '=', squatter.user.uid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ role: 'admin', google_sub: null });
    const admin = await logInActor(t.app, squatter.email, 'the real admin password');
    const isAdmin = await admin.request({ method: 'GET', url: `/api/admin/${admin.email}` });
    expect(isAdmin.json()).toEqual({ isAdmin: true });
  });

  it('leaves the admin and their sessions alone on a restart with the same settings', async () => {
    const admin = await adminActor(t.app, t.db);
    expect(await ensureAdmin(t.db, admin.email, 'admin password 123')).toBe('unchanged');
    expect((await admin.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
  });
});
