import cluster, { type Worker } from 'node:cluster';
import { once } from 'node:events';
import { relayChannels } from '#server/events/channel';
import type { Config } from '#server/config';

/** A worker that dies this soon after its start is not restarted: it would only die again. */
const MIN_LIFETIME_MS = 10_000;

/**
 * Preparing (the demo data's photos above all) takes memory a long-lived primary would keep: done by
 * a process of its own, which exits when done.
 */
async function prepareInOwnProcess(): Promise<void> {
  const preparer = cluster.fork({ PHONEHAAT_ROLE: 'prepare' });
  const [code, signal] = (await once(preparer, 'exit')) as [number | null, string | null];
  if (code !== 0) {
    console.error(`Preparing the database failed (${signal ?? code}), see above`);
    process.exit(1);
  }
}

/**
 * Prepares the database once, then starts WEB_CONCURRENCY server processes on one port. The first
 * one also runs housekeeping (a replacement takes that role over). A worker that crashes is replaced;
 * SIGINT or SIGTERM stops them all.
 */
export async function runPrimary(config: Config): Promise<void> {
  await prepareInOwnProcess();
  relayChannels();

  let stopping = false;
  const housekeeper = new Set<Worker>();
  const start = (housekeeping: boolean) => {
    const worker = cluster.fork({ PHONEHAAT_HOUSEKEEPING: housekeeping ? '1' : '0' });
    const startedAt = Date.now();
    if (housekeeping) housekeeper.add(worker);
    worker.once('exit', (code, signal) => {
      housekeeper.delete(worker);
      if (stopping) return;
      console.error(`Server process ${worker.process.pid} stopped (${signal ?? code})`);
      if (Date.now() - startedAt < MIN_LIFETIME_MS) return stopAll('a server process failed at start', 1);
      start(housekeeping);
    });
    return worker;
  };
  for (let i = 0; i < config.WEB_CONCURRENCY; i += 1) start(i === 0);

  let listening = 0;
  cluster.on('listening', () => {
    listening += 1;
    if (listening === config.WEB_CONCURRENCY) {
      console.log(
        `PhoneHaat is running: open ${config.PUBLIC_URL} (${config.WEB_CONCURRENCY} processes, ${config.DATABASE_URL ? 'PostgreSQL' : `SQLite in ${config.DATA_DIR}`})`,
      );
    }
  });

  function stopAll(reason: string, exitCode = 0) {
    if (stopping) return;
    stopping = true;
    console.log(`${reason}, stopping`);
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    let left = workers.length;
    if (left === 0) process.exit(exitCode);
    for (const worker of workers) {
      worker.once('exit', () => {
        left -= 1;
        if (left === 0) process.exit(exitCode);
      });
      worker.process.kill('SIGTERM');
    }
  }
  process.on('SIGINT', () => stopAll('SIGINT received'));
  process.on('SIGTERM', () => stopAll('SIGTERM received'));
}
