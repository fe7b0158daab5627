/*
 * What each kind of the mixed load's writes costs its server process, kind by kind (issue 26):
 * starts the marketplace as the bench does (marketplace.ts; WEB_CONCURRENCY=1 for one process),
 * then for each kind (write-mix.ts) and for nothing at all first, RATE writes a second for SECONDS
 * with no reads, and prints the server's CPU per write, split into its processes' main threads (the
 * event loop's: what a read arriving meanwhile waits for) and their other threads (libuv's pool:
 * argon2, the commits' fsync, files; V8's GC helpers: what competes with the loops for the cores),
 * from each thread's /proc schedstat, which counts CPU time whatever else the machine runs; the
 * time the main threads were ready to run but waited for a core; this script's own CPU a write (the
 * sender: what a load generator on the same cores takes beside the servers); and the event-loop delay over the
 * writes (p50, p99, longest), which on a loaded machine is mostly that wait. The "no writes"
 * lines (first and last) give what the processes use a second with no writes (about 19 ms a
 * process, most of it the benchmark's own loop-delay watch, start/loop-delay.ts), and each kind's
 * CPU figures leave the lower of the two out, so they are the writes' own at any rate (before 29 Nov
 * 2026 they held it, when the watch took 40 ms a second a process). On each engine BENCH_ENGINES names (engines.ts; both by default), and
 * on PostgreSQL also the CPU its backends serving the marketplace's database used a write (the
 * other half of a write's cost there), and below the table each kind's rows written a write, table by
 * table (pg_stat_user_tables): how many of its updates were not HOT (each writes every index of
 * the row again), and the transactions committed a write. Usage:
 *   BENCH_DATA=<kept store folder> BENCH_ENGINES=sqlite,postgres WEB_CONCURRENCY=1 node --import tsx tests/bench/write-kinds.ts [rate] [seconds] [kind,...]
 */
