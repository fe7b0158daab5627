import { statSync } from 'node:fs';
import { mkdtemp, open, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '#server/app';
import { AccessTokens } from '#server/auth/tokens';
import { loadConfig } from '#server/config';
import { checkpointInThread } from '#server/db/checkpoints';
import { openDatabase, walSyncOf, type Checkpoints } from '#server/db/connection';
import { WalFile, type LogNotOnDisk } from '#server/db/wal-sync';
import { queueMail } from '#server/mail/outbox';
import { deliverDueMail } from '#server/mail/worker';
import { prepareDatabase } from '#server/start/setup';
import { DiskImageStore } from '#server/uploads/store';
import { fromOwnPage, registerActor } from './support/actors';

/*
 * SQLite commits without waiting for the disk (synchronous = NORMAL); an answer that wrote waits for
 * an fsync of the log begun after its commit, made off the event loop, and one fsync serves every
 * write committed before it began (docs/reliability.md, "Crashes"). The fsyncs go through a seam
 * that counts them and can hold them. PostgreSQL's commit waits for its disk itself: no fsync of ours.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The fsyncs of the log: each is recorded, and while `held` waits until released. */
class Fsyncs {
  paths: string[] = [];
  /** Whether each fsync fails, as a disk's error would. */
  failing = false;
  private held: Array<() => void> | undefined;
  /** Told as each fsync begins. */
  onBegin: () => void = () => {};

  readonly sync = async (sync: () => Promise<void>, path: string) => {
    this.paths.push(path);
    this.onBegin();
    if (this.held) await new Promise<void>((resolve) => this.held!.push(resolve));
    if (this.failing) throw Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
    await sync();
  };

  hold() {
    this.held = [];
  }

  release() {
    const waiting = this.held ?? [];
    this.held = undefined;
    for (const resolve of waiting) resolve();
  }

  /** Resolves once `count` fsyncs have begun in all. */
  begun(count: number): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (this.paths.length >= count) resolve();
      };
      this.onBegin = check;
      check();
    });
  }
}

async function appWithFsyncs(fsyncs: Fsyncs, onWalFailure: (failure: LogNotOnDisk) => void = () => {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'phonehaat-wal-'));
  const handle = openDatabase({ dataDir, syncWal: fsyncs.sync, onWalFailure });
  const images = new DiskImageStore(join(dataDir, 'uploads'));
  await prepareDatabase(handle.db, handle.engine, images);
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: '100000' });
  const tokens = new AccessTokens('test-secret-that-is-long-enough-for-hs256-signing');
  const app = await buildApp({ db: handle.db, engine: handle.engine, config, tokens, images });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await handle.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  return { app, dataDir, wal: walSyncOf(handle.db)! };
}

/** A write that always changes a row: the account's language. */
const chooseLanguage = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: 'PUT', url: '/api/language', headers: fromOwnPage(cookie), payload: { locale: 'en' } });

