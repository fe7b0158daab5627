import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/connection';
import { isDatabaseUnavailable } from '#server/db/errors';
import { demoListing } from '#server/start/seed/factories';
import { phonePicture } from '#server/start/seed/pictures';
import { runHousekeeping } from '#server/housekeeping';
import { Bell } from '#server/notifications/bell';
import { PushSender } from '#server/push/sender';
import { loadVapidKeys } from '#server/push/vapid';
import { DiskImageStore } from '#server/uploads/store';
import { httpCall } from './support/http-call';
import { mailFolderOf, VERIFY_SUBJECT, waitForMail } from './support/mail-folder';
import { multipartBody } from './support/products';
import { SERVER_PASSWORD, serverAccount } from './support/server-accounts';
import { serverData, type ServerData } from './support/server-database';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { timeLimit } from './support/time-limits';

/*
 * Two server processes on one database (WEB_CONCURRENCY=2, as `npm start` runs on two cores) take 200
 * writes of four kinds at once, while the first one's mail worker sends what they queue and
 * housekeeping rounds run from a third process (this one). On SQLite a transaction that read before
 * writing used to fail with "database is locked" when another process held the write lock; now each
 * waits its turn: no 5xx, nothing at error level or about a lock in any log, every write acknowledged
 * is there.
 */

const BUYERS = 6;
const PRODUCTS = 10;
const EDITS_EACH = 6;
const READS_EACH = 5;
const SIGNUPS = 200 - BUYERS * PRODUCTS - PRODUCTS * EDITS_EACH - (BUYERS + 1) * READS_EACH;

let data: ServerData;
let server: ServerProcess;

/** One call on a connection of its own, so the cluster hands the calls to both processes in turn. */
async function call(
  path: string,
  init: { method?: string; token?: string; json?: object; form?: Buffer; type?: string },
) {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `bearer ${init.token}`;
  if (init.type) headers['content-type'] = init.type;
  const method = init.method ?? (init.json || init.form ? 'POST' : 'GET');
  const answer = await httpCall(server.origin, method, path, { headers, body: init.form ?? init.json });
  return {
    status: answer.status,
    text: answer.body,
    body: JSON.parse(answer.body || 'null') as Record<string, unknown>,
  };
}

async function expectStatus(status: number, path: string, init: Parameters<typeof call>[1]) {
  const answer = await call(path, init);
  if (answer.status !== status) throw new Error(`${init.method ?? 'POST'} ${path}: ${answer.status} ${answer.text}`);
  return answer.body;
}

const listing = (n: number, productImg: string, name?: string) => {
  const { caption: _caption, hue: _hue, ...fields } = demoListing(n);
  return { ...fields, productImg, ...(name ? { productName: name } : {}) };
};

/** Housekeeping rounds one after another from this process, on a connection of its own, until stopped. */
function startHousekeeper(logged: string[]) {
  const handle = openDatabase({ url: data.env.DATABASE_URL, dataDir: data.dataDir });
  const deps = {
    db: handle.db,
    images: new DiskImageStore(join(data.dataDir, 'uploads')),
    bell: new Bell(),
    push: new PushSender({ db: handle.db, keys: loadVapidKeys(data.dataDir), subject: 'mailto:test@example.com' }),
  };
  const log = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => logged.push(line) } } }).log;
  let running = true;
  let rounds = 0;
  const loop = (async () => {
    while (running) {
      await runHousekeeping(deps, log);
      rounds += 1;
      await sleep(20);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await handle.close();
      return rounds;
    },
  };
}

/**
 * A seller with PRODUCTS listings sharing one photo, BUYERS buyers, and another seller who declined a
 * request of each buyer: each buyer and that seller have a notification to read.
 */
