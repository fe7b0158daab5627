import cluster from 'node:cluster';
import { resolve } from 'node:path';
import { buildApp } from '#server/app';
import { loadAuthSecret } from '#server/auth/secret';
import { AccessTokens } from '#server/auth/tokens';
import { PublicCache, REFRESH_MS } from '#server/cache/public-cache';
import { channelFor } from '#server/events/channel';
import { Bell } from '#server/notifications/bell';
import type { Config } from '#server/config';
import { openDatabase, type Checkpoints } from '#server/db/connection';
import type { LogNotOnDisk } from '#server/db/wal-sync';
import { ensureAdmin, prepareDatabase } from './setup';
import { seedDemoData } from './seed/demo';
import { startHousekeeping } from '#server/housekeeping';
import { startMailWorker } from '#server/mail/worker';
import { startAlertWorker } from '#server/alerts/worker';
import { loadVapidKeys } from '#server/push/vapid';
import { imeiKeyFor } from '#server/trust/imei';
import { closeRedis, imageStoreFor, redisFor } from './services';
import { reportLoopDelayOnSignal } from './loop-delay';

/** Requests still running this long after SIGTERM have their connections closed, so none holds up a restart. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * `checkpoints`: SQLite's log is checkpointed off the event loop by the server process that does the
 * housekeeping, and by none of the others (db/checkpoints.ts); preparing does it as it commits.
 */
const openStores = async (
  config: Config,
  checkpoints: Checkpoints = 'on commit',
  onWalFailure?: (failure: LogNotOnDisk) => void,
) => {
  const dataDir = resolve(config.DATA_DIR);
  const database = openDatabase({
    url: config.DATABASE_URL,
    connections: config.DATABASE_CONNECTIONS,
    dataDir,
    checkpoints,
    onWalFailure,
    onConnectionLost: (error) => {
      if (config.LOG_LEVEL !== 'silent') console.warn(`PostgreSQL ended a pooled connection: ${error.message}`);
    },
  });
  return { dataDir, ...database, images: await imageStoreFor(config, dataDir) };
};

/** What must happen once before any server process answers: schema, base and demo data, the admin, the secret. */
export async function prepareServer(config: Config): Promise<void> {
  // Before the database: a bad stored secret stops the start before anything else has happened.
  loadAuthSecret(resolve(config.DATA_DIR), config.AUTH_SECRET);
  // Once, here, so the processes started next all read the one pair.
  loadVapidKeys(resolve(config.DATA_DIR));
  const imeiKey = imeiKeyFor(config);
  const { db, engine, images, close } = await openStores(config);
  try {
    await prepareDatabase(db, engine, images);
    // Demo data first: it is only added to a database without users, and ADMIN_EMAIL would make one.
    if (config.SEED_DEMO) await seedDemoData(db, images, { log: console.log, withAdmin: !config.ADMIN_EMAIL, imeiKey });
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
      const outcome = await ensureAdmin(db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
      // The address stays out of the log: the setting names it for whoever needs to know.
      console.log(`The ADMIN_EMAIL account ${outcome}.`);
    }
  } finally {
    await close();
  }
}

/** One server process: the app on the prepared database, listening until SIGINT or SIGTERM. */
export async function runServer(config: Config, options: { housekeeping: boolean }): Promise<void> {
  if (config.BENCH_LOOP_DELAY) reportLoopDelayOnSignal();
  const { db, engine, images, dataDir, close } = await openStores(
    config,
    options.housekeeping ? 'in a thread' : 'elsewhere',
    (failure) => {
      console.error(failure.message, failure.cause);
      void stop('a failed fsync of the log', { logLost: true });
    },
  );
  const tokens = new AccessTokens(loadAuthSecret(dataDir, config.AUTH_SECRET));
  const redis = await redisFor(config);
  const channel = (name: string) =>
    channelFor({ redis, databaseUrl: config.DATABASE_URL }, name, (error) =>
      console.error(`${name} channel:`, error instanceof Error ? error.message : error),
    );
  const app = await buildApp(
    { db, engine, config, tokens, images, redis, bell: new Bell(channel('phonehaat_bell')) },
    {
      logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
      publicCache: new PublicCache({ channel: channel('phonehaat_catalog'), refreshMs: REFRESH_MS }),
      searchChannel: channel('phonehaat_search'),
    },
  );
  app.addHook('onClose', () => closeRedis(redis));
  // Reading ahead stops with the app rather than query a closed database.
  const warming = new AbortController();
  app.addHook('onClose', async () => warming.abort());
  // Unused uploads and expired sessions go now and then, in one process; tests call the jobs themselves.
  // The mail worker runs there too: one sender per cluster (other machines' are kept apart by its claims).
  if (options.housekeeping) {
    startHousekeeping(app, { firstRunMs: config.HOUSEKEEPING_DELAY_S * 1000 });
    startMailWorker(app);
    startAlertWorker(app);
  }

  let stopping = false;
  // A request already running when the signal comes closes its connection once answered, so no idle
  // keep-alive connection holds the exit up until it times out.
  app.addHook('onSend', async (_request, reply) => {
    if (stopping) reply.header('connection', 'close');
  });
  /**
   * Stops listening (a request arriving on an open keep-alive connection meanwhile gets a 503), lets
   * the requests in flight finish, then closes the database: everything acknowledged is written.
   * Exits 0, or 1 when requests had to be cut off. After a failed fsync of SQLite's log (`logLost`)
   * the writes still running get a 503, and the database is left as it is, not closed: closing would
   * checkpoint pages the disk may not hold into the database file. Exits 1; the cluster starts a
   * new process, which recovers from the log on the disk.
   */
  async function stop(reason: string, { logLost = false } = {}) {
    if (stopping) return;
    stopping = true;
    app.log.info(`${reason}, closing`);
    let cutOff = false;
    const deadline = setTimeout(() => {
      cutOff = true;
      app.log.warn(`requests still running ${SHUTDOWN_GRACE_MS / 1000} s after ${reason}: closing their connections`);
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    await app.close();
    clearTimeout(deadline);
    if (logLost) process.exit(1);
    await close();
    process.exit(cutOff ? 1 : 0);
  }
  process.on('SIGINT', () => void stop('SIGINT received'));
  process.on('SIGTERM', () => void stop('SIGTERM received'));

  await app.listen({ port: config.PORT, host: config.HOST });
  if (config.PASSWORD_HASH_COST === 'test') {
    // Nothing else can tell a test run from a careless deployment: say it where an operator looks.
    app.log.warn("PASSWORD_HASH_COST=test: new passwords get the test runs' hash cost, far below OWASP's minimum");
  }
  // Once it answers, not before: the start-up stays what it was, and the first searches find the
  // columns and the common words read (at a million listings seconds of a core, past a buyer's wait).
  app.deps.search
    .warm?.(warming.signal)
    .catch((error: unknown) => app.log.warn({ err: error }, 'reading search ahead failed'));
  if (cluster.isPrimary) {
    console.log(
      `PhoneHaat is running: open ${config.PUBLIC_URL} (${engine === 'sqlite' ? `SQLite in ${dataDir}` : 'PostgreSQL'})`,
    );
  }
}
