import cluster from 'node:cluster';
import { loadConfig } from './config';
import { runPrimary } from '#server/start/primary';
import { prepareServer, runServer } from '#server/start/server';

/*
 * One process, or with WEB_CONCURRENCY above 1 a primary that has the database prepared once
 * (migrations, demo data, the admin) by a process of its own, then starts that many server processes
 * sharing one port (Node's cluster).
 */
const config = loadConfig();

if (cluster.isPrimary && config.WEB_CONCURRENCY > 1) {
  await runPrimary(config);
} else if (process.env.PHONEHAAT_ROLE === 'prepare') {
  await prepareServer(config);
  process.exit(0);
} else {
  if (cluster.isPrimary) await prepareServer(config);
  await runServer(config, { housekeeping: cluster.isPrimary || process.env.PHONEHAAT_HOUSEKEEPING === '1' });
}
