import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoListing } from '#server/start/seed/factories';
import { phonePicture } from '#server/start/seed/pictures';
import { cookieFrom, httpCall } from './support/http-call';
import { multipartBody } from './support/products';
import { serverData, type ServerData } from './support/server-database';
import { startServerProcess, type ServerProcess } from './support/server-process';
import {
  dropRedisKeys,
  startS3Server,
  TEST_REDIS_URL,
  uniqueRedisPrefix,
  type S3Server,
} from './support/shared-services';

/*
 * Two machines, as docs/scaling.md sets them up: two server processes (each with a DATA_DIR of its
 * own) on one PostgreSQL, one Redis and one S3 store, behind a proxy (TRUST_PROXY). Whatever one
 * does, the other must see at once.
 */
const postgresUrl = process.env.TEST_DATABASE_URL || undefined;
const redisPrefix = uniqueRedisPrefix('multi');
const AUTH_RATE_LIMIT = 4;
let s3: S3Server;
const machinesData: ServerData[] = [];
let a: ServerProcess;
let b: ServerProcess;

/** A machine: a data folder of its own, the first one's database, and the shared Redis and S3. */
async function startMachine(env: Record<string, string>): Promise<ServerProcess> {
  const data = await serverData(machinesData[0]);
  machinesData.push(data);
  return startServerProcess({
    ...data.env,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    AUTH_SECRET: 'one-secret-for-every-machine-of-this-test',
    TRUST_PROXY: '127.0.0.1',
    AUTH_RATE_LIMIT: String(AUTH_RATE_LIMIT),
    ...s3.env,
    ...env,
  });
}

describe.skipIf(!postgresUrl)('two machines on one PostgreSQL, Redis and S3 (needs TEST_DATABASE_URL)', () => {
  beforeAll(async () => {
    s3 = await startS3Server();
    // The first machine brings the schema up and adds the demo data (its pictures into S3); then the second.
    a = await startMachine({ SEED_DEMO: '1' });
    b = await startMachine({ SEED_DEMO: '0' });
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    // The other machines' folders first: the first one's disposal drops the database they share.
    await Promise.all(machinesData.slice(1).map((data) => data.dispose()));
    await machinesData[0]?.dispose();
    await s3?.stop();
    await dropRedisKeys(redisPrefix);
  });

  const logIn = async (machine: ServerProcess) => {
    const login = await httpCall(machine.origin, 'POST', '/api/auth/login', {
      body: { email: 'seller@example.com', password: 'phonehaat-demo' },
    });
    expect(login.status).toBe(200);
    return cookieFrom(login, 'phonehaat_session');
  };

  it('takes a session made on one machine on the other', async () => {
    const cookie = await logIn(a);
    const me = await httpCall(b.origin, 'GET', '/api/auth/me', { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body)).toMatchObject({ email: 'seller@example.com' });
  });

  it("counts one address's requests on both machines against one limit", async () => {
    // A bad login body: refused (400) after the rate limit has counted it.
    const attempt = (machine: ServerProcess) =>
      httpCall(machine.origin, 'POST', '/api/auth/login', {
        body: {},
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_RATE_LIMIT; i += 1) statuses.push((await attempt(i % 2 === 0 ? a : b)).status);
    expect(statuses).toEqual([400, 400, 400, 400]);
    expect((await attempt(a)).status).toBe(429);
    expect((await attempt(b)).status).toBe(429);
  });

  it("shows a listing added on one machine in the other's cached list at once, its photo served by both", async () => {
    const listIds = async (machine: ServerProcess) => {
      const list = await httpCall(machine.origin, 'GET', '/api/all/phones');
      expect(list.status).toBe(200);
      return (JSON.parse(list.body) as Array<{ _id: string }>).map((p) => p._id);
    };
    // Twice: the second answer comes from B's cache.
    await listIds(b);
    const cached = await listIds(b);

    const cookie = await logIn(a);
    const own = { cookie, origin: a.origin };
    const photo = multipartBody({ bytes: await phonePicture({ caption: 'Two machines', hue: 200 }) });
    const uploaded = await httpCall(a.origin, 'POST', '/api/uploads', {
      body: photo.payload,
      headers: { ...own, ...photo.headers },
    });
    expect(uploaded.status).toBe(200);
    const { url } = (JSON.parse(uploaded.body) as { data: { url: string } }).data;
    const { caption: _caption, hue: _hue, ...fields } = demoListing(901);
    const stored = await httpCall(a.origin, 'POST', '/api/store_products', {
      body: { ...fields, productImg: url },
      headers: own,
    });
    expect(stored.status).toBe(201);
    const { insertedId } = JSON.parse(stored.body) as { insertedId: string };

    expect(cached).not.toContain(insertedId);
    expect(await listIds(b)).toContain(insertedId);

    const [fromA, fromB] = await Promise.all([httpCall(a.origin, 'GET', url), httpCall(b.origin, 'GET', url)]);
    expect(fromB.status).toBe(200);
    expect(fromB.headers['content-type']).toBe('image/webp');
    expect(fromB.bytes.equals(fromA.bytes)).toBe(true);
    expect((await httpCall(b.origin, 'GET', '/uploads/not-uploaded.webp')).status).toBe(404);
  });
});
