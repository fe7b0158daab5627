import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type SqliteDatabase,
  type SqliteStatement,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import { ensurePrivateDir, ensurePrivateFile } from './data-dir';
import { runKeptByName } from './named-statements';
import { sendBeginWithFirstStatement } from './begin-with-first';
import type { Database } from './schema';
import { postgresTypes, SqliteValuesPlugin, toSqliteParameters } from './values';
import { WalFile, WalSync, type LogNotOnDisk } from './wal-sync';
import { checkpointInThread } from './checkpoints';

export type Engine = 'sqlite' | 'postgres';
/**
 * Where SQLite's log is checkpointed into the database file: in the commit that fills it (SQLite's
 * default, for scripts and tests), in a thread of this process (checkpoints.ts), or by another
 * process of the server that has that thread.
 */
export type Checkpoints = 'on commit' | 'in a thread' | 'elsewhere';

interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  close(): Promise<void>;
}

interface DatabaseOptions {
  /** A PostgreSQL URL; without it the embedded SQLite file in `dataDir` is used. */
  url?: string | undefined;
  dataDir: string;
  /** PostgreSQL schema to work in (tests give each run its own). */
  schema?: string | undefined;
  /** Told when PostgreSQL ends an idle pooled connection (a restart, a network cut). */
  onConnectionLost?: (error: Error) => void;
  /** Around each fsync of SQLite's log (wal-sync.ts), which `sync` makes: tests count, hold and fail them. */
  syncWal?: (sync: () => Promise<void>, path: string) => Promise<void>;
  /** Told once when an fsync of SQLite's log failed: the process must end (wal-sync.ts). */
  onWalFailure?: (failure: LogNotOnDisk) => void;
  checkpoints?: Checkpoints;
  /** Told of a checkpoint that failed in its thread. */
  onCheckpointError?: (message: string) => void;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  // Uploads and the signing secret live there with either engine.
  ensurePrivateDir(options.dataDir);
  return options.url ? openPostgres(options.url, options) : openSqlite(options);
}

const walSyncs = new WeakMap<Kysely<Database>, WalSync>();

/**
 * What an answer that wrote waits for before it goes (SQLite: wal-sync.ts); none on PostgreSQL, whose
 * commit returns once it is on the disk.
 */
export const walSyncOf = (db: Kysely<Database>): WalSync | undefined => walSyncs.get(db);

const SQLITE_BUSY_TIMEOUT_MS = 5000;

function openSqlite({
  dataDir,
  syncWal = (sync) => sync(),
  checkpoints = 'on commit',
  onCheckpointError = console.error,
  onWalFailure = (failure) => console.error(failure.message, failure.cause),
}: DatabaseOptions): DatabaseHandle {
  const path = join(dataDir, 'phonehaat.sqlite');
  ensurePrivateFile(path);
  const file = new SQLite(path);
  file.pragma('journal_mode = WAL');
  // A commit does not wait for the disk on the event loop: the answers that wrote wait for WalSync's
  // fsync on libuv's threads instead (docs/reliability.md, "Crashes").
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  // How long a write waits for another process's write to finish before the request gets a 503.
  file.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  if (checkpoints !== 'on commit') file.pragma('wal_autocheckpoint = 0');
  const stopCheckpoints = checkpoints === 'in a thread' ? checkpointInThread(path, onCheckpointError) : undefined;
  const log = new WalFile(`${path}-wal`);
  const wal = new WalSync(
    () => syncWal(() => log.sync(), log.path),
    (failure) => {
      // Not another page copied from a log the disk may not hold.
      void stopCheckpoints?.();
      onWalFailure(failure);
    },
  );
  const db = new Kysely<Database>({
    dialect: new WritersFirstSqliteDialect({ database: withPreparedStatements(file, wal) }),
    plugins: [new SqliteValuesPlugin()],
  });
  walSyncs.set(db, wal);
  const close = async () => {
    await stopCheckpoints?.();
    await db.destroy();
    await log.close();
  };
  return { db, engine: 'sqlite', close };
}

/**
 * Every transaction begins as the writer (`BEGIN IMMEDIATE`): it waits up to the busy timeout for
 * another process's write to end, then holds the write lock until it commits. A transaction begun
 * as a reader (SQLite's default) that writes after reading cannot wait: SQLite answers "database is
 * locked" at once when another process holds the lock, whatever the busy timeout, since waiting could
 * deadlock two such readers. The app's transactions are all there to write; plain reads run outside
 * any transaction and never wait on a writer (WAL).
 */
class WritersFirstSqliteDialect extends SqliteDialect {
  constructor(private readonly config: SqliteDialectConfig) {
    super(config);
  }

  override createDriver() {
    return new WritersFirstSqliteDriver(this.config);
  }
}

