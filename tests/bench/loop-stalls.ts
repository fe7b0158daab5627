/*
 * What the reads wait for beside writes (issue 26), as counts rather than rates: starts the
 * marketplace as the bench does (marketplace.ts), then ROUNDS times the public reads alone and the
 * reads beside 50 writes a second of BENCH_WRITE_MIX's first mix, SECONDS each, and prints for each
 * measurement the reads' p99, the server processes' CPU, and from start/loop-delay.ts the times a
 * process's loop was held longer than 20 ms (per 1,000 writes beside writes), the longest hold, and
 * the garbage collector's pauses; then where the machine's cores went meanwhile: to this process
 * (the writes it sends), to the rest (wrk, whose share sets the rate of reads once the cores are
 * all busy; PostgreSQL's backends; anything else running), or idle. Counts of stalls and CPU do not move with the
 * machine's load as rates do. With BENCH_BURN_MS, each round also measures the reads beside a
 * process that spends that many ms of CPU at each write's time and sends nothing:
 * CPU taken from the cores alone, to tell what the writes cost the reads by their CPU from what
 * they cost by touching the servers. Usage:
 *   BENCH_DATA=<kept store folder> BENCH_ENGINES=sqlite [BENCH_BURN_MS=8] node --import tsx tests/bench/loop-stalls.ts [rounds] [seconds] [rate]
 */
import { loadAverage, machineCpuSeconds, withCpu } from './load';
import { startMarketplace, type BenchEngine } from './marketplace';
import { prepareWriter, readLoad, readPaths, writeAt } from './mixed';
import { writeMixesToMeasure } from './write-mix';
import { execFile } from 'node:child_process';

const [rounds = '3', seconds = '8', rate = '50'] = process.argv.slice(2);
const engine = (process.env.BENCH_ENGINES ?? 'sqlite') as BenchEngine;
const mix = writeMixesToMeasure()[0]!;
const burnMs = Number(process.env.BENCH_BURN_MS ?? 0);

/**
 * Spends burnMs of CPU `rate` times a second for `seconds` in a process of its own, counted by its
 * own CPU time (a spin timed by the clock would take less CPU whenever it waits for a core). Resolves
 * to how many times it did.
 */
function burn(seconds: number): Promise<number> {
  const source = `
    const [burnMs, rate, seconds] = process.argv.slice(1).map(Number);
    const cpuMs = () => { const { user, system } = process.cpuUsage(); return (user + system) / 1000; };
    const start = performance.now();
    let n = 0;
    const tick = () => {
      const due = start + (n * 1000) / rate;
      if (due - start >= seconds * 1000) return console.log(n);
      const wait = due - performance.now();
      if (wait > 0) return setTimeout(tick, wait);
      const until = cpuMs() + burnMs;
      while (cpuMs() < until);
      n += 1;
      tick();
    };
    tick();`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', source, String(burnMs), rate, String(seconds)], (error, stdout) =>
      error ? reject(error) : resolve(Number(stdout)),
    );
  });
}

const app = await startMarketplace(engine, Number(process.env.BENCH_SIZES ?? 100_000));
try {
  const writer = await prepareWriter(app.origin);
  const paths = await readPaths(app.origin);
  console.log(
    `${engine}, ${app.processes} processes, ${mix} mix at ${rate}/s, ${seconds} s a measurement, load ${loadAverage()}`,
  );
  console.log(
    'what            req/s    p99  CPU ms/s  stalls  per 1k writes  longest  GC ms/s  GC longest  writes  bench ms/s  rest ms/s  idle ms/s',
  );
  for (let round = 0; round < Number(rounds); round += 1) {
    for (const writing of burnMs > 0 ? [false, true, 'burn' as const] : [false, true]) {
      await app.warmStore();
      await readLoad(app.origin, paths, 1);
      await app.loopDelay();
      let writes = 0;
      const machine = machineCpuSeconds();
      const bench = process.cpuUsage();
      const began = performance.now();
      const [[reads], cpuS] = await withCpu(app.cpuSeconds, () =>
        Promise.all([
          readLoad(app.origin, paths, Number(seconds)),
          writing === 'burn'
            ? burn(Number(seconds)).then((n) => {
                writes = n;
              })
            : writing
              ? writeAt(app.origin, writer, Number(rate), Number(seconds), mix).then(({ counts }) => {
                  writes = counts.ok;
                })
              : undefined,
        ]),
      );
      const benchS = Object.values(process.cpuUsage(bench)).reduce((sum, us) => sum + us, 0) / 1e6;
      const { busy, idle } = machineCpuSeconds();
      // Over the whole window, wrk's start and the last writes' answers with it, as the CPU was read.
      const windowS = (performance.now() - began) / 1000;
      const msPerSecond = (s: number, width: number) => ((1000 * s) / windowS).toFixed(0).padStart(width);
      const rest = busy - machine.busy - cpuS - benchS;
      const cores = `${msPerSecond(benchS, 12)}${msPerSecond(rest, 11)}${msPerSecond(idle - machine.idle, 11)}`;
      const loops = await app.loopDelay();
      const stalls = loops.reduce((sum, one) => sum + one.stalls, 0);
      const gcMs = loops.reduce((sum, one) => sum + one.gcMs, 0);
      console.log(
        `${(writing === 'burn' ? 'beside burner' : writing ? 'beside writes' : 'reads alone').padEnd(14)}${reads.rps.toFixed(0).padStart(7)}${reads.p99.toFixed(1).padStart(7)}${((cpuS * 1000) / Number(seconds)).toFixed(0).padStart(10)}${String(stalls).padStart(8)}${(writing ? ((1000 * stalls) / Math.max(1, writes)).toFixed(1) : '').padStart(15)}${Math.max(
          ...loops.map((one) => one.max),
        )
          .toFixed(0)
          .padStart(9)}${(gcMs / Number(seconds)).toFixed(1).padStart(9)}${Math.max(
          ...loops.map((one) => one.gcLongest),
        )
          .toFixed(1)
          .padStart(12)}${String(writes).padStart(8)}${cores}   (load ${loadAverage()})`,
      );
    }
  }
} finally {
  await app.stop();
}
