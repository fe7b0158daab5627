/*
 * What each kind of the mixed load's writes costs its server process, kind by kind (issue 26):
 * starts the marketplace as the bench does (marketplace.ts; WEB_CONCURRENCY=1 for one process),
 * then for each kind (write-mix.ts) and for nothing at all first, RATE writes a second for SECONDS
 * with no reads, and prints the server's CPU per write, split into its processes' main threads (the
 * event loop's: what a read arriving meanwhile waits for) and their other threads (libuv's pool:
 * argon2, the commits' fsync, files; V8's GC helpers: what competes with the loops for the cores),
 * from each thread's /proc schedstat, which counts CPU time whatever else the machine runs; the
 * time the main threads were ready to run but waited for a core; and the event-loop delay over the
 * writes (p50, p99, longest), which on a loaded machine is mostly that wait (the "no writes" line
 * shows it without writes). On each engine BENCH_ENGINES names (engines.ts; both by default), and
 * on PostgreSQL also the CPU its backends serving the marketplace's database used a write (the
 * other half of a write's cost there). Usage:
 *   BENCH_DATA=<kept store folder> BENCH_ENGINES=sqlite,postgres WEB_CONCURRENCY=1 node --import tsx tests/bench/write-kinds.ts [rate] [seconds] [kind,...]
 */
import { enginesToMeasure } from './engines';
import { loadAverage } from './load';
import { startMarketplace, type BenchEngine } from './marketplace';
import { prepareWriter, writeAt } from './mixed';
import { readdir, readFile } from 'node:fs/promises';
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

const [rate = '20', seconds = '10', only] = process.argv.slice(2);
const kinds = only ? (only.split(',') as WriteKind[]) : [...WRITE_KINDS];
const listings = Number(process.env.BENCH_SIZES ?? 100_000);

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
      `${'kind'.padEnd(14)}${'ok/failed'.padStart(10)}${'loop ms/w'.padStart(11)}${'other ms/w'.padStart(11)}${postgres ? 'pg ms/w'.padStart(9) : ''}${'wait ms/w'.padStart(11)}${'delay p50'.padStart(10)}${'p99'.padStart(8)}${'longest'.padStart(9)}`,
    );
    for (const kind of [undefined, ...kinds]) {
      await app.loopDelay();
      const before = { ...(await threadTimes(app.serverPids())), database: (await app.databaseCpuSeconds()) * 1000 };
      const { counts } = kind
        ? await writeAt(app.origin, writer, Number(rate), Number(seconds), kind)
        : await new Promise<{ counts: { ok: number; failed: number } }>((resolve) =>
            setTimeout(() => resolve({ counts: { ok: 0, failed: 0 } }), Number(seconds) * 1000),
          );
      // Threads and backends that ended meanwhile (a pool's) lose their time: the figures are a floor.
      const after = { ...(await threadTimes(app.serverPids())), database: (await app.databaseCpuSeconds()) * 1000 };
      const per = (key: keyof typeof before, width = 11) =>
        ((after[key] - before[key]) / Math.max(1, counts.ok)).toFixed(1).padStart(width);
      const loops = await app.loopDelay();
      const worst = (key: 'p50' | 'p99' | 'max') => Math.max(...loops.map((loop) => loop[key])).toFixed(1);
      console.log(
        `${(kind ?? 'no writes').padEnd(14)}${`${counts.ok}/${counts.failed}`.padStart(10)}${per('main')}${per('others')}${postgres ? per('database', 9) : ''}${per('mainWait')}${worst('p50').padStart(10)}${worst('p99').padStart(8)}${worst('max').padStart(9)}   (load ${loadAverage()})`,
      );
    }
  } finally {
    await app.stop();
  }
}

for (const engine of await enginesToMeasure()) await measureOn(engine);
