import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgCluster, type PgCluster } from './support/pg-cluster';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { timeLimit } from './support/time-limits';

/*
 * The real server on a PostgreSQL cluster of the test's own (never the machine's shared one), which
 * the test restarts idle, restarts under load, and stops for several seconds under load. The process
 * must stay up, answer 503 with a message while the database is away, and serve again by itself.
 * PostgreSQL only: on SQLite the database is a file inside the process and cannot go away like this.
 */

/** How long a client waits for an answer; no request may take longer, outage or not. */
const CLIENT_TIMEOUT_MS = timeLimit(15_000);
/** How soon the server must serve again once the database is back. */
const RECOVERY_LIMIT_MS = timeLimit(30_000);
const WORKERS = 4;
const OUTAGE_MS = 4_000;

interface Outcome {
  what: string;
  status: number | 'no answer';
  message?: unknown;
  error?: string;
}

let cluster: PgCluster;
let server: ServerProcess;
let dataDir: string;

describe.skipIf(!process.env.TEST_DATABASE_URL)('the database going away', () => {
  beforeAll(async () => {
    cluster = await startPgCluster();
    dataDir = await mkdtemp(join(tmpdir(), 'phonehaat-outage-'));
    server = await startServerProcess({
      DATABASE_URL: cluster.url,
      DATA_DIR: dataDir,
      // Load comes from 127.0.0.1; each request names its own address so no rate limit interferes.
      TRUST_PROXY: '127.0.0.1',
      AUTH_RATE_LIMIT: '100000',
    });
  }, timeLimit(180_000));

  afterAll(async () => {
    await server?.stop();
    await cluster?.remove();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'keeps the process up through restarts and a stop, answers 503 meanwhile, and recovers by itself',
    async () => {
      const before = await call('signup', 'POST', '/api/auth/signup', newAccount());
      expect(before.status).toBe(201);

      // Idle: the pool holds connections from start-up that the restart ends under it.
      await cluster.restart();
      await sleep(1_000);
      await waitUntilHealthy();

      const load = startLoad();
      await sleep(1_000);
      await cluster.restart();
      await waitUntilHealthy();

      await cluster.stop();
      await sleep(OUTAGE_MS / 2);
      const health = await call('health', 'GET', '/api/health');
      const data = await call('phones', 'GET', '/api/all/phones');
      await sleep(OUTAGE_MS / 2);
      await cluster.start();
      await waitUntilHealthy();
      await sleep(1_000);
      const outcomes = await load.stop();

      expect(server.child.exitCode, server.stderr()).toBeNull();
      expect(health).toMatchObject({ status: 503, message: 'The database cannot be reached' });
      expect(data.status).toBe(503);
      expect(data.message).toEqual(expect.any(String));

      const unexpected = outcomes.filter((o) => ![200, 201, 503].includes(o.status as number));
      expect(unexpected).toEqual([]);
      const refusals = outcomes.filter((o) => o.status === 503);
      expect(refusals.length).toBeGreaterThan(0);
      expect(refusals.filter((o) => typeof o.message !== 'string' || o.message === '')).toEqual([]);
      expect(outcomes.filter((o) => o.status === 200 || o.status === 201).length).toBeGreaterThan(0);

      // Served again, reads and writes, with what was written before the outage still there.
      expect((await call('phones', 'GET', '/api/all/phones')).status).toBe(200);
      expect((await call('signup', 'POST', '/api/auth/signup', newAccount())).status).toBe(201);
      const login = await call('login', 'POST', '/api/auth/login', before.account);
      expect(login.status).toBe(200);
    },
    timeLimit(240_000),
  );
});

let accounts = 0;
const newAccount = () => ({ email: `outage${++accounts}@example.test`, password: 'correct horse battery' });
let addresses = 0;
const nextAddress = () => `10.${(++addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;

async function call(
  what: string,
  method: string,
  path: string,
  body?: object,
): Promise<Outcome & { account?: typeof body }> {
  try {
    const response = await fetch(server.origin + path, {
      method,
      headers: { 'x-forwarded-for': nextAddress(), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
    });
    const text = await response.text();
    let message: unknown;
    try {
      message = (JSON.parse(text) as { message?: unknown }).message;
    } catch {
      message = undefined;
    }
    return { what, status: response.status, message, account: body };
  } catch (error) {
    return { what, status: 'no answer', error: String(error) };
  }
}

async function waitUntilHealthy(): Promise<void> {
  const deadline = Date.now() + RECOVERY_LIMIT_MS;
  while (Date.now() < deadline) {
    if ((await call('health', 'GET', '/api/health')).status === 200) return;
    await sleep(500);
  }
  throw new Error(`the server did not recover within ${RECOVERY_LIMIT_MS / 1000} s:\n${server.stderr()}`);
}

/** A few clients reading lists and signing up, one request after another, until stopped. */
function startLoad() {
  const outcomes: Outcome[] = [];
  let running = true;
  const requests = [
    () => call('phones', 'GET', '/api/all/phones?page=1&limit=6'),
    () => call('categories', 'GET', '/api/categoires'),
    () => call('advertised', 'GET', '/api/advertised_products'),
    () => call('signup', 'POST', '/api/auth/signup', newAccount()),
  ];
  const worker = async (index: number) => {
    for (let i = index; running; i++) {
      const { account: _account, ...outcome } = await requests[i % requests.length]!();
      outcomes.push(outcome);
      await sleep(50);
    }
  };
  const workers = Array.from({ length: WORKERS }, (_, index) => worker(index));
  return {
    async stop() {
      running = false;
      await Promise.all(workers);
      return outcomes;
    },
  };
}
