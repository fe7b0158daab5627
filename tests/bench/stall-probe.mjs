/*
 * Loaded into a server process for a benchmark only (BENCH_NODE_FLAGS="--import
 * ./tests/bench/stall-probe.mjs", STALL_PROBE_DIR=<folder>; issue 26): the stretches its event loop
 * was held by its own CPU, not by waiting for a core. A timer due every millisecond reads the main
 * thread's CPU time (/proc's schedstat, which counts only this thread: not argon2's or the fsync's
 * threads, nor the time the thread waited for a core); where the thread used more than STALL_CPU_MS
 * between two ticks, the loop ran that long without a turn, and the stretch is kept (its CPU, its
 * wall time, its end on the monotonic clock the CPU profiles use). Written as
 * `<folder>/stalls.<pid>.json` as the process exits; tests/bench/long-tasks.ts names what ran in
 * each stretch from the same process's `--cpu-prof` profile.
 */
import { Buffer } from 'node:buffer';
import { closeSync, openSync, readSync, writeFileSync } from 'node:fs';
import process from 'node:process';
import { setInterval } from 'node:timers';

const folder = process.env.STALL_PROBE_DIR;
const least = Number(process.env.STALL_CPU_MS ?? 5);

if (folder) {
  const file = openSync(`/proc/${process.pid}/task/${process.pid}/schedstat`, 'r');
  const buffer = Buffer.alloc(128);
  /** The main thread's CPU time so far, in ms. */
  const cpuMs = () => Number(buffer.toString('latin1', 0, readSync(file, buffer, 0, 128, 0)).split(' ')[0]) / 1e6;
  const nowUs = () => Number(process.hrtime.bigint() / 1000n);
  const stalls = [];
  let ticks = 0;
  let lastCpu = cpuMs();
  let lastUs = nowUs();
  setInterval(() => {
    const cpu = cpuMs();
    const us = nowUs();
    ticks += 1;
    if (cpu - lastCpu >= least) stalls.push({ cpuMs: cpu - lastCpu, wallMs: (us - lastUs) / 1000, endUs: us });
    lastCpu = cpu;
    lastUs = us;
  }, 1).unref();
  process.on('exit', () => {
    closeSync(file);
    writeFileSync(`${folder}/stalls.${process.pid}.json`, JSON.stringify({ pid: process.pid, ticks, stalls }));
  });
}