import { enginesToMeasure } from './engines';
import { loadAverage } from './load';
import { startMarketplace, type BenchEngine, type LoopDelay, type Marketplace } from './marketplace';
import { prepareWriter, writeAt } from './mixed';
import { readdir, readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { WRITE_KINDS, type WriteKind } from './write-mix';

/** A thread's CPU time and time spent ready but waiting for a core, in ms (/proc/<pid>/task/<tid>/schedstat). */
async function schedstat(pid: number, tid: number) {
  const [run = 0, wait = 0] = (await readFile(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').catch(() => '0 0'))
    .split(' ')
    .map(Number);
  return { run: run / 1e6, wait: wait / 1e6 };
}

/** The server processes' main threads' and other threads' CPU ms, and the main threads' wait for a core. */
async function threadTimes(pids: number[]) {
  const sums = { main: 0, others: 0, mainWait: 0 };
  for (const pid of pids) {
    for (const tid of (await readdir(`/proc/${pid}/task`).catch(() => [])).map(Number)) {
      const { run, wait } = await schedstat(pid, tid);
      if (tid === pid) {
        sums.main += run;
        sums.mainWait += wait;
      } else sums.others += run;
    }
  }
  return sums;
}

/**
 * A backend sends its table statistics at most every second while busy and within 10 s once idle
 * (PostgreSQL 15's pgstat): waited for after each kind, so its rows are not counted with the next.
 */
const STATS_FLUSH_MS = 11_000;

interface TableWrites {
  inserted: number;
  updated: number;
  hot: number;
  deleted: number;
}

/** Rows written so far, table by table, and the database's commits (under the key ''). */
async function tableWrites(client: pg.Client): Promise<Map<string, TableWrites>> {
  const { rows } = await client.query<{ name: string } & Record<keyof TableWrites, string>>(
    `select relname as name, n_tup_ins as inserted, n_tup_upd as updated, n_tup_hot_upd as hot, n_tup_del as deleted
       from pg_stat_user_tables
     union all select '', xact_commit, 0, 0, 0 from pg_stat_database where datname = current_database()`,
  );
  return new Map(
    rows.map(({ name, ...counts }) => [
      name,
      { inserted: +counts.inserted, updated: +counts.updated, hot: +counts.hot, deleted: +counts.deleted },
    ]),
  );
}

/** `commits 3.1, products ins 1.0 upd 2.0 (non-HOT 1.0), …` a write: the tables written, most rows first. */
function describeWrites(before: Map<string, TableWrites>, after: Map<string, TableWrites>, writes: number) {
  const per = (n: number) => (n / Math.max(1, writes)).toFixed(1);
  const delta = (name: string, key: keyof TableWrites) => after.get(name)![key] - (before.get(name)?.[key] ?? 0);
  const tables = [...after.keys()]
    .filter((name) => name !== '')
    .map((name) => ({
      name,
      ins: delta(name, 'inserted'),
      upd: delta(name, 'updated'),
      hot: delta(name, 'hot'),
      del: delta(name, 'deleted'),
    }))
    .filter((t) => t.ins + t.upd + t.del > 0)
    .sort((a, b) => b.ins + b.upd + b.del - (a.ins + a.upd + a.del));
  const parts = tables.map(
    (t) =>
      `${t.name}${t.ins ? ` ins ${per(t.ins)}` : ''}${t.upd ? ` upd ${per(t.upd)} (non-HOT ${per(t.upd - t.hot)})` : ''}${t.del ? ` del ${per(t.del)}` : ''}`,
  );
  return `commits ${per(delta('', 'inserted'))}; ${parts.join(', ')}`;
}

type Times = Awaited<ReturnType<typeof threadTimes>> & { database: number; sender: number };

/** The server processes' thread times and PostgreSQL's backends' CPU (0 on SQLite), in ms. */
const timesOf = async (app: Marketplace): Promise<Times> => ({
  ...(await threadTimes(app.serverPids())),
  database: (await app.databaseCpuSeconds()) * 1000,
  sender: ownCpuMs(),
});

/** This script's own CPU: what sending the writes costs (on this machine, taken from the same two cores). */
const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const [rate = '20', seconds = '10', only] = process.argv.slice(2);
const kinds = only ? (only.split(',') as WriteKind[]) : [...WRITE_KINDS];
const listings = Number(process.env.BENCH_SIZES ?? 100_000);

const TIMES = ['main', 'others', 'mainWait', 'database', 'sender'] as const;

interface Measured {
  kind: WriteKind | undefined;
  counts: { ok: number; failed: number };
  used: Times;
  elapsedMs: number;
  loops: LoopDelay[];
}

/**
 * A line a measurement: with no writes, what the processes use a second; for a kind, its CPU a
 * write less what the processes use anyway over as long (the lower of the two measurements with no
 * writes: the first may still hold the start's work). The wait for a core follows the machine's
 * load, not the idle processes: not taken out. Threads and backends that ended meanwhile (a pool's)
 * lose their time; a kind's figures can come out a little low, or below 0 for a kind that costs
 * next to nothing.
 */
function describeKinds(measured: Measured[], postgres: boolean): string[] {
  const idle = measured.filter((m) => !m.kind);
  const idlePerMs = (key: keyof Times) =>
    key === 'mainWait' ? 0 : Math.min(...idle.map((m) => m.used[key] / m.elapsedMs));
  return measured.map(({ kind, counts, used, elapsedMs, loops }) => {
    const per = (key: keyof Times, width = 11) =>
      (kind ? (used[key] - idlePerMs(key) * elapsedMs) / Math.max(1, counts.ok) : (used[key] / elapsedMs) * 1000)
        .toFixed(1)
        .padStart(width);
    const worst = (key: 'p50' | 'p99' | 'max') => Math.max(...loops.map((loop) => loop[key])).toFixed(1);
    return `${(kind ?? 'no writes, ms/s').padEnd(16)}${`${counts.ok}/${counts.failed}`.padStart(10)}${per('main')}${per('others')}${postgres ? per('database', 9) : ''}${per('mainWait')}${per('sender', 10)}${worst('p50').padStart(10)}${worst('p99').padStart(8)}${worst('max').padStart(9)}`;
  });
}

/** Each kind's CPU a write on one engine, printed as a table. */
async function measureOn(engine: BenchEngine) {
  const app = await startMarketplace(engine, listings);
  try {
    const writer = await prepareWriter(app.origin);
    const postgres = engine === 'postgres';
    console.log(
      `${engine}, ${listings} listings: ${app.processes} server process(es), ${rate} writes/s for ${seconds} s a kind, load average ${loadAverage()}`,
    );
    console.log(
      `${'kind'.padEnd(16)}${'ok/failed'.padStart(10)}${'loop ms/w'.padStart(11)}${'other ms/w'.padStart(11)}${postgres ? 'pg ms/w'.padStart(9) : ''}${'wait ms/w'.padStart(11)}${'sender'.padStart(10)}${'delay p50'.padStart(10)}${'p99'.padStart(8)}${'longest'.padStart(9)}`,
    );
    const statistics = app.databaseUrl ? new pg.Client({ connectionString: app.databaseUrl }) : undefined;
    await statistics?.connect();
    const written: string[] = [];
    const measured: Measured[] = [];
    // With no writes first and last: the lower of the two is taken as what the processes use anyway.
    for (const kind of [undefined, ...kinds, undefined]) {
      const rowsBefore = statistics && (await tableWrites(statistics));
      await app.loopDelay();
      const before = await timesOf(app);
      const began = performance.now();
      const { counts } = kind
        ? await writeAt(app.origin, writer, Number(rate), Number(seconds), kind)
        : await new Promise<{ counts: { ok: number; failed: number } }>((resolve) =>
            setTimeout(() => resolve({ counts: { ok: 0, failed: 0 } }), Number(seconds) * 1000),
          );
      const after = await timesOf(app);
      const elapsedMs = performance.now() - began;
      const used = Object.fromEntries(TIMES.map((key) => [key, after[key] - before[key]])) as Times;
      measured.push({ kind, counts, used, elapsedMs, loops: await app.loopDelay() });
      if (kind && statistics && rowsBefore) {
        await sleep(STATS_FLUSH_MS);
        written.push(`${kind}: ${describeWrites(rowsBefore, await tableWrites(statistics), counts.ok)}`);
      }
    }
    for (const line of describeKinds(measured, postgres)) console.log(line);
    console.log(`load average ${loadAverage()} at the end`);
    await statistics?.end();
    if (written.length > 0)
      console.log(`rows written a write (the time after each kind's writes too):\n${written.join('\n')}`);
  } finally {
    await app.stop();
  }
}

for (const engine of await enginesToMeasure()) await measureOn(engine);
