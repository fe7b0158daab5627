/*
 * Two builds of the server, the CPU each write of a kind costs them, measured back to back (issue 26):
 * for each round, each bundle in turn is started as one process (`serve`'s flags, WEB_CONCURRENCY=1)
 * on a fresh copy of one kept store (a SQLite folder, or a PostgreSQL database made from a kept one
 * as a template), warmed with WARM writes of each kind, then sent RATE writes a second for SECONDS
 * of each kind with no reads. Per write it prints the server's main thread's CPU, its other threads'
 * (libuv's pool: the log's fsync; V8's helpers), both from /proc schedstat (load independent), and
 * on PostgreSQL its backends' CPU; then each kind's ratio, second bundle to first, over the rounds.
 * Build the first bundle from the code to compare against, e.g.
 *   git archive <commit> | tar -x -C /tmp/base && ln -s $PWD/node_modules /tmp/base/ && (cd /tmp/base &&
 *   npx esbuild src/server/main.ts --bundle --platform=node --format=esm --packages=external --outfile=$PWD/dist/base/main.js)
 * then:
 *   node --import tsx tests/bench/write-ab.ts <store folder> [database to copy] dist/base/main.js dist/server/main.js
 * with WRITE_AB_KINDS (default `bell,message`), WRITE_AB_ROUNDS (3), WRITE_AB_RATE (40), WRITE_AB_SECONDS (10),
 * WRITE_AB_PORT (4331); BENCH_DATABASE_URL names the PostgreSQL server (engines.ts).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cp, readdir, readFile, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import pg from 'pg';
import { loadAverage } from './load';
import { cpuOf, onServer } from './marketplace';
import { prepareWriter, writeAt } from './mixed';
import type { WriteKind } from './write-mix';

const ROOT = resolve(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const store = resolve(args.shift() ?? '');
const template = args.length > 2 ? args.shift() : undefined;
const bundles = args;
if (bundles.length !== 2) throw new Error('usage: write-ab.ts <store folder> [database to copy] <bundle A> <bundle B>');
const kinds = (process.env.WRITE_AB_KINDS ?? 'bell,message').split(',') as WriteKind[];
const rounds = Number(process.env.WRITE_AB_ROUNDS ?? 3);
const rate = Number(process.env.WRITE_AB_RATE ?? 40);
const seconds = Number(process.env.WRITE_AB_SECONDS ?? 10);
const port = Number(process.env.WRITE_AB_PORT ?? 4331);
const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const copyName = `${template}_ab`;

/** CPU ms of a process's main thread and of its other threads (/proc/<pid>/task/<tid>/schedstat). */
async function threadsMs(pid: number) {
  const sums = { main: 0, others: 0 };
  for (const tid of (await readdir(`/proc/${pid}/task`).catch(() => [])).map(Number)) {
    const text = await readFile(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').catch(() => '0');
    const ms = Number(text.split(' ')[0]) / 1e6;
    if (tid === pid) sums.main += ms;
    else sums.others += ms;
  }
  return sums;
}

/** CPU ms of the backends serving the copied database (this connection's left out). */
async function backendsMs(client: pg.Client | undefined) {
  if (!client) return 0;
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  const used = await Promise.all(rows.map(({ pid }) => cpuOf(pid).catch(() => 0)));
  return used.reduce((sum, s) => sum + s * 1000, 0);
}

/** One bundle on a fresh copy of the store: each kind's CPU ms a write (main, others, PostgreSQL). */
async function measure(bundle: string) {
  const dataDir = `${store}-ab`;
  await rm(dataDir, { recursive: true, force: true });
  await cp(store, dataDir, { recursive: true });
  let databaseUrl = '';
  if (template) {
    await onServer(server, `drop database if exists ${copyName} with (force)`);
    await onServer(server, `create database ${copyName} template ${template}`);
    const url = new URL(server);
    url.pathname = `/${copyName}`;
    databaseUrl = url.toString();
  }
  const child = spawn(
    process.execPath,
    ['--max-old-space-size=128', '--max-semi-space-size=8', resolve(ROOT, bundle)],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        MALLOC_ARENA_MAX: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        SEED_DEMO: '0',
        TRUST_PROXY: '127.0.0.1',
        LOG_LEVEL: 'warn',
        WEB_CONCURRENCY: '1',
      },
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  const database = template ? new pg.Client({ connectionString: databaseUrl }) : undefined;
  try {
    for (let tries = 0; ; tries += 1) {
      const answer = await fetch(`${origin}/api/all/phones`).catch(() => undefined);
      if (answer?.ok) break;
      if (tries > 120) throw new Error(`${bundle} did not answer within a minute`);
      await new Promise((done) => setTimeout(done, 500));
    }
    await database?.connect();
    const writer = await prepareWriter(origin);
    for (const kind of kinds) await writeAt(origin, writer, rate, 2, kind);
    const perKind = new Map<WriteKind, { main: number; others: number; database: number; failed: number }>();
    for (const kind of kinds) {
      const [before, databaseBefore] = [await threadsMs(child.pid!), await backendsMs(database)];
      const { counts } = await writeAt(origin, writer, rate, seconds, kind);
      const [after, databaseAfter] = [await threadsMs(child.pid!), await backendsMs(database)];
      const ok = Math.max(1, counts.ok);
      perKind.set(kind, {
        main: (after.main - before.main) / ok,
        others: (after.others - before.others) / ok,
        database: (databaseAfter - databaseBefore) / ok,
        failed: counts.failed,
      });
    }
    return perKind;
  } finally {
    await database?.end();
    child.kill('SIGTERM');
    await once(child, 'exit');
    if (template) await onServer(server, `drop database if exists ${copyName} with (force)`);
    await rm(dataDir, { recursive: true, force: true });
  }
}

const figures = bundles.map(() => new Map<WriteKind, number[]>());
console.log(`${rate} writes/s for ${seconds} s a kind, ${rounds} rounds, load average ${loadAverage()}`);
for (let round = 1; round <= rounds; round += 1) {
  for (const [n, bundle] of bundles.entries()) {
    for (const [kind, ms] of await measure(bundle)) {
      const total = ms.main + ms.others + ms.database;
      figures[n]!.set(kind, [...(figures[n]!.get(kind) ?? []), total]);
      console.log(
        `round ${round} ${bundle.padEnd(22)} ${kind.padEnd(12)} main ${ms.main.toFixed(2)} others ${ms.others.toFixed(2)}${template ? ` postgres ${ms.database.toFixed(2)}` : ''} ms/write${ms.failed ? `, ${ms.failed} failed` : ''} (load ${loadAverage()})`,
      );
    }
  }
}
for (const kind of kinds) {
  const ratios = figures[1]!.get(kind)!.map((b, i) => b / figures[0]!.get(kind)![i]!);
  console.log(`${kind}: B/A per round ${ratios.map((r) => r.toFixed(2)).join(', ')}`);
}
