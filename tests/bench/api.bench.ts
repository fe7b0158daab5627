/*
 * `npm run bench`: requests per second and p99 latency of the public list calls, against the app in
 * a process of its own on a temporary SQLite database with the demo data. Loopback only, a few
 * seconds per route.
 */
import autocannon from 'autocannon';
import { startBenchServer } from './start-server';

const ROUTES = ['/api/advertised_products', '/api/all/phones', '/api/categoires'];
const SECONDS_PER_ROUTE = 5;
const CONNECTIONS = 10;

const { origin, stop } = await startBenchServer();

try {
  console.log(`PhoneHaat API on ${origin}, ${CONNECTIONS} connections, ${SECONDS_PER_ROUTE} s per route\n`);
  console.log(`${'route'.padEnd(28)}${'requests/s'.padStart(12)}${'p99 ms'.padStart(10)}${'not 2xx'.padStart(10)}`);
  let clean = true;
  for (const route of ROUTES) {
    const result = await autocannon({ url: origin + route, connections: CONNECTIONS, duration: SECONDS_PER_ROUTE });
    const failures = result.non2xx + result.errors + result.timeouts;
    clean &&= failures === 0;
    console.log(
      `${route.padEnd(28)}${result.requests.average.toFixed(0).padStart(12)}${String(result.latency.p99).padStart(10)}${String(failures).padStart(10)}`,
    );
  }
  if (!clean) {
    console.error('\nSome requests did not succeed: the numbers above do not measure real answers.');
    process.exitCode = 1;
  }
} finally {
  await stop();
}
