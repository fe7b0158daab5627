import { join, resolve } from 'node:path';
import { buildApp } from './app';
import { loadAuthSecret } from './auth/secret';
import { AccessTokens } from './auth/tokens';
import { loadConfig } from './config';
import { openDatabase } from './db/connection';
import { ensureAdmin, prepareDatabase } from './db/setup';
import { seedDemoData } from './db/seed/demo';
import { startHousekeeping } from './housekeeping';
import { DiskImageStore } from './uploads/store';

const config = loadConfig();
const dataDir = resolve(config.DATA_DIR);
// Before the database: a bad stored secret stops the start before anything else has happened.
const tokens = new AccessTokens(loadAuthSecret(dataDir, config.AUTH_SECRET));
const { db, engine, close } = openDatabase({
  url: config.DATABASE_URL,
  dataDir,
  onConnectionLost: (error) => {
    if (config.LOG_LEVEL !== 'silent') console.warn(`PostgreSQL ended a pooled connection: ${error.message}`);
  },
});
const images = new DiskImageStore(join(dataDir, 'uploads'));

await prepareDatabase(db, engine, images);
// Demo data first: it is only added to a database without users, and ADMIN_EMAIL would make one.
if (config.SEED_DEMO) await seedDemoData(db, images, { log: console.log, withAdmin: !config.ADMIN_EMAIL });
if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
  const outcome = await ensureAdmin(db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  console.log(`Admin account ${config.ADMIN_EMAIL} ${outcome}.`);
}

const app = await buildApp(
  { db, engine, config, tokens, images },
  { logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL } },
);
// Unused uploads and expired sessions go now and then; tests call the jobs themselves instead.
startHousekeeping(app);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal} received, closing`);
  await app.close();
  await close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });
console.log(
  `PhoneHaat is running: open ${config.PUBLIC_URL} (${engine === 'sqlite' ? `SQLite in ${dataDir}` : 'PostgreSQL'})`,
);