async function marketplace(stamp: number) {
  const { origin } = server;
  const seller = await serverAccount(origin, data.dataDir, `lock.seller.${stamp}@example.test`, 'seller');
  const otherSeller = await serverAccount(origin, data.dataDir, `lock.other.${stamp}@example.test`, 'seller');
  const buyerEmails = Array.from({ length: BUYERS }, (_, i) => `lock.buyer${i}.${stamp}@example.test`);
  const buyers = await Promise.all(buyerEmails.map((email) => serverAccount(origin, data.dataDir, email, 'buyer')));
  const picture = await phonePicture({ caption: 'lock', hue: 120, width: 320, height: 240 });
  const upload = async (token: string) => {
    const { payload, headers } = multipartBody({ bytes: picture, contentType: 'image/png', filename: 'p.png' });
    const body = await expectStatus(200, '/api/uploads', { token, form: payload, type: headers['content-type'] });
    return (body.data as { url: string }).url;
  };
  const photo = await upload(seller);
  const products: string[] = [];
  for (let n = 0; n < PRODUCTS; n++) {
    const body = await expectStatus(201, '/api/store_products', { token: seller, json: listing(n, photo) });
    products.push(body.insertedId as string);
  }
  const declined = await expectStatus(201, '/api/store_products', {
    token: otherSeller,
    json: listing(99, await upload(otherSeller)),
  });
  for (const buyer of buyers) {
    const booked = await expectStatus(201, '/api/store/booking/product', {
      token: buyer,
      json: { productId: declined.insertedId, phoneNumber: '01712345678', meetLocation: 'Dhanmondi 27' },
    });
    await expectStatus(200, `/api/bookings/${booked.insertedId as string}/decline`, {
      method: 'PUT',
      token: otherSeller,
      json: {},
    });
  }
  return { seller, photo, products, buyers, buyerEmails, readers: [...buyers, otherSeller] };
}

describe('two server processes on one database', () => {
  beforeAll(async () => {
    data = await serverData();
    server = await startServerProcess({ ...data.env, WEB_CONCURRENCY: '2', AUTH_RATE_LIMIT: '100000' });
  }, timeLimit(120_000));

  afterAll(async () => {
    await server?.stop();
    await data?.dispose();
  });

  it(
    'takes 200 concurrent writes from two processes while mail and housekeeping run: no lock error, no 5xx, nothing lost',
    async () => {
      const stamp = Date.now();
      const { seller, photo, products, buyers, buyerEmails, readers } = await marketplace(stamp);
      const unread = (token: string) => expectStatus(200, '/api/notifications/unread', { method: 'GET', token });
      for (const token of readers) expect(((await unread(token)) as { unread: number }).unread).toBeGreaterThan(0);

      const logged: string[] = [];
      const housekeeper = startHousekeeper(logged);
      const statuses: number[] = [];
      const track = async (write: ReturnType<typeof call>) => {
        const answer = await write;
        statuses.push(answer.status);
        return answer;
      };
      const signups = Array.from({ length: SIGNUPS }, (_, i) => `lock.signup${i}.${stamp}@example.test`);
      const bookings = buyers.flatMap((buyer) =>
        products.map((productId) =>
          track(
            call('/api/store/booking/product', {
              token: buyer,
              json: { productId, phoneNumber: '01712345678', meetLocation: 'Gulshan 2' },
            }),
          ),
        ),
      );
      // Each listing's edits follow one another, so the last one acknowledged is what it shows.
      const lastNames = new Map<string, string>();
      const edits = products.map(async (productId, n) => {
        for (let edit = 1; edit <= EDITS_EACH; edit++) {
          const name = `Lock test phone ${n} edit ${edit}`;
          const answer = await track(
            call(`/api/edit/product/${productId}`, { method: 'PUT', token: seller, json: listing(n, photo, name) }),
          );
          if (answer.status === 200) lastNames.set(productId, name);
        }
      });
      const reads = readers.flatMap((token) =>
        Array.from({ length: READS_EACH }, () => track(call('/api/notifications/read', { method: 'PUT', token }))),
      );
      const signedUp = signups.map((email) =>
        track(call('/api/auth/signup', { json: { email, password: SERVER_PASSWORD } })),
      );
      const booked = await Promise.all(bookings);
      await Promise.all([...edits, ...reads, ...signedUp]);
      expect(statuses).toHaveLength(200);

      // Every sign-up's verification mail goes out: the worker's rounds went on throughout.
      for (const email of signups) await waitForMail(mailFolderOf(data.dataDir), email, VERIFY_SUBJECT);
      const rounds = await housekeeper.stop();

      const log = [...server.stdout(), server.stderr(), ...logged].join('\n');
      expect(log).not.toMatch(/database is locked/i);
      expect(log).not.toMatch(/"level":(50|60)/);
      expect(rounds).toBeGreaterThan(0);
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      expect(statuses.filter((status) => status >= 300)).toEqual([]);

      // Every acknowledged write is there, as each person sees it.
      for (const email of signups) {
        expect((await call('/api/auth/login', { json: { email, password: SERVER_PASSWORD } })).status, email).toBe(200);
      }
      const bookingIds = booked.map((answer) => answer.body.insertedId as string);
      const orders = await Promise.all(
        buyers.map((token, i) =>
          expectStatus(200, `/api/orders?email=${encodeURIComponent(buyerEmails[i]!)}&limit=100`, {
            method: 'GET',
            token,
          }),
        ),
      );
      const orderIds = (orders as unknown as Array<Array<{ _id: string }>>).flat().map((order) => order._id);
      expect(bookingIds.filter((id) => !orderIds.includes(id))).toEqual([]);
      for (const productId of products) {
        const product = await expectStatus(200, `/api/addvertise/product/${productId}`, { method: 'GET' });
        expect(product.productName).toBe(lastNames.get(productId));
      }
      for (const token of readers) expect(await unread(token)).toEqual({ unread: 0 });
    },
    timeLimit(240_000),
  );
});

