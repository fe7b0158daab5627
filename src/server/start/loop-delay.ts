import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';

/** A stretch the loop is held longer than this is a stall: a read arriving then waits at least as long. */
const STALL_MS = 20;
/** How often both watches wake the loop to look at the clock. */
const WATCH_MS = 10;

/*
 * Node's histogram records the whole gap between two of its wake-ups, so the figures printed leave
 * WATCH_MS out: what the timer was late by, which a hold makes between its length less WATCH_MS and
 * its length. A stall is the stall watch late by more than STALL_MS: every hold over 30 ms, and
 * those of 20 to 30 ms in part. Before 29 Nov 2026 the watches woke the loop every millisecond and
 * every 5 ms (every hold over 25 ms a stall), which took 40 ms of CPU a second from each idle
 * process of this VM, against 2 ms without them; every 10 ms, 16 ms (two idle processes on 100,000
 * listings: 84.7, 4.7 and 37.3 ms a second in all).
 */

/**
 * For the benchmarks (BENCH_LOOP_DELAY=1): how long this process's event loop kept a timer waiting
 * past its time, which is how long a request arriving then waited before its first line ran; how
 * many times it was held longer than STALL_MS; and the garbage collector's pauses. On SIGUSR2 it
 * prints the figures since the last signal as one line,
 * `loop-delay <pid> <p50> <p99> <max> <stalls> <gc ms> <longest gc>` in milliseconds, and starts
 * again (tests/bench/marketplace.ts reads it before and after each measurement).
 */
export function reportLoopDelayOnSignal(): void {
  const delay = monitorEventLoopDelay({ resolution: WATCH_MS });
  delay.enable();
  const stalls = watchStalls();
  const gc = watchGc();
  process.on('SIGUSR2', () => {
    const late = (nanoseconds: number) => Math.max(0, nanoseconds / 1e6 - WATCH_MS).toFixed(2);
    console.log(
      `loop-delay ${process.pid} ${late(delay.percentile(50))} ${late(delay.percentile(99))} ${late(delay.max)} ${stalls.count} ${gc.ms.toFixed(1)} ${gc.longest.toFixed(1)}`,
    );
    delay.reset();
    stalls.count = 0;
    gc.ms = 0;
    gc.longest = 0;
  });
}

/** Counts the times a timer due every WATCH_MS ran more than STALL_MS late. */
function watchStalls(): { count: number } {
  const stalls = { count: 0 };
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    if (now - last - WATCH_MS > STALL_MS) stalls.count += 1;
    last = now;
  }, WATCH_MS).unref();
  return stalls;
}

/** The garbage collector's pauses of the loop: their sum and the longest, in ms. */
function watchGc(): { ms: number; longest: number } {
  const gc = { ms: 0, longest: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.ms += entry.duration;
      gc.longest = Math.max(gc.longest, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  return gc;
}
