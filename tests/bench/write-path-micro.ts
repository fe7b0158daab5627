/*
 * What the write path's per-request steps cost the event loop, each by itself (issue 26): the main
 * thread's CPU (/proc schedstat) of many runs of a step, old way and new way in turns, so a busy
 * machine slows both alike. Steps: request.ip behind TRUST_PROXY (proxy-addr's check, as Fastify
 * runs it), a session's network (networkOf), the request's language, each against doing nothing;
 * and the bell's update built and compiled by Kysely on each call against compiled once (on a fresh
 * SQLite database, then on a PostgreSQL database made for it on BENCH_DATABASE_URL). A tight loop
 * keeps a step's code hot and optimized for one shape, so these are floors of what the steps cost
 * inside a server (docs/performance.md). Usage:
 *   node --import tsx tests/bench/write-path-micro.ts [runs]
 */
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { networkOf } from '#server/auth/address';
import { openDatabase } from '#server/db/connection';
import type { Database } from '#server/db/schema';
import { requestLanguage } from '#server/i18n/answer';
import { markAllRead } from '#server/notifications/repository';
import { prepareDatabase } from '#server/start/setup';
import { DiskImageStore } from '#server/uploads/store';
import { loadAverage } from './load';

const runs = Number(process.argv[2] ?? 20_000);
const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
const proxyAddr = fromFastify('@fastify/proxy-addr') as {
  all: (request: unknown, trust: (address: string, hop: number) => boolean) => string[];
  compile: (addresses: string[]) => (address: string, hop: number) => boolean;
};

const mainThreadMs = () => Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;

/** Microseconds of main-thread CPU a run of each way, the two ways alternating in five turns each. */
async function compare(name: string, ways: Record<string, (n: number) => unknown>, times = runs) {
  const spent = new Map(Object.keys(ways).map((way) => [way, 0]));
  for (let turn = 0; turn < 5; turn += 1) {
    for (const [way, run] of Object.entries(ways)) {
      const start = mainThreadMs();
      for (let n = 0; n < times / 5; n += 1) await run(n);
      spent.set(way, spent.get(way)! + mainThreadMs() - start);
    }
  }
  const each = [...spent].map(([way, ms]) => `${way} ${((ms * 1000) / times).toFixed(1)} µs`);
  console.log(`${name.padEnd(44)} ${each.join(', ')}`);
}

/** A request as Node hands it to Fastify behind the bench's proxy: from 127.0.0.1, forwarded for a visitor. */
const forwarded = (n: number) => ({
  headers: { 'x-forwarded-for': `10.251.${(n >> 8) & 255}.${n & 255}` },
  socket: { remoteAddress: '127.0.0.1' },
});
const trust = proxyAddr.compile(['127.0.0.1']);

console.log(`${runs} runs a way, load average ${loadAverage()}`);
await compare('request.ip behind TRUST_PROXY=127.0.0.1', {
  'every request': (n) => proxyAddr.all(forwarded(n), trust).at(-1),
  none: () => undefined,
});
await compare("a session's network (networkOf)", {
  'every request': (n) => networkOf(`10.251.${(n >> 8) & 255}.${n & 255}`),
  none: () => undefined,
});
const headers = { 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.8', cookie: 'phonehaat_session=abc; phonehaat_lang=bn' };
await compare("the request's language", {
  'every request': () => requestLanguage({ headers }),
  none: () => undefined,
});

/** The bell's update as it was built before (Kysely builds and compiles it on each call). */
const builtEachTime = async (db: Kysely<Database>, userId: string) =>
  Number(
    (
      await db
        .updateTable('notifications')
        .set({ is_read: true })
        .where('user_id', '=', userId)
        .where('is_read', '=', false)
        .executeTakeFirst()
    ).numUpdatedRows,
  );

async function bellOn(engine: string, options: { dataDir: string; url?: string }) {
  const { db, close } = openDatabase(options);
  try {
    await prepareDatabase(
      db,
      options.url ? 'postgres' : 'sqlite',
      new DiskImageStore(join(options.dataDir, 'uploads')),
    );
    await compare(
      `the bell's update, ${engine}`,
      {
        'built each time': (n) => builtEachTime(db, `user-${n % 50}`),
        'compiled once': (n) => markAllRead(db, `user-${n % 50}`),
      },
      engine === 'sqlite' ? runs : runs / 10,
    );
  } finally {
    await close();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'w-common-micro-'));
try {
  await bellOn('sqlite', { dataDir });
  const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `w_common_micro_${process.pid}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    await bellOn('postgres', { dataDir, url: url.toString() });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
