/*
 * The marketplace as `npm start` runs it (the server bundled, then package.json's `serve` script:
 * WEB_CONCURRENCY processes, one per core by default), for the benchmarks: on a fresh SQLite folder, or on a fresh PostgreSQL database made
 * beside the one BENCH_DATABASE_URL names, with N generated listings (fill.ts) or, for N = 0, the
 * demo data. Requests come through a trusted proxy (TRUST_PROXY=127.0.0.1), so a benchmark can send
 * them from many addresses, as real visitors do, and meet the per-address rate limits as they would.
 * With BENCH_DATA set, the generated stores are kept in that folder (and PostgreSQL databases named
 * after their size) and used again by the next run: a million listings take a quarter of an hour
 * to generate. The mixed load writes into the smallest one (mixed.ts), which a kept store keeps.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { SQLITE_FILE } from '#server/db/connection';

const ROOT = resolve(import.meta.dirname, '../..');
const STARTUP_LIMIT_MS = 60_000;

export type BenchEngine = 'sqlite' | 'postgres';

export interface Marketplace {
  origin: string;
  /** The server processes it runs (WEB_CONCURRENCY, one per core by default). */
  processes: number;
  /** Seconds taken to fill the database (0 for the demo data), and from starting the server to its first answer. */
  filledInS: number;
  /** Filled by an earlier run and kept (BENCH_DATA): filledInS is 0. */
  reused: boolean;
  startedInS: number;
  /** Seconds from the first answer until every server process had read its search columns (readSearchColumns). */
  searchReadyInS: number;
  /** Seconds after that until the server processes were idle (settle): past the first housekeeping round. */
  settledInS: number;
  /** The primary's and every server process's resident memory, in MB. */
  memory(): Promise<number[]>;
  /** CPU seconds the primary and every server process have used so far (user and system). */
  cpuSeconds(): Promise<number>;
  /**
   * CPU seconds PostgreSQL's backends serving this marketplace's database have used so far (0 on
   * SQLite, which runs inside the server processes): the other half of what an answer costs there.
   */
  databaseCpuSeconds(): Promise<number>;
  /**
   * Each server process's event-loop delay since the last call (start/loop-delay.ts): how long a
   * request arriving then waited before its first line ran.
   */
  loopDelay(): Promise<LoopDelay[]>;
  /** The server processes' ids (the primary's children, or the one process): for a look at their threads. */
  serverPids(): number[];
  /** The PostgreSQL database it runs on (undefined on SQLite): for a look at its statistics. */
  databaseUrl?: string;
  /**
   * Reads the database's files through the page cache, before a measurement. This machine (a
   * Firecracker VM) pages out file pages nobody touched for about a minute, free memory or not
   * (DAMON's reclaim), so the first write after a quiet spell read its pages from the disk: on SQLite
   * on the event loop, which held it for 0.1 to 2 s (docs/performance.md, "The disk under a write").
   * A server without such a reclaimer keeps the pages its writes touch cached.
   */
  warmStore(): Promise<void>;
  stop(): Promise<void>;
}

/** One server process's event-loop delay over a stretch, in milliseconds. */
export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
  /** Times the loop was held longer than 20 ms (every hold over 30 ms, start/loop-delay.ts). */
  stalls: number;
  /** The garbage collector's pauses: their sum and the longest. */
  gcMs: number;
  gcLongest: number;
}

interface Store {
  dataDir: string;
  databaseUrl?: string;
  /** Kept from an earlier run (BENCH_DATA): already filled. */
  filled?: boolean;
  drop(): Promise<void>;
}

const KEPT = process.env.BENCH_DATA ? resolve(process.env.BENCH_DATA) : undefined;
/** How the PostgreSQL databases a benchmark makes are named (BENCH_DATABASE_PREFIX: a shared server's users tell theirs apart). */
const DATABASE_PREFIX = process.env.BENCH_DATABASE_PREFIX ?? 'phonehaat_bench';
/** Written in a kept store's folder once it is filled: a run stopped while filling leaves none. */
const FILLED_MARK = 'bench-filled';

/** A store with `listings` generated listings in it (none for the demo data, which main.ts adds). */
export async function startMarketplace(engine: BenchEngine, listings: number): Promise<Marketplace> {
  const store = KEPT && listings > 0 ? await keptStore(KEPT, engine, listings) : await freshStore(engine);
  try {
    const filling = Date.now();
    if (listings > 0 && !store.filled) {
      await fill(store, listings);
      if (KEPT) await writeFile(join(store.dataDir, FILLED_MARK), new Date().toISOString());
    }
    const filledInS = (Date.now() - filling) / 1000;
    return { ...(await startOn(store, listings === 0)), filledInS, reused: store.filled === true };
  } catch (error) {
    await store.drop();
    throw error;
  }
}

