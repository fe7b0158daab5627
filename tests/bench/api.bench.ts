/*
 * `npm run bench`: requests per second and p99 latency of the public list calls, against the app in
 * a process of its own on a temporary SQLite database with the demo data. Loopback only, a few
 * seconds per route.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const ROUTES = ['/api/advertised_products', '/api/all/phones', '/api/categoires'];
const SECONDS_PER_ROUTE = 5;
const CONNECTIONS = 10;
const STARTUP_LIMIT_MS = 60_000;

const dataDir = await mkdtemp(join(tmpdir(), 'phonehaat-bench-'));
const server = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'server.ts'), dataDir], {
  stdio: ['ignore', 'pipe', 'inherit'],
});

try {
  const origin = await firstLine(server.stdout);
  console.log(`PhoneHaat API on ${origin}, ${CONNECTIONS} connections, ${SECONDS_PER_ROUTE} s per route\n`);
  console.log(`${'route'.padEnd(28)}${'requests/s'.padStart(12)}${'p99 ms'.padStart(10)}${'not 2xx'.padStart(10)}`);
  let clean = true;
  for (const route of ROUTES) {
    const result = await autocannon({ url: origin + route, connections: CONNECTIONS, duration: SECONDS_PER_ROUTE });
    const failures = result.non2xx + result.errors + result.timeouts;
    clean &&= failures === 0;
    console.log(`${route.padEnd(28)}${result.requests.average.toFixed(0).padStart(12)}${String(result.latency.p99).padStart(10)}${String(failures).padStart(10)}`);
  }
  if (!clean) {
    console.error('\nSome requests did not succeed: the numbers above do not measure real answers.');
    process.exitCode = 1;
  }
} finally {
  if (server.exitCode === null && server.signalCode === null) {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
  await rm(dataDir, { recursive: true, force: true });
}

function firstLine(stream: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: stream });
    const timer = setTimeout(() => reject(new Error('the server did not start within a minute')), STARTUP_LIMIT_MS);
    lines.once('line', (line) => {
      clearTimeout(timer);
      lines.close();
      resolve(line.trim());
    });
    server.once('exit', (code) => reject(new Error(`the server stopped before listening (exit ${code})`)));
  });
}