/** Whether `promise` has settled by the time the event loop has gone round a few times. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe.skipIf(onPostgres)('answers that wrote wait for the log on the disk (SQLite)', () => {
  it("answers a write only after an fsync of the log begun once it was committed, and the fsync's end lets it go", async () => {
    const fsyncs = new Fsyncs();
    const { app, dataDir } = await appWithFsyncs(fsyncs);
    const email = `wal.${Date.now()}@example.test`;
    const before = fsyncs.paths.length;
    fsyncs.hold();
    const began = fsyncs.begun(before + 1);
    const signup = app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: 'correct horse battery' },
    });
    await began;
    expect(fsyncs.paths.at(-1)).toBe(join(dataDir, 'phonehaat.sqlite-wal'));
    // The fsync began after the commit: another connection already reads the account.
    const other = new SQLite(join(dataDir, 'phonehaat.sqlite'), { readonly: true });
    try {
      expect(other.prepare('select count(*) as n from users where email = ?').get(email)).toEqual({ n: 1 });
    } finally {
      other.close();
    }
    expect(await settled(signup)).toBe(false);
    fsyncs.release();
    expect((await signup).statusCode).toBe(201);
  });

  it('lets one fsync serve the writes committed before it began, and a request that saw no write go at once', async () => {
    const fsyncs = new Fsyncs();
    const { app, wal } = await appWithFsyncs(fsyncs);
    const buyers = await Promise.all(Array.from({ length: 4 }, () => registerActor(app, 'buyer')));

    const before = fsyncs.paths.length;
    fsyncs.hold();
    const began = fsyncs.begun(before + 1);
    const first = chooseLanguage(app, buyers[0]!.cookie);
    await began;
    // Committed while the first one's fsync runs: none of them is on the disk by it.
    const marked = wal.mark;
    const others = buyers.slice(1).map((buyer) => chooseLanguage(app, buyer.cookie));
    await expect.poll(() => wal.mark).toBeGreaterThanOrEqual(marked + others.length);
    expect(await settled(Promise.race(others))).toBe(false);
    const read = await app.inject({ method: 'GET', url: '/api/categoires' });
    expect(read.statusCode).toBe(200);
    expect(await settled(first)).toBe(false);

    fsyncs.release();
    const answers = await Promise.all([first, ...others]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    // The first write's fsync, then one for the three committed while it ran.
    expect(fsyncs.paths.length - before).toBe(2);
  });

  it("stops for good at a failed fsync: the app's 503 to that write and every later one, and the process told to end", async () => {
    const fsyncs = new Fsyncs();
    const failures: LogNotOnDisk[] = [];
    const { app } = await appWithFsyncs(fsyncs, (failure) => failures.push(failure));
    const buyer = await registerActor(app, 'buyer');
    fsyncs.failing = true;
    const answer = await chooseLanguage(app, buyer.cookie);
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ code: 'UNAVAILABLE', message: expect.any(String) });
    expect(answer.body).not.toContain('EIO');
    expect(answer.headers['retry-after']).toBe('5');
    expect(failures).toHaveLength(1);
    expect(failures[0]!.cause).toMatchObject({ code: 'EIO' });

    // The next fsync would return 0, as Linux's does once it has reported the error: no later write is trusted.
    fsyncs.failing = false;
    const before = fsyncs.paths.length;
    const again = await chooseLanguage(app, buyer.cookie);
    expect(again.statusCode).toBe(503);
    expect(fsyncs.paths.length).toBe(before);
    expect(failures).toHaveLength(1);
    // A request that wrote nothing is answered.
    expect((await app.inject({ method: 'GET', url: '/api/categoires' })).statusCode).toBe(200);
  });
});

describe.skipIf(onPostgres)('work that answers outside the hooks waits for the log too (SQLite)', () => {
  it('begins a notification stream only once the writes before it are on the disk: its answer skips onSend', async () => {
    const fsyncs = new Fsyncs();
    const { app, wal } = await appWithFsyncs(fsyncs);
    const buyer = await registerActor(app, 'buyer');
    const waits = vi.spyOn(wal, 'onDisk');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const before = fsyncs.paths.length;
    fsyncs.hold();
    const began = fsyncs.begun(before + 1);
    const write = chooseLanguage(app, buyer.cookie);
    await began;
    const waitsBefore = waits.mock.calls.length;
    const stream = httpRequest({
      port: (app.server.address() as AddressInfo).port,
      host: '127.0.0.1',
      path: '/api/notifications/stream',
      headers: { cookie: buyer.cookie, accept: 'text/event-stream' },
    });
    stream.end();
    const response = new Promise<IncomingMessage>((resolve) => stream.on('response', resolve));
    cleanups.push(async () => void stream.destroy());
    // The stream waits for the write's fsync: the hooks that wait do not run for it.
    await expect.poll(() => waits.mock.calls.length).toBe(waitsBefore + 1);
    expect(await settled(response)).toBe(false);
    fsyncs.release();
    expect((await response).statusCode).toBe(200);
    expect((await write).statusCode).toBe(200);
  });

  it('sends a claimed mail only once its claim is on the disk', async () => {
    const fsyncs = new Fsyncs();
    const { app } = await appWithFsyncs(fsyncs);
    await queueMail(app.deps.db, {
      to: 'reader@example.test',
      userId: null,
      data: { template: 'notification', kind: 'booking_accepted', message: 'Mail', link: '/dashboard' },
    });
    const sent: string[] = [];
    const transport = { send: async (mail: { to: string }) => void sent.push(mail.to), close: () => {} };
    const log = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} } as unknown as FastifyBaseLogger;
    const before = fsyncs.paths.length;
    fsyncs.hold();
    const began = fsyncs.begun(before + 1);
    const round = deliverDueMail(app.deps, transport, log);
    await began;
    expect(await settled(round)).toBe(false);
    expect(sent).toEqual([]);
    fsyncs.release();
    expect(await round).toMatchObject({ sent: 1 });
    expect(sent).toEqual(['reader@example.test']);
  });
});

describe.skipIf(onPostgres)('what is counted as a write (SQLite)', () => {
  it('counts a transaction that changed rows once, at its commit, and none that changed nothing', async () => {
    const { app, wal } = await appWithFsyncs(new Fsyncs());
    const { db } = app.deps;
    const log = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} } as unknown as FastifyBaseLogger;
    const transport = { send: async () => {}, close: () => {} };
    const start = wal.mark;
    // The mail worker's claim of an empty outbox: an update that changed nothing.
    await deliverDueMail(app.deps, transport, log);
    expect(wal.mark).toBe(start);

    await db.transaction().execute(async (trx) => {
      await queueMail(trx, {
        to: 'counted@example.test',
        userId: null,
        data: { template: 'notification', kind: 'booking_accepted', message: 'Mail', link: '/dashboard' },
      });
      // Not yet: an fsync begun now would not hold the commit.
      expect(wal.mark).toBe(start);
    });
    expect(wal.mark).toBe(start + 1);
    // Outside a transaction, a statement that changed a row is its own commit.
    await db.updateTable('mail_outbox').set({ last_error: 'x' }).execute();
    expect(wal.mark).toBe(start + 2);
    await db.updateTable('mail_outbox').set({ last_error: 'x' }).where('id', '=', 'none').execute();
    expect(wal.mark).toBe(start + 2);
  });
});

describe.skipIf(onPostgres)("the log's file, held open", () => {
  it('is opened once, again only when the file at its path is another one, and not when there is none', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'phonehaat-wal-file-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const path = join(dataDir, 'log');
    let opens = 0;
    const log = new WalFile(path, (at) => {
      opens += 1;
      return open(at, 'r');
    });
    cleanups.push(() => log.close());

    await log.sync();
    expect(opens).toBe(1);
    await writeFile(path, 'frames');
    await log.sync();
    await log.sync();
    expect(opens).toBe(2);
    await writeFile(`${path}.new`, 'other frames');
    await rename(`${path}.new`, path);
    await log.sync();
    await log.sync();
    expect(opens).toBe(3);
    await rm(path);
    await log.sync();
    expect(opens).toBe(4);
  });
});

/** A fresh SQLite file opened with these checkpoints, and its size after ~1,200 pages were written. */
async function writtenWith(checkpoints: Checkpoints) {
  const dataDir = await mkdtemp(join(tmpdir(), 'phonehaat-checkpoints-'));
  const handle = openDatabase({ dataDir, checkpoints });
  cleanups.push(async () => {
    await handle.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  await sql`create table filler (body blob)`.execute(handle.db);
  for (let i = 0; i < 1200; i += 1) await sql`insert into filler values (zeroblob(4000))`.execute(handle.db);
  const path = join(dataDir, 'phonehaat.sqlite');
  const fileSize = () => statSync(path).size;
  return { fileSize, path };
}

describe.skipIf(onPostgres)("SQLite's checkpoints off the event loop", () => {
  it('leaves the log alone in a process whose checkpoints run elsewhere', async () => {
    const { fileSize } = await writtenWith('elsewhere');
    expect(fileSize()).toBeLessThan(1_000_000);
  });

  it('copies the log into the database file from a thread', async () => {
    const { fileSize } = await writtenWith('in a thread');
    await expect.poll(fileSize, { timeout: 10_000, interval: 100 }).toBeGreaterThan(4_000_000);
  });

  it('reports a log that a reader keeps from being copied', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'phonehaat-checkpoints-'));
    const handle = openDatabase({ dataDir, checkpoints: 'elsewhere' });
    const path = join(dataDir, 'phonehaat.sqlite');
    const reader = new SQLite(path, { readonly: true });
    cleanups.push(async () => {
      reader.close();
      await handle.close();
      await rm(dataDir, { recursive: true, force: true });
    });
    await sql`create table filler (body blob)`.execute(handle.db);
    // A read under way since before the writes: no checkpoint may copy them over what it reads.
    reader.prepare('begin').run();
    reader.prepare('select count(*) from filler').get();
    for (let i = 0; i < 1200; i += 1) await sql`insert into filler values (zeroblob(4000))`.execute(handle.db);
    const told: string[] = [];
    cleanups.push(checkpointInThread(path, (message) => told.push(message), { pagesReported: 1000 }));
    await expect.poll(() => told, { timeout: 10_000, interval: 100 }).toHaveLength(1);
    expect(told[0]).toMatch(/^the log holds \d{4} pages that are not yet in the database file$/);
    reader.prepare('commit').run();
  });

  it('starts a thread that stopped again, which then copies the log', async () => {
    const { fileSize, path } = await writtenWith('elsewhere');
    const started: Worker[] = [];
    const told: string[] = [];
    const stop = checkpointInThread(path, (message) => told.push(message), {
      onStart: (worker) => {
        started.push(worker);
        if (started.length === 1) void worker.terminate();
      },
    });
    cleanups.push(stop);
    await expect.poll(() => started.length, { timeout: 10_000, interval: 100 }).toBe(2);
    expect(told).toEqual([expect.stringMatching(/^the checkpoint thread stopped/)]);
    await expect.poll(fileSize, { timeout: 10_000, interval: 100 }).toBeGreaterThan(4_000_000);
  });
});

describe.runIf(onPostgres)('answers that wrote on PostgreSQL', () => {
  it('have no fsync of ours to wait for: the commit returns once on the disk', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'phonehaat-wal-'));
    const handle = openDatabase({ url: process.env.TEST_DATABASE_URL, dataDir });
    cleanups.push(async () => {
      await handle.close();
      await rm(dataDir, { recursive: true, force: true });
    });
    expect(walSyncOf(handle.db)).toBeUndefined();
  });
});