/** The store of an engine and size in the BENCH_DATA folder: filled by an earlier run, or made now (and never dropped). */
async function keptStore(folder: string, engine: BenchEngine, listings: number): Promise<Store> {
  const dataDir = join(folder, `${engine}-${listings}`);
  const filled = existsSync(join(dataDir, FILLED_MARK));
  const keep = async () => {};
  if (!filled) await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  if (engine === 'sqlite') return { dataDir, filled, drop: keep };
  const server = process.env.BENCH_DATABASE_URL;
  if (!server) throw new Error('BENCH_DATABASE_URL names no PostgreSQL server');
  // Named after the folder too, so two kept folders (two worktrees' runs at once) never share a database.
  const folderTag = createHash('sha256').update(folder).digest('hex').slice(0, 8);
  const name = `${DATABASE_PREFIX}_kept_${folderTag}_${listings}`;
  if (!filled) {
    await onServer(server, `drop database if exists ${name} with (force)`);
    await onServer(server, `create database ${name}`);
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { dataDir, databaseUrl: url.toString(), filled, drop: keep };
}

async function freshStore(engine: BenchEngine): Promise<Store> {
  const dataDir = await mkdtemp(join(tmpdir(), 'phonehaat-bench-'));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  if (engine === 'sqlite') return { dataDir, drop: removeDir };
  const server = process.env.BENCH_DATABASE_URL;
  if (!server) throw new Error('BENCH_DATABASE_URL names no PostgreSQL server');
  const name = `${DATABASE_PREFIX}_${process.pid}_${Date.now().toString(36)}`;
  await onServer(server, `create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    drop: async () => {
      await onServer(server, `drop database if exists ${name} with (force)`);
      await removeDir();
    },
  };
}

/** Runs one statement on the PostgreSQL server `url` names (creating and dropping databases). */
export async function onServer(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function fill(store: Store, listings: number) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'fill.ts'), store.dataDir, String(listings)],
    {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, DATABASE_URL: store.databaseUrl ?? '' },
    },
  );
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`filling the database failed (exit ${code})`);
}

let built = false;

/** `npm start` less the client's build: the server's bundle, once per benchmark. */
function serveCommand(): string {
  if (!built) {
    const build = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build:server failed');
    built = true;
  }
  const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { serve: string } };
  // BENCH_NODE_FLAGS (`--cpu-prof --cpu-prof-dir=…`, which NODE_OPTIONS refuses) reach every server process: cluster's workers inherit them.
  const flags = process.env.BENCH_NODE_FLAGS;
  return flags ? scripts.serve.replace('exec node ', `exec node ${flags} `) : scripts.serve;
}

async function startOn(store: Store, demo: boolean): Promise<Omit<Marketplace, 'filledInS' | 'reused'>> {
  const port = await freePort();
  const command = serveCommand();
  const starting = Date.now();
  // As npm runs a script, less npm itself: the shell's exec makes the server the child, whose memory is read.
  const server = spawn('sh', ['-c', command], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: store.dataDir,
      DATABASE_URL: store.databaseUrl ?? '',
      SEED_DEMO: demo ? '1' : '0',
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
      BENCH_LOOP_DELAY: '1',
      // The first round (the fair prices of every listing) at once, waited for below (settle).
      HOUSEKEEPING_DELAY_S: '0',
    },
  });
  const lines = createInterface({ input: server.stdout! });
  const backends = store.databaseUrl ? new Backends(store.databaseUrl) : undefined;
  const stop = async () => {
    await backends?.close();
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await once(server, 'exit');
    }
    await store.drop();
  };
  try {
    await runningLine(server, lines);
  } catch (error) {
    await stop();
    throw error;
  }
  const origin = `http://127.0.0.1:${port}`;
  const answered = await fetch(`${origin}/api/all/phones`);
  if (!answered.ok) throw new Error(`the marketplace's first answer was ${answered.status}`);
  const startedInS = (Date.now() - starting) / 1000;
  const memory = () => residentMemory(server.pid!);
  const cpuSeconds = () => cpuUsed(server.pid!);
  const databaseCpuSeconds = async () => (backends ? backends.cpuSeconds() : 0);
  const loopDelay = () => loopDelayOf(server.pid!, lines);
  const serverPids = () => serversOf(server.pid!);
  const warmStore = () => (backends ? backends.prewarm() : readThrough(join(store.dataDir, SQLITE_FILE)));
  const processes = Math.max(1, (await memory()).length - 1);
  const reading = Date.now();
  await readSearchColumns(origin, processes);
  const searchReadyInS = (Date.now() - reading) / 1000;
  const settling = Date.now();
  await settle(async () => (await cpuSeconds()) + (await databaseCpuSeconds()), processes);
  const settledInS = (Date.now() - settling) / 1000;
  return {
    origin,
    processes,
    memory,
    cpuSeconds,
    databaseCpuSeconds,
    loopDelay,
    serverPids,
    warmStore,
    databaseUrl: store.databaseUrl,
    stop,
    startedInS,
    searchReadyInS,
    settledInS,
  };
}

/**
 * Each server process reads its search columns on its first search, which waits for the read (at a
 * million listings on a busy machine, longer than the load generator's timeout): a search in every
 * process before anything is measured, so that the benchmarks measure searches, not that read. The
 * cluster's primary hands out connections in turn, and searches sent at once each take a
 * connection of their own, so twice as many as there are processes reach every one.
 */
async function readSearchColumns(origin: string, processes: number): Promise<void> {
  await Promise.all(
    Array.from({ length: 2 * processes }, async (_, n) => {
      const answer = await fetch(`${origin}/api/search?q=phone&_=columns${n}`);
      await answer.arrayBuffer();
      if (!answer.ok) throw new Error(`a search while the columns were read answered ${answer.status}`);
    }),
  );
}

/**
 * A second in which the server and its database used less than this much CPU a process is idle;
 * BENCH_IDLE_CPU_S raises it for a server that is never that idle (a profiler or the stall probe in
 * it, whose own CPU otherwise kept the bench waiting for ever).
 */
const IDLE_CPU_S = idleCpuS(process.env.BENCH_IDLE_CPU_S);

function idleCpuS(setting: string | undefined): number {
  if (setting === undefined) return 0.05;
  const seconds = Number(setting);
  if (setting.trim() === '' || !(seconds > 0))
    throw new Error(`BENCH_IDLE_CPU_S: "${setting}" is not a number of seconds above 0`);
  return seconds;
}
const SETTLE_AT_MOST_MS = 300_000;

/**
 * Waits for a second in which the server processes and their PostgreSQL backends were idle: the first housekeeping round (run at
 * start, HOUSEKEEPING_DELAY_S) and any reading ahead over. Before, the round came a minute after the
 * start, inside whichever measurement ran then (17 s of a PostgreSQL run's writes answered 503 once).
 */
async function settle(cpuSeconds: () => Promise<number>, processes: number): Promise<void> {
  const giveUp = Date.now() + SETTLE_AT_MOST_MS;
  let before = await cpuSeconds();
  while (Date.now() < giveUp) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = await cpuSeconds();
    // Less than before: a PostgreSQL backend (autovacuum's, say) ended with its CPU, so not a reading.
    const used = now - before;
    if (used >= 0 && used < IDLE_CPU_S * processes) return;
    before = now;
  }
  throw new Error(`the server was still busy ${SETTLE_AT_MOST_MS / 1000} s after its start`);
}

/**
 * The PostgreSQL backends of one database, read from pg_stat_activity by a connection of its own
 * (left out of the sum): the server's pool opens and keeps them, so the CPU they used between two
 * readings is what the marketplace's statements cost PostgreSQL. The server runs on this machine, so
 * /proc has its processes.
 */
class Backends {
  private client?: Promise<pg.Client>;
  constructor(private readonly url: string) {}

  private connected(): Promise<pg.Client> {
    this.client ??= (async () => {
      const client = new pg.Client({ connectionString: this.url });
      await client.connect();
      return client;
    })();
    return this.client;
  }

  private prewarmRefused = false;

  /**
   * Every relation with storage (tables, indexes, TOAST) read into the page cache (warmStore), with
   * PostgreSQL's contrib extension pg_prewarm, which the bench's database gets. A server where that
   * is refused (not a superuser, no contrib package) is measured as it is, said once.
   */
  async prewarm(): Promise<void> {
    if (this.prewarmRefused) return;
    const client = await this.connected();
    try {
      await client.query('create extension if not exists pg_prewarm');
      await client.query(`select pg_prewarm(oid, 'read') from pg_class where relkind in ('r', 'i', 't', 'm')`);
    } catch (error) {
      this.prewarmRefused = true;
      console.warn(`the database's files are not read through before each measurement: ${(error as Error).message}`);
    }
  }

  async cpuSeconds(): Promise<number> {
    const { rows } = await (
      await this.connected()
    ).query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    // A backend that ended between the query and the read has nothing more to add.
    const used = await Promise.all(rows.map(({ pid }) => cpuOf(pid).catch(() => 0)));
    return used.reduce((sum, seconds) => sum + seconds, 0);
  }

  async close() {
    if (this.client) await (await this.client).end();
  }
}

/** The SQLite database and its log read to the end, the bytes dropped (warmStore). */
async function readThrough(database: string): Promise<void> {
  for (const file of [database, `${database}-wal`]) {
    if (existsSync(file)) await pipeline(createReadStream(file), new Writable({ write: (_, __, done) => done() }));
  }
}

function runningLine(server: ChildProcess, lines: Interface): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the marketplace did not start within a minute')),
      STARTUP_LIMIT_MS,
    );
    lines.on('line', (line) => {
      if (!line.startsWith('PhoneHaat is running')) return;
      clearTimeout(timer);
      lines.removeAllListeners('line');
      resolve();
    });
    server.once('exit', (code) => reject(new Error(`the marketplace stopped before listening (exit ${code})`)));
  });
}

