/*
 * One load measurement, as every benchmark takes it: autocannon at a number of connections for a
 * few seconds, each request from another visitor's address (X-Forwarded-For, believed from the
 * trusted proxy at 127.0.0.1) and accepting compression as browsers do.
 */
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { BROWSER_HEADERS } from './yardstick';

export interface Measured {
  rps: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, errors and timeouts; no answer at all in the time given counts as one. */
  failures: number;
}

/** Visitors' addresses: enough that none of them comes near the per-address rate limit. */
const ADDRESSES = 50_000;

/** A second of the same load first, not measured: every server process has computed its answer and warmed up. */
export async function measureLoad(url: string, connections: number, seconds: number): Promise<Measured> {
  await load(url, connections, 1);
  return load(url, connections, seconds);
}

async function load(url: string, connections: number, seconds: number): Promise<Measured> {
  let sent = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: BROWSER_HEADERS,
    requests: [
      {
        setupRequest: (request) => {
          const n = sent++ % ADDRESSES;
          return {
            ...request,
            headers: { ...request.headers, 'x-forwarded-for': `10.${n >> 16}.${(n >> 8) & 255}.${n & 255}` },
          };
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts + (result.requests.total === 0 ? 1 : 0),
  };
}

/** The 1-minute load average: the machine is shared, so figures are printed with it. */
export const loadAverage = () => loadavg()[0]!.toFixed(2);
