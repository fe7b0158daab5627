import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * For the benchmarks (BENCH_LOOP_DELAY=1): how long this process's event loop kept a timer waiting
 * past its time, sampled every millisecond, which is how long a request arriving then waited before
 * its first line ran. On SIGUSR2 it prints the figures since the last signal as one line,
 * `loop-delay <pid> <p50> <p99> <max>` in milliseconds, and starts again (tests/bench/marketplace.ts
 * reads it before and after each measurement).
 */
export function reportLoopDelayOnSignal(): void {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  process.on('SIGUSR2', () => {
    const ms = (nanoseconds: number) => (nanoseconds / 1e6).toFixed(2);
    console.log(`loop-delay ${process.pid} ${ms(delay.percentile(50))} ${ms(delay.percentile(99))} ${ms(delay.max)}`);
    delay.reset();
  });
}
