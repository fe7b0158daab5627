import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { Agent, get as httpGet } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadAuthSecret } from '#server/auth/secret';
import { loadConfig } from '#server/config';
import { openDatabase } from '#server/db/connection';
import { phonePicture } from '#server/start/seed/pictures';
import { MAX_UPLOADS_IN_FLIGHT, MAX_UPLOADS_IN_FLIGHT_PER_SELLER } from '#server/uploads/routes';
import { ensureAdmin } from '#server/start/setup';
import { adminActor, logInActor, registerActor, tryLogIn, type Actor, fromOwnPage } from './support/actors';
import { createTestApp, type TestApp } from './support/app';
import { multipartBody, uploadFile } from './support/products';
import { timeLimit } from './support/time-limits';
import { transportFor } from '#server/mail/transport';
import { deliverDueMail, writtenMailLine } from '#server/mail/worker';
import { findMail, mailFolderOf, RESET_SUBJECT, tokenOfLink, VERIFY_SUBJECT } from './support/mail-folder';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a new ADMIN_PASSWORD at start', () => {
  it('ends every session of the admin, cookies and access tokens alike; only the new password opens it', async () => {
    const admin = await adminActor(t.app, t.db);
    const other = await logInActor(t.app, admin.email, admin.password);

    expect(await ensureAdmin(t.db, admin.email, 'the rotated admin password')).toBe('updated');

    for (const actor of [admin, other]) {
      const byCookie = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: actor.cookie } });
      expect(byCookie.statusCode).toBe(401);
      expect((await actor.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    }
    const oldPassword = await tryLogIn(t.app, admin);
    expect(oldPassword.statusCode).toBe(401);
    const fresh = await logInActor(t.app, admin.email, 'the rotated admin password');
    expect((await fresh.request({ method: 'GET', url: `/api/admin/${admin.email}` })).json()).toEqual({
      isAdmin: true,
    });
  });
});

