import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoListing } from '#server/start/seed/factories';
import { phonePicture } from '#server/start/seed/pictures';
import { multipartBody } from './support/products';
import { SERVER_PASSWORD as password, serverAccount } from './support/server-accounts';
import { serverData, type ServerData } from './support/server-database';
import { startServerProcess, type ServerProcess } from './support/server-process';

/*
 * The real server killed with SIGKILL in the middle of concurrent sign-ups, listings and bookings,
 * several rounds on the same data: after each restart every write it had acknowledged is there.
 */

const ROUNDS = 3;

let data: ServerData;
let server: ServerProcess | undefined;
let picture: Buffer;

beforeAll(async () => {
  data = await serverData();
  picture = await phonePicture({ caption: 'crash', hue: 200, width: 320, height: 240 });
});
afterAll(async () => {
  server?.child.kill('SIGKILL');
  await server?.exited;
  await data.dispose();
});

const start = () => startServerProcess({ ...data.env, AUTH_RATE_LIMIT: '100000' });

async function call(
  path: string,
  init: { method?: string; token?: string; json?: object; form?: Buffer; type?: string },
) {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `bearer ${init.token}`;
  if (init.json) headers['content-type'] = 'application/json';
  if (init.type) headers['content-type'] = init.type;
  const response = await fetch(server!.origin + path, {
    method: init.method ?? (init.json || init.form ? 'POST' : 'GET'),
    headers,
    body: init.json ? JSON.stringify(init.json) : init.form && new Uint8Array(init.form),
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> };
}

interface Acknowledged {
  signups: string[];
  products: string[];
  bookings: string[];
}

/** Writers that run until the process dies under them, keeping what got a 2xx. */
function startWriters(seller: string, buyer: string, acknowledged: Acknowledged, toBook: string[]) {
  let running = true;
  let n = acknowledged.products.length + acknowledged.signups.length;
  const keep = async (write: () => Promise<void>) => {
    while (running) await write().catch(() => sleep(20));
  };
  const signups = keep(async () => {
    const email = `crash${++n}.${Date.now()}@example.test`;
    if ((await call('/api/auth/signup', { json: { email, password } })).status === 201)
      acknowledged.signups.push(email);
  });
  const listings = keep(async () => {
    const { payload, headers } = multipartBody({ bytes: picture, contentType: 'image/png', filename: 'p.png' });
    const upload = await call('/api/uploads', { token: seller, form: payload, type: headers['content-type'] });
    const url = (upload.body?.data as { url?: string } | undefined)?.url;
    if (!url) return;
    const { caption: _c, hue: _h, ...fields } = demoListing(++n);
    const listed = await call('/api/store_products', { token: seller, json: { ...fields, productImg: url } });
    if (listed.status !== 201) return;
    acknowledged.products.push(listed.body.insertedId as string);
    toBook.push(listed.body.insertedId as string);
  });
  const bookings = keep(async () => {
    const productId = toBook.shift();
    if (!productId) return void (await sleep(20));
    const booked = await call('/api/store/booking/product', {
      token: buyer,
      json: { productId, phoneNumber: '01712345678', meetLocation: 'Dhanmondi 27' },
    });
    if (booked.status === 201) acknowledged.bookings.push(booked.body.insertedId as string);
  });
  return {
    stop() {
      running = false;
      return Promise.all([signups, listings, bookings]);
    },
  };
}

async function expectAllThere(acknowledged: Acknowledged, buyer: string, buyerEmail: string) {
  for (const id of acknowledged.products) {
    expect((await call(`/api/addvertise/product/${id}`, {})).status, `product ${id}`).toBe(200);
  }
  const orders = await fetch(`${server!.origin}/api/orders?email=${encodeURIComponent(buyerEmail)}&limit=100`, {
    headers: { authorization: `bearer ${buyer}` },
  });
  const orderIds = ((await orders.json()) as Array<{ _id: string }>).map((o) => o._id);
  expect(acknowledged.bookings.filter((id) => !orderIds.includes(id))).toEqual([]);
  for (const email of acknowledged.signups) {
    expect((await call('/api/auth/login', { json: { email, password } })).status, email).toBe(200);
  }
}

describe('SIGKILL in the middle of writes', () => {
  it(`loses no acknowledged sign-up, listing or booking (${ROUNDS} rounds)`, async () => {
    server = await start();
    const sellerEmail = `crash.seller.${Date.now()}@example.test`;
    const buyerEmail = `crash.buyer.${Date.now()}@example.test`;
    const seller = await serverAccount(server.origin, data.dataDir, sellerEmail, 'seller');
    const buyer = await serverAccount(server.origin, data.dataDir, buyerEmail, 'buyer');
    const acknowledged: Acknowledged = { signups: [], products: [], bookings: [] };
    const toBook: string[] = [];

    const counts = () => [acknowledged.signups.length, acknowledged.products.length, acknowledged.bookings.length];
    for (let round = 1; round <= ROUNDS; round++) {
      const before = counts();
      const writers = startWriters(seller, buyer, acknowledged, toBook);
      // Until a few writes of this round are acknowledged, of each kind (a cheap sign-up alone would
      // make the few), so the kill lands among more in flight of every kind.
      for (let wait = 0; wait < 300; wait++) {
        const made = counts().map((count, kind) => count - before[kind]!);
        if (made.every((count) => count > 0) && made.reduce((a, b) => a + b) >= 6) break;
        await sleep(100);
      }
      server.child.kill('SIGKILL');
      await server.exited;
      await writers.stop();

      server = await start();
      await expectAllThere(acknowledged, buyer, buyerEmail);
    }
    expect(acknowledged.products.length).toBeGreaterThan(0);
    expect(acknowledged.bookings.length).toBeGreaterThan(0);
    expect(acknowledged.signups.length).toBeGreaterThan(0);
  }, 400_000);
});