describe('SQLite transactions', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'phonehaat-lock-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** A second connection to the app's file that never waits for a lock, as another process would see it. */
  const otherProcess = () => {
    const file = new SQLite(join(dir, 'phonehaat.sqlite'));
    file.pragma('busy_timeout = 0');
    return file;
  };

  it('hold the write lock from their first statement, even one that only reads', async () => {
    const handle = openDatabase({ dataDir: dir });
    const other = otherProcess();
    try {
      await sql`create table if not exists t (x integer)`.execute(handle.db);
      await handle.db.transaction().execute(async (trx) => {
        await sql`select count(*) from t`.execute(trx);
        expect(() => other.exec('begin immediate')).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY' }));
      });
      // Reads outside a transaction take no write lock.
      await sql`select count(*) from t`.execute(handle.db);
      other.exec('begin immediate');
      other.exec('rollback');
    } finally {
      other.close();
      await handle.close();
    }
  });

  it("wait for another process's write without stopping their own process", async () => {
    const handle = openDatabase({ dataDir: dir });
    const other = otherProcess();
    try {
      await sql`create table if not exists t (x integer)`.execute(handle.db);
      other.exec('begin immediate');
      const waiting = handle.db.transaction().execute((trx) => sql`insert into t values (1)`.execute(trx));
      // SQLite's own wait would sleep this thread: the timer that lets the other writer go could not fire.
      await new Promise((resolve) => setTimeout(resolve, 50));
      other.exec('commit');
      await waiting;
      const { rows } = await sql<{ n: number }>`select count(*) as n from t where x = 1`.execute(handle.db);
      expect(Number(rows[0]!.n)).toBeGreaterThan(0);
    } finally {
      if (other.inTransaction) other.exec('rollback');
      other.close();
      await handle.close();
    }
  });

  it('a lock SQLite refuses to wait for is the database being busy (a 503), never a 500', () => {
    const first = otherProcess();
    const second = otherProcess();
    try {
      first.exec('create table if not exists t (x integer)');
      second.exec('begin');
      second.prepare('select count(*) from t').get();
      first.exec('insert into t values (1)');
      // The reader's snapshot is out of date: it may not write, and waiting would not help.
      const snapshot = (() => {
        try {
          second.exec('insert into t values (2)');
        } catch (error) {
          return error;
        }
      })();
      expect(snapshot).toMatchObject({ code: 'SQLITE_BUSY_SNAPSHOT' });
      expect(isDatabaseUnavailable(snapshot)).toBe(true);
    } finally {
      if (second.inTransaction) second.exec('rollback');
      second.close();
      first.close();
    }
  });
});