describe('files at rest', () => {
  it('makes DATA_DIR 0700 and, on SQLite, the database and its WAL 0600, whatever the umask', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'phonehaat-files-'));
    const dataDir = join(parent, 'data');
    const umask = process.umask(0o022);
    const handle = openDatabase({ url: process.env.TEST_DATABASE_URL || undefined, dataDir });
    try {
      expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
      if (handle.engine === 'sqlite') {
        // The WAL file appears with the first write.
        await sql`create table probe (x integer)`.execute(handle.db);
        for (const file of ['phonehaat.sqlite', 'phonehaat.sqlite-wal']) {
          expect((await stat(join(dataDir, file))).mode & 0o777, file).toBe(0o600);
        }
      }
    } finally {
      process.umask(umask);
      await handle.close();
      await rm(parent, { recursive: true, force: true });
    }
  });

  it('tightens a database file an older version left readable by everyone', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'phonehaat-files-'));
    await writeFile(join(dataDir, 'phonehaat.sqlite'), '', { mode: 0o644 });
    const handle = openDatabase({ dataDir });
    try {
      expect((await stat(join(dataDir, 'phonehaat.sqlite'))).mode & 0o777).toBe(0o600);
    } finally {
      await handle.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('stops the start with a message when the stored signing secret is empty or short, and keeps a good one', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'phonehaat-secret-'));
    try {
      const made = loadAuthSecret(dataDir);
      expect(made.length).toBeGreaterThanOrEqual(32);
      expect((await stat(join(dataDir, 'auth-secret'))).mode & 0o777).toBe(0o600);
      expect(loadAuthSecret(dataDir)).toBe(made);
      for (const [content, problem] of [
        ['', 'empty'],
        ['  \n', 'empty'],
        ['x'.repeat(31), 'only 31 characters long'],
      ]) {
        await writeFile(join(dataDir, 'auth-secret'), content!);
        expect(() => loadAuthSecret(dataDir)).toThrow(problem!);
      }
      expect(loadAuthSecret(dataDir, 'a configured secret of thirty-two characters')).toMatch(/^a configured/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('requests the HTTP parser refuses', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  /** Sends raw bytes on a fresh connection and answers everything the server sends until it closes. */
  function rawExchange(bytes: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
  }

  it.each([
    ['headers over the limit', `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ['a broken header line', 'GET /api/health HTTP/1.1\r\nHost: x\r\nNot a header\r\n\r\n', 400],
    ['a broken request line', 'GET /api/health HTTP/9.9.9\r\nHost: x\r\n\r\n', 400],
  ])('answers %s in the API shape and says the connection closes', async (_what, request, status) => {
    const answer = await rawExchange(request);
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    expect(head).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(body!)).toEqual({ message: expect.any(String), code: 'BAD_REQUEST' });
  });

  it('lets a keep-alive client go on with a fresh connection after its request was refused', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = (headers: Record<string, string> = {}) =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const request = httpGet({ host: '127.0.0.1', port, path: '/api/health', agent, headers }, (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode!, connection: response.headers.connection }));
        });
        request.on('error', reject);
      });
    try {
      expect((await get()).status).toBe(200);
      expect(await get({ 'x-big': 'a'.repeat(20_000) })).toEqual({ status: 431, connection: 'close' });
      expect((await get()).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});

describe('cookies and caching', () => {
  it('over https: names the session cookie __Host-, Secure on path /, ignores a planted plain one, and sends HSTS', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://phonehaat.example' });
    try {
      const signup = await https.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: 'host-prefix@example.test', password: 'long enough pw' },
      });
      const cookie = signup.cookies.find((c) => c.name.endsWith('phonehaat_session'));
      expect(cookie).toMatchObject({ name: '__Host-phonehaat_session', secure: true, path: '/', httpOnly: true });
      expect(cookie?.domain).toBeUndefined();
      expect(signup.headers['strict-transport-security']).toBe('max-age=31536000');

      const me = (name: string) =>
        https.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `${name}=${cookie!.value}` } });
      expect((await me('__Host-phonehaat_session')).statusCode).toBe(200);
      expect((await me('phonehaat_session')).statusCode).toBe(401);
      const page = await https.app.inject({ method: 'GET', url: '/api/categoires' });
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000');
    } finally {
      await https.close();
    }
  });

  it('over plain http: the plain cookie name and no HSTS (browsers ignore it there)', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'plain-http@example.test', password: 'long enough pw' },
    });
    expect(signup.cookies.map((c) => c.name)).toContain('phonehaat_session');
    expect(signup.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers tokens, the account, orders and the dashboards lists with Cache-Control: no-store', async () => {
    const admin = await adminActor(t.app, t.db);
    const buyer = await registerActor(t.app, 'buyer');
    const seller = await registerActor(t.app, 'seller');
    const calls: Array<[Actor, string]> = [
      [buyer, `/api/jwt?email=${encodeURIComponent(buyer.email)}`],
      [buyer, '/api/auth/me'],
      [buyer, `/api/orders?email=${encodeURIComponent(buyer.email)}`],
      [seller, `/api/products?email=${encodeURIComponent(seller.email)}`],
      [admin, '/api/buyers'],
      [admin, '/api/sellers'],
      [admin, '/api/unverifiedsellers'],
      [admin, '/api/all/reported/products'],
    ];
    for (const [actor, url] of calls) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie: actor.cookie } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('photo uploads under attack', () => {
  /** Answers 400 at once when no Content-Disposition names the part (busboy used to wait for ever). */
  const noDisposition = (size: number) => {
    const boundary = 'no-disposition-boundary';
    return {
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Type: image/png\r\n\r\n`),
        Buffer.alloc(size, 65),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  };

  it('answers a part without Content-Disposition, small or large, and frees its slot', async () => {
    const seller = await registerActor(t.app, 'seller');
    for (const size of [1_000, 17_000, 200_000, 1_000_000]) {
      const response = await seller.request({ method: 'POST', url: '/api/uploads', ...noDisposition(size) });
      expect(response.statusCode, `${size} bytes`).toBe(400);
      expect(response.json()).toMatchObject({ code: 'BAD_REQUEST', fields: { image: expect.any(String) } });
    }
    const bytes = await phonePicture({ caption: 'after', hue: 10, width: 64, height: 48 });
    const both = await Promise.all([uploadFile(seller, { bytes }), uploadFile(seller, { bytes })]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
  });

  describe('over real HTTP, from many addresses', () => {
    const rule = { graceMs: 4_000, minBytesPerSecond: 16 * 1024, checkEveryMs: 100 };
    let http: TestApp;
    let port: number;
    beforeAll(async () => {
      http = await createTestApp({ TRUST_PROXY: '127.0.0.1' }, { uploadArrivalRule: rule });
      await http.app.listen({ port: 0, host: '127.0.0.1' });
      port = (http.app.server.address() as AddressInfo).port;
    });
    afterAll(() => http.close());

    /** Starts an upload from `address` that sends its headers and `sent` bytes of its body, then waits. */
    function stalledUpload(
      seller: Actor,
      address: string,
      body = multipartBody({ bytes: Buffer.alloc(1_000_000, 7) }),
      sent = 300,
    ) {
      const socket = connect(port, '127.0.0.1');
      socket.write(
        'POST /api/uploads HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
          `Authorization: bearer ${seller.token}\r\nX-Forwarded-For: ${address}\r\n` +
          `Content-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length}\r\n\r\n`,
      );
      socket.write(body.payload.subarray(0, sent));
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.on('error', () => undefined);
      const answered = new Promise<string>((resolve) => socket.on('close', () => resolve(answer)));
      return { answered, socket };
    }

    /** An upload that is no form: 415 at once, unless the seller's slots are all taken (429). */
    const probe = (seller: Actor, address: string) =>
      seller.request({ method: 'POST', url: '/api/uploads', remoteAddress: address, payload: {} });

    const upload = (seller: Actor, address: string, bytes: Buffer) =>
      seller.request({ method: 'POST', url: '/api/uploads', remoteAddress: address, ...multipartBody({ bytes }) });

    it('lets slow senders hold no shared slot: a real seller still uploads, and stalled uploads end with 408', async () => {
      const attackers = await Promise.all(
        Array.from({ length: MAX_UPLOADS_IN_FLIGHT / MAX_UPLOADS_IN_FLIGHT_PER_SELLER }, () =>
          registerActor(http.app, 'seller'),
        ),
      );
      const stalled = attackers.flatMap((attacker, i) => [
        stalledUpload(attacker, `10.9.0.${i}`),
        stalledUpload(attacker, `10.9.0.${i}`),
      ]);
      const bytes = await phonePicture({ caption: 'real', hue: 200, width: 64, height: 48 });
      try {
        // Each attacker's two uploads are under way once a third one meets the seller's own limit.
        for (const [i, attacker] of attackers.entries()) {
          await vi.waitFor(async () => expect((await probe(attacker, `10.9.1.${i}`)).statusCode).toBe(429), {
            timeout: timeLimit(10_000),
            interval: 50,
          });
        }

        const real = await registerActor(http.app, 'seller');
        expect((await upload(real, '10.9.2.1', bytes)).statusCode).toBe(200);

        for (const { answered } of stalled) {
          const answer = await answered;
          expect(answer).toMatch(/^HTTP\/1.1 408 /);
          expect(answer).toMatch(/\r\nconnection: close\r\n/i);
          expect(answer).toContain('"code":"TOO_SLOW"');
        }
        expect((await upload(attackers[0]!, '10.9.0.0', bytes)).statusCode).toBe(200);
      } finally {
        for (const { socket } of stalled) socket.destroy();
      }
    });

    it('answers a whole part without Content-Disposition sent over a socket, and frees its slot', async () => {
      const seller = await registerActor(http.app, 'seller');
      const body = noDisposition(1_000_000);
      const { answered, socket } = stalledUpload(seller, '10.9.3.1', body, body.payload.length);
      try {
        expect(await answered).toMatch(/^HTTP\/1.1 400 /);
      } finally {
        socket.destroy();
      }
      const bytes = await phonePicture({ caption: 'after', hue: 20, width: 64, height: 48 });
      const both = await Promise.all([upload(seller, '10.9.3.1', bytes), upload(seller, '10.9.3.1', bytes)]);
      expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    });
  });
});

describe('calls without a body sent with content-type: application/json, as the spec client does', () => {
  it('runs PUT, DELETE and POST calls that take no body, and says an empty body is empty where one is needed', async () => {
    const admin = await adminActor(t.app, t.db);
    const seller = await registerActor(t.app, 'seller');
    const buyer = await registerActor(t.app, 'buyer');
    const json = { 'content-type': 'application/json' };

    const verify = await admin.request({
      method: 'PUT',
      url: `/api/verify_seller?email=${encodeURIComponent(seller.email)}`,
      headers: json,
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({ modifiedCount: 1 });

    const deleted = await admin.request({ method: 'DELETE', url: `/api/buyers/${buyer.user.uid}`, headers: json });
    expect(deleted.json()).toMatchObject({ deletedCount: 1 });

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...json, ...fromOwnPage(seller.cookie) },
    });
    expect(logout.statusCode).toBe(204);

    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: json });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({ code: 'BAD_REQUEST', message: 'The request body is empty' });
  });
});