const BEGIN_IMMEDIATE = CompiledQuery.raw('begin immediate');
const NO_WAIT = CompiledQuery.raw('pragma busy_timeout = 0');
const WAIT = CompiledQuery.raw(`pragma busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
/** How long a transaction lets its process work before asking again for the write lock. */
const LOCK_RETRY_MS = 1;

const isBusy = (error: unknown) => (error as { code?: unknown } | null)?.code === 'SQLITE_BUSY';

class WritersFirstSqliteDriver extends SqliteDriver {
  /**
   * Asks for the write lock every millisecond, up to the busy timeout, without SQLite's own wait:
   * that one sleeps the whole process (every request it serves, reads too) in steps growing to
   * 100 ms, so a lock held for a millisecond by the other process cost a waiter tens of them.
   */
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const giveUpAt = Date.now() + SQLITE_BUSY_TIMEOUT_MS;
    await connection.executeQuery(NO_WAIT);
    try {
      for (;;) {
        try {
          await connection.executeQuery(BEGIN_IMMEDIATE);
          return;
        } catch (error) {
          if (!isBusy(error) || Date.now() >= giveUpAt) throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
      }
    } finally {
      await connection.executeQuery(WAIT);
    }
  }
}

/** Statements kept prepared: the app's queries are a few hundred shapes, each run many times. */
const STATEMENTS_KEPT = 500;

/**
 * The database as Kysely sees it, with each statement prepared once and run again: Kysely prepares
 * every query it runs, and preparing costs about as much as running a small query. A statement is
 * never used by two queries at once: Kysely runs one query at a time on the file.
 *
 * Each commit that changed a row is counted for the log's fsync (wal-sync.ts), as it returns, before
 * anything else runs: an fsync that begins later covers it. A statement that changed rows in a
 * transaction is not counted itself, only the transaction's end: counted at once, an fsync begun
 * between it and the commit would cover the count but not the commit, which writes the log. A
 * transaction that changed nothing (the mail and alert workers' empty claims, every few seconds)
 * writes nothing to the log and costs no fsync. Its end is counted even when it is a rollback: an
 * fsync too many, never one too few.
 */
function withPreparedStatements(file: SQLite.Database, wal: WalSync): SqliteDatabase {
  const prepared = new Map<string, SqliteStatement>();
  let changedSinceCommit = false;
  const ran = (changed: boolean) => {
    changedSinceCommit ||= changed;
    if (changedSinceCommit && !file.inTransaction) {
      wal.noteWrite();
      changedSinceCommit = false;
    }
  };
  return {
    close: () => file.close(),
    prepare(query: string) {
      let statement = prepared.get(query);
      if (statement) prepared.delete(query);
      else statement = countingWrites(file.prepare(query), ran);
      // Most recently used last, so the first is the one to drop.
      prepared.set(query, statement);
      if (prepared.size > STATEMENTS_KEPT) prepared.delete(prepared.keys().next().value!);
      return statement;
    },
  };
}

/**
 * Only an insert, update or delete tells by its changes whether it wrote: each row it changes is in
 * `changes` (better-sqlite3 gives 0 when the total did not move) or, with `returning`, a row of its
 * answer, and SQLite's triggers and cascades act only on a row that changed. Any other statement that
 * may write (a schema change, a pragma) is taken as a write, but for two that SQLite does not call
 * read-only and write nothing themselves: `begin immediate` (it takes the lock; what the transaction
 * changes is counted at its end) and the busy timeout the driver sets around it, the connection's.
 */
const CHANGES_ROWS = /^\s*(insert|update|delete|replace)\b/i;
const WRITES_NOTHING = /^\s*(begin|pragma\s+busy_timeout)\b/i;

function countingWrites(statement: SQLite.Statement, ran: (changed: boolean) => void): SqliteStatement {
  const writesNothing = statement.readonly || WRITES_NOTHING.test(statement.source);
  const changesTell = CHANGES_ROWS.test(statement.source);
  const wrote = (changes: number | bigint) => !writesNothing && (Number(changes) > 0 || !changesTell);
  const all = (parameters: readonly unknown[]) => {
    const rows = statement.all(toSqliteParameters(parameters));
    ran(wrote(rows.length));
    return rows;
  };
  return {
    reader: statement.reader,
    all,
    run(parameters) {
      const result = statement.run(toSqliteParameters(parameters));
      ran(wrote(result.changes));
      return result;
    },
    iterate(parameters) {
      if (statement.readonly) return statement.iterate(toSqliteParameters(parameters));
      // Run at once, not as the rows are wanted: the count must follow the write.
      return all(parameters)[Symbol.iterator]();
    },
  };
}

function openPostgres(url: string, { schema, onConnectionLost }: DatabaseOptions): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    types: postgresTypes,
    // While PostgreSQL is away, a request waits this long for a connection and then gets a 503,
    // well within a client's patience, instead of queueing behind a connect that never ends.
    connectionTimeoutMillis: 5_000,
    // A connection whose peer vanished without a word (a network cut) is noticed and dropped.
    keepAlive: true,
    // The public answers come from the cache, so the pool can sit idle for a while; a new connection
    // costs its connect and a backend with cold catalog caches, about 100 ms on a search's first
    // answer, so idle connections are kept five minutes rather than pg's ten seconds.
    idleTimeoutMillis: 5 * 60_000,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // A connection PostgreSQL ends (a restart, a stop) is an 'error' event, which unheard would end
  // the process. Idle, the pool reports it and drops the connection; checked out between two queries,
  // the holder's next query fails (a 503) and the pool drops it on release.
  pool.on('error', (error) => onConnectionLost?.(error));
  const dropsHeldBegin = new WeakMap<pg.PoolClient, () => void>();
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    runKeptByName(client);
    dropsHeldBegin.set(client, sendBeginWithFirstStatement(client));
  });
  pool.on('release', (_error: unknown, client: pg.PoolClient) => dropsHeldBegin.get(client)?.());
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: 'postgres', close: () => db.destroy() };
}

export async function isReachable(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