const LOOP_DELAY_LINE = /^loop-delay (\d+) ([\d.]+) ([\d.]+) ([\d.]+) (\d+) ([\d.]+) ([\d.]+)$/;

/**
 * Asks each server process (the primary's children, or the one process) for its event-loop delay
 * since the last time (SIGUSR2, start/loop-delay.ts) and reads their lines from the primary's output.
 */
async function loopDelayOf(pid: number, lines: Interface): Promise<LoopDelay[]> {
  const servers = serversOf(pid);
  const answers = new Map<number, LoopDelay>();
  const heard = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      lines.off('line', onLine);
      reject(new Error('a server process did not tell its event-loop delay within 5 s'));
    }, 5000);
    const onLine = (line: string) => {
      const [, from, ...figures] = LOOP_DELAY_LINE.exec(line) ?? [];
      if (!from || !servers.includes(Number(from))) return;
      const [p50, p99, max, stalls, gcMs, gcLongest] = figures.map(Number) as [
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      answers.set(Number(from), { p50, p99, max, stalls, gcMs, gcLongest });
      if (answers.size < servers.length) return;
      clearTimeout(timer);
      lines.off('line', onLine);
      resolve();
    };
    lines.on('line', onLine);
  });
  for (const server of servers) process.kill(server, 'SIGUSR2');
  await heard;
  return [...answers.values()];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A process and its children (the cluster's server processes). */
/** The server processes: the primary's children, or the one process (WEB_CONCURRENCY=1). */
function serversOf(pid: number): number[] {
  const children = withChildren(pid).slice(1);
  return children.length > 0 ? children : [pid];
}

function withChildren(pid: number): number[] {
  // ps exits 1 when it lists nothing: a single process (WEB_CONCURRENCY=1) has no children.
  const listed = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).stdout;
  const children = listed
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((child) => child > 0);
  return [pid, ...children];
}

/** Clock ticks a second in /proc/<pid>/stat (USER_HZ: 100 on Linux whatever the kernel's own rate). */
const TICKS = 100;

/**
 * CPU seconds a process has used, from utime and stime in /proc/<pid>/stat; with `waited`, also its
 * children that ended and were waited for (cutime and cstime).
 */
export async function cpuOf(pid: number | 'self', waited = false): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command's name (which may hold spaces), from the third on.
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  const own = fields[11]! + fields[12]!;
  return (waited ? own + fields[13]! + fields[14]! : own) / TICKS;
}

/** CPU seconds a process and its children (the cluster's server processes) have used. */
export async function cpuUsed(pid: number): Promise<number> {
  const used = await Promise.all(withChildren(pid).map((id) => cpuOf(id)));
  return used.reduce((sum, seconds) => sum + seconds, 0);
}

/** VmRSS of a process and its children (the cluster's server processes), in MB. */
async function residentMemory(pid: number): Promise<number[]> {
  return Promise.all(
    withChildren(pid).map(async (id) => {
      const status = await readFile(`/proc/${id}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return kb / 1024;
    }),
  );
}