describe('state changes with the session cookie alone', () => {
  it('count only with a same-origin proof, whatever the method, GET /deleteSellerVerification included', async () => {
    const seller = await registerActor(t.app, 'seller');
    const admin = await adminActor(t.app, t.db);
    const apply = () =>
      seller
        .request({
          method: 'POST',
          url: '/api/seller/verification',
          payload: { name: 'Seller', email: seller.email, photoURL: 'https://example.test/p.png' },
        })
        .then((r) => r.statusCode);
    const remove = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/api/deleteSellerVerification?email=${seller.email}`, headers });

    expect(await apply()).toBeLessThan(300);
    // A link or an old browser without fetch metadata: the cookie alone is not enough.
    for (const headers of [
      { cookie: admin.cookie } as Record<string, string>,
      { cookie: admin.cookie, 'sec-fetch-site': 'same-site' },
      { cookie: admin.cookie, 'sec-fetch-site': 'none' },
      { cookie: admin.cookie, origin: 'https://evil.example' },
    ]) {
      expect((await remove(headers)).statusCode, JSON.stringify(headers)).toBe(401);
    }
    const ownPage = await remove(fromOwnPage(admin.cookie));
    expect(ownPage.json()).toMatchObject({ deletedCount: 1 });

    expect(await apply()).toBeLessThan(300);
    const byOrigin = await remove({ cookie: admin.cookie, origin: 'http://127.0.0.1:3000' });
    expect(byOrigin.json()).toMatchObject({ deletedCount: 1 });

    expect(await apply()).toBeLessThan(300);
    const byToken = await admin.request({ method: 'GET', url: `/api/deleteSellerVerification?email=${seller.email}` });
    expect(byToken.json()).toMatchObject({ deletedCount: 1 });

    // Reads still work with the cookie alone.
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: seller.cookie } });
    expect(me.statusCode).toBe(200);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/read',
      headers: { cookie: seller.cookie },
    });
    expect(put.statusCode).toBe(401);
  });
});

describe('CORS_ORIGINS', () => {
  it("lets the listed origins' pages call with a bearer token, and nobody else", async () => {
    const app = await createTestApp({ CORS_ORIGINS: 'https://m.phonehaat.example, https://spec-client.example/' });
    try {
      const buyer = await registerActor(app.app, 'buyer');
      const preflight = await app.app.inject({
        method: 'OPTIONS',
        url: '/api/orders',
        headers: {
          origin: 'https://spec-client.example',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('https://spec-client.example');
      expect(preflight.headers['access-control-allow-headers']).toContain('authorization');
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();

      const fromThere = { origin: 'https://m.phonehaat.example', 'sec-fetch-site': 'cross-site' };
      const orders = await buyer.request({
        method: 'GET',
        url: `/api/orders?email=${buyer.email}`,
        headers: fromThere,
      });
      expect(orders.statusCode).toBe(200);
      expect(orders.headers['access-control-allow-origin']).toBe('https://m.phonehaat.example');
      expect(orders.headers['access-control-expose-headers']).toContain('x-total-count');
      const change = await buyer.request({ method: 'PUT', url: '/api/notifications/read', headers: fromThere });
      expect(change.statusCode).toBe(200);
      // Its cookie never counts: another site's page cannot act through the user's session.
      const byCookie = await app.app.inject({
        method: 'PUT',
        url: '/api/notifications/read',
        headers: { ...fromThere, cookie: buyer.cookie },
      });
      expect(byCookie.statusCode).toBe(401);

      const elsewhere = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
      const refused = await buyer.request({ method: 'PUT', url: '/api/notifications/read', headers: elsewhere });
      expect(refused.statusCode).toBe(403);
      const read = await buyer.request({ method: 'GET', url: '/api/notifications', headers: elsewhere });
      expect(read.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('is off by default', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/orders',
      headers: { origin: 'https://spec-client.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a value that is not a list of web origins, at start', () => {
    expect(() => loadConfig({ CORS_ORIGINS: 'not a url' })).toThrow(/CORS_ORIGINS/);
  });
});

describe('logs', () => {
  it('carry no email address and no OAuth code or state, whatever the request', async () => {
    const lines: string[] = [];
    const logged = await createTestApp(
      {},
      { logger: { level: 'info', stream: { write: (line) => lines.push(line) } } },
    );
    try {
      const buyer = await registerActor(logged.app, 'buyer', { email: `log.secret.${Date.now()}@example.test` });
      await buyer.request({ method: 'GET', url: `/api/orders?email=${encodeURIComponent(buyer.email)}` });
      await buyer.request({ method: 'GET', url: `/api/jwt?EMAIL=${buyer.email}&page=1` });
      await buyer.request({ method: 'GET', url: `/api/buyer/${encodeURIComponent(buyer.email)}` });
      await logged.app.inject({
        method: 'GET',
        url: '/api/auth/google/callback?code=SECRETCODE42&state=SECRETSTATE42',
      });
      const all = lines.join('\n');
      expect(all).toContain('/api/orders?email=[redacted]');
      expect(all).toContain('page=1');
      for (const secret of [buyer.email, encodeURIComponent(buyer.email), 'SECRETCODE42', 'SECRETSTATE42']) {
        expect(all).not.toContain(secret);
      }
    } finally {
      await logged.close();
    }
  });

  const post = (app: TestApp, url: string, payload: object) => app.app.inject({ method: 'POST', url, payload });
  const findMailIn = async (app: TestApp, address: string, subject: RegExp) => {
    const mail = await findMail(mailFolderOf(app.dataDir), address, subject);
    if (!mail) throw new Error(`no mail to ${address} like ${subject}`);
    return mail;
  };

  /** An app on a public address that logs to `lines`, and the worker's line for each mail it writes to a file. */
  async function publicServerLogging(lines: string[], publicUrl = 'https://phonehaat.example') {
    const logged = await createTestApp(
      { PUBLIC_URL: publicUrl },
      { logger: { level: 'info', stream: { write: (line) => lines.push(line) } } },
    );
    const { config } = logged.app.deps;
    const sendRound = async () => {
      const transport = transportFor(config, (mail) => logged.app.log.info(writtenMailLine(config.PUBLIC_URL, mail)));
      await deliverDueMail(logged.app.deps, transport, logged.app.log);
      transport.close();
    };
    return { logged, sendRound };
  }

  it("never carry a mailed link's token or the address it went to, on a public server", async () => {
    const lines: string[] = [];
    const { logged, sendRound } = await publicServerLogging(lines);
    try {
      const email = `mailed.${Date.now()}@example.test`;
      const signup = await logged.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email, password: 'long enough pw' },
      });
      expect(signup.statusCode).toBe(201);
      expect((await post(logged, '/api/account/forgot-password', { email })).statusCode).toBe(200);
      await sendRound();
      const tokens = await Promise.all(
        [VERIFY_SUBJECT, RESET_SUBJECT].map(async (subject) =>
          tokenOfLink(
            await findMailIn(logged, email, subject),
            subject === VERIFY_SUBJECT ? '/verify-email' : '/reset-password',
          ),
        ),
      );
      // The link as a person opens it, and as the page then sends it.
      await logged.app.inject({ method: 'GET', url: `/verify-email?token=${tokens[0]}` });
      await post(logged, '/api/account/verify-email', { token: tokens[0] });

      const all = lines.join('\n');
      for (const secret of [email, encodeURIComponent(email), ...tokens]) expect(all).not.toContain(secret);
      const mailLines = lines
        .map((line) => JSON.parse(line) as { msg: string })
        .filter((l) => l.msg.startsWith('mail written'));
      expect(mailLines.map((l) => l.msg)).toEqual([
        'mail written: "Verify your email address for PhoneHaat" https://phonehaat.example/verify-email?token=[redacted]',
        expect.stringMatching(
          /^mail written: "Choose a new .* password" https:\/\/phonehaat\.example\/reset-password\?token=\[redacted\]$/,
        ),
      ]);
    } finally {
      await logged.close();
    }
  });

  it("show the mail's subject and whole link on a line of its own while the server is this machine's", async () => {
    const lines: string[] = [];
    const { logged, sendRound } = await publicServerLogging(lines, 'http://localhost:3000');
    try {
      const email = `local.${Date.now()}@example.test`;
      await logged.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email, password: 'long enough pw' },
      });
      await sendRound();
      const token = tokenOfLink(await findMailIn(logged, email, VERIFY_SUBJECT), '/verify-email');
      const line = lines.map((l) => JSON.parse(l) as { msg: string }).find((l) => l.msg.startsWith('mail written'));
      expect(line?.msg).toBe(
        `mail written: "Verify your email address for PhoneHaat" http://localhost:3000/verify-email?token=${token}`,
      );
      expect(lines.join('\n')).not.toContain(email);
    } finally {
      await logged.close();
    }
  });

  it('carry no address from a refusal of the mail server', async () => {
    const lines: string[] = [];
    const { logged } = await publicServerLogging(lines);
    try {
      const email = `refused.${Date.now()}@example.test`;
      await logged.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email, password: 'long enough pw' },
      });
      const refusing = {
        send: () => Promise.reject(new Error(`550 5.1.1 <${email}>: Recipient address rejected`)),
        close: () => {},
      };
      await deliverDueMail(logged.app.deps, refusing, logged.app.log);
      const all = lines.join('\n');
      expect(all).toContain('550 5.1.1 <[email]>: Recipient address rejected');
      expect(all).not.toContain(email);
    } finally {
      await logged.close();
    }
  });
});
