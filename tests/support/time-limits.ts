/**
 * A test's time limits say "stuck", not "slow": speed is measured by the benchmarks. The machine
 * that checks the project (CI=true) runs the suite two and a half to three and a half times slower
 * than a quiet machine of the same kind (a browser journey of 20 s there took 60 s), so each
 * limit written for a quiet machine is tripled there.
 */
export const TIME_LIMIT_FACTOR = process.env.CI ? 3 : 1;

/** `ms`, the limit on a quiet machine, scaled to the machine the tests run on. */
export const timeLimit = (ms: number): number => ms * TIME_LIMIT_FACTOR;
