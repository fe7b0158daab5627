import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  PostgresDriver,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type SqliteDatabase,
  type SqliteStatement,
  type SqliteDialectConfig,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import { turnIfHeld } from './batches';
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
  /** PostgreSQL connections of the process's two pools together (the `DATABASE_CONNECTIONS` setting; POSTGRES_CONNECTIONS when unset). */
  connections?: number | undefined;
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

/** The SQLite database's file in DATA_DIR (its log beside it, `-wal`). */
export const SQLITE_FILE = 'phonehaat.sqlite';

const SQLITE_BUSY_TIMEOUT_MS = 5000;

function openSqlite({
  dataDir,
  syncWal = (sync) => sync(),
  checkpoints = 'on commit',
  onCheckpointError = console.error,
  onWalFailure = (failure) => console.error(failure.message, failure.cause),
}: DatabaseOptions): DatabaseHandle {
  const path = join(dataDir, SQLITE_FILE);
  ensurePrivateFile(path);
  const file = new SQLite(path);
  file.pragma('journal_mode = WAL');
  // A commit does not wait for the disk on the event loop: the answers that wrote wait for WalSync's
  // fsync on libuv's threads instead (docs/reliability.md, "Crashes").
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  // SQLite's own wait for another process's write sleeps this whole process: transactions ask for the
  // lock a turn of the loop at a time instead (beginImmediate), and the writer's handle keeps no wait
  // of its own but around the rare statement outside a transaction that may need the lock (alone).
  file.pragma('busy_timeout = 0');
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
  const reads = new SQLite(path);
  // It writes nothing, so it never waits for a lock (WAL), but while the log is restarted.
  reads.pragma('query_only = ON');
  reads.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  const db = new Kysely<Database>({
    dialect: new WritersFirstSqliteDialect(
      { database: withPreparedStatements(file, wal) },
      withPreparedStatements(reads, wal),
    ),
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
  constructor(
    private readonly config: SqliteDialectConfig,
    private readonly reads: KeptStatements,
  ) {
    super(config);
  }

  override createDriver() {
    return new WritersFirstSqliteDriver(this.config, this.reads);
  }
}

/**
 * Kysely's connection for one query, one transaction or the statements of `db.connection()`
 * (ReadsApartDriver): the connections it runs them on are taken as it needs them.
 */
class Turn implements DatabaseConnection {
  /** The writer's connection, while this turn holds it. */
  writer: DatabaseConnection | undefined;
  /** The writer's connection being taken: two statements of the turn at once take one, not two. */
  takingWriter: Promise<DatabaseConnection> | undefined;
  /** A connection of PostgreSQL's readers' pool, while this turn holds it (SQLite's reader is never lent). */
  reader: Promise<DatabaseConnection> | undefined;
  /** On PostgreSQL, its reads too take the writers' connections (onWriters). */
  onWriters = false;

  constructor(private readonly driver: ReadsApartDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute<R>(this, query);
  }

  streamQuery(): never {
    throw new Error('The app does not stream queries');
  }
}

/**
 * A query that may read only the database (a `with` may write too, which is named in it; SQLite's
 * statement tells for sure once prepared, PostgreSQL's readers refuse it), not what its connection
 * did or keeps (the rows the writer's last statement changed, a sequence's last value, a setting or
 * an advisory lock held by the session, which a pooled reader would keep for whoever comes next).
 */
const readsOnly = (sql: string) =>
  /^\s*(select|with)\b/i.test(sql) &&
  !/^\s*with\b[\s\S]*\b(insert|update|delete|merge)\b/i.test(sql) &&
  !/\b(changes|total_changes|last_insert_rowid|currval|lastval|set_config|pg_\w*advisory\w*)\s*\(/i.test(sql);

/**
 * Whether `turn`'s statement may go to the readers: it reads only, and the turn holds no writer's
 * connection, whose transaction or earlier writes it must see.
 */
const forReaders = (turn: Turn, sql: string) => !turn.writer && readsOnly(sql);

/**
 * Runs `work` on one turn whose reads take the writers' connections too: a write request's own
 * reads (its session's lookup), which beside a stream of writes otherwise filled PostgreSQL's
 * readers' pool, so that the public answers computed again after a drop waited behind them, and
 * every request for those answers behind that (docs/performance.md). SQLite's one reader is never
 * lent, and its writer's handle waits for the process's transactions: there its reads are unchanged.
 */
export function onWriters<T>(db: Kysely<Database>, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.connection().execute(async (turnDb) => {
    await turnDb.getExecutor().provideConnection(async (turn) => {
      if (turn instanceof Turn) turn.onWriters = true;
    });
    return work(turnDb);
  });
}

/**
 * Reads beside writes, on either engine: statements that read only, outside a transaction, run on
 * connections of their own (`reads`), so a read that missed the cache never waits for the writes'
 * transactions holding the writers' (`writes`); transactions, writes and what follows them in a turn
 * run on the writers'. Each engine says which connection a statement takes (`execute`).
 */
abstract class ReadsApartDriver implements Driver {
  constructor(
    protected readonly writes: Driver,
    protected readonly reads: Driver,
  ) {}

  async init(): Promise<void> {
    await this.writes.init();
    await this.reads.init();
  }

  abstract execute<R>(turn: Turn, query: CompiledQuery): Promise<QueryResult<R>>;

  /** A turn of Kysely's: the connections are taken when its statements need them. */
  async acquireConnection(): Promise<DatabaseConnection> {
    return new Turn(this);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const turn = connection as Turn;
    const { takingWriter, reader } = turn;
    turn.writer = turn.reader = turn.takingWriter = undefined;
    try {
      // One that could not be taken has nothing to give back.
      const writer = await takingWriter?.catch(() => undefined);
      if (writer) await this.writes.releaseConnection(writer);
    } finally {
      // One that could not be taken has nothing to give back.
      await reader?.then(
        (taken) => this.reads.releaseConnection(taken),
        () => undefined,
      );
    }
  }

  async destroy(): Promise<void> {
    try {
      await this.writes.destroy();
    } finally {
      await this.reads.destroy();
    }
  }

  /** The writer's connection of `turn`, taken now if it holds none. */
  protected async writerOf(turn: Turn): Promise<DatabaseConnection> {
    turn.takingWriter ??= this.writes.acquireConnection().then((writer) => (turn.writer = writer));
    return turn.takingWriter;
  }

  async beginTransaction(turn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await this.writerOf(turn as Turn);
    await this.writes.beginTransaction(turn, settings);
  }

  commitTransaction(turn: DatabaseConnection): Promise<void> {
    return this.writes.commitTransaction(turn);
  }

  rollbackTransaction(turn: DatabaseConnection): Promise<void> {
    return this.writes.rollbackTransaction(turn);
  }

  savepoint(turn: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    return this.writes.savepoint!(turn, name, compileQuery);
  }

  rollbackToSavepoint(
    turn: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.writes.rollbackToSavepoint!(turn, name, compileQuery);
  }

  releaseSavepoint(turn: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    return this.writes.releaseSavepoint!(turn, name, compileQuery);
  }
}

const BEGIN_IMMEDIATE = CompiledQuery.raw('begin immediate');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');
const NO_WAIT = CompiledQuery.raw('pragma busy_timeout = 0');
const WAIT = CompiledQuery.raw(`pragma busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
/** How long a transaction lets its process work before asking again for the write lock. */
const LOCK_RETRY_MS = 1;

const isBusy = (error: unknown) => (error as { code?: unknown } | null)?.code === 'SQLITE_BUSY';

/**
 * SQLite has one connection a file handle, which Kysely lends to one query or transaction at a time:
 * a read that missed the cache waited for every write transaction of its process queued before it,
 * each of which may wait for the other process's write lock. Here the reads (statements that write
 * nothing, outside a transaction) run on a handle of their own, which WAL lets read the last commit
 * while a transaction is open on the other; transactions and writes take the writer's handle in
 * turn. A write outside a transaction is made one (BEGIN IMMEDIATE … COMMIT), so that it waits for
 * the other process's lock as transactions do, a turn of the loop at a time, rather than in SQLite's
 * busy handler, which sleeps the whole process.
 */
class WritersFirstSqliteDriver extends ReadsApartDriver {
  private reader: DatabaseConnection | undefined;

  constructor(
    config: SqliteDialectConfig,
    private readonly statements: KeptStatements,
  ) {
    super(new SqliteDriver(config), new SqliteDriver({ database: statements }));
  }

  override async init(): Promise<void> {
    await super.init();
    // Only this driver uses the readers' connection, one statement at a time: it is never given back.
    this.reader = await this.reads.acquireConnection();
  }

  /** One statement of `turn`'s, on the connection it needs, each when the loop has had its turn (turnIfHeld). */
  async execute<R>(turn: Turn, query: CompiledQuery): Promise<QueryResult<R>> {
    const held = turnIfHeld();
    if (held) await held;
    if (forReaders(turn, query.sql) && this.statements.prepare(query.sql).readonly) {
      return this.reader!.executeQuery<R>(query);
    }
    if (turn.writer) return turn.writer.executeQuery<R>(query);
    if (!CHANGES_ROWS.test(query.sql)) return this.alone(turn, () => withSqliteWait(turn.writer!, query));
    return this.alone(turn, async () => {
      await this.beginTransaction(turn);
      try {
        const result = await turn.writer!.executeQuery<R>(query);
        await turn.writer!.executeQuery(COMMIT);
        return result;
      } catch (error) {
        await turn.writer!.executeQuery(ROLLBACK).catch(() => undefined);
        throw error;
      }
    });
  }

  /** Runs `statement` with the writer's connection, taken for it alone (a schema change, a write). */
  private async alone<T>(turn: Turn, statement: () => Promise<T>): Promise<T> {
    try {
      await this.writerOf(turn);
      return await statement();
    } finally {
      await this.releaseConnection(turn);
    }
  }

  override async beginTransaction(turn: DatabaseConnection): Promise<void> {
    await this.beginImmediate(await this.writerOf(turn as Turn));
  }

  /**
   * Asks for the write lock every millisecond, up to the busy timeout, without SQLite's own wait:
   * that one sleeps the whole process (every request it serves, reads too) in steps growing to
   * 100 ms, so a lock held for a millisecond by the other process cost a waiter tens of them. The
   * writer's handle has no wait of its own (openSqlite), so a transaction costs no statements to
   * switch it off and on again (two of a bell's five, 29 Nov 2026).
   */
  private async beginImmediate(connection: DatabaseConnection): Promise<void> {
    const giveUpAt = Date.now() + SQLITE_BUSY_TIMEOUT_MS;
    for (;;) {
      try {
        await connection.executeQuery(BEGIN_IMMEDIATE);
        return;
      } catch (error) {
        if (!isBusy(error) || Date.now() >= giveUpAt) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
    }
  }
}

/**
 * A statement outside a transaction that may take the write lock (a schema change, a pragma) with
 * SQLite's own wait for it, as before the writer's handle had none: rare enough that its sleep is
 * no one's concern, and such a statement cannot always run inside a transaction.
 */
async function withSqliteWait<R>(connection: DatabaseConnection, query: CompiledQuery): Promise<QueryResult<R>> {
  await connection.executeQuery(WAIT);
  try {
    return await connection.executeQuery<R>(query);
  } finally {
    await connection.executeQuery(NO_WAIT);
  }
}

/*
 * better-sqlite3 runs a statement before it returns, so Kysely answers each with a promise already
 * resolved: a transaction's statements and the handler's code between them follow one another as
 * microtasks, and a new listing's 25 statements held the loop for all of them at once, every read
 * arriving meanwhile waiting behind it (docs/performance.md, "What a read waits for beside writes").
 * Each statement first lets the requests waiting in once the loop has been held long enough
 * (turnIfHeld), where they are read and answered (a cached answer in microseconds). A transaction keeps
 * the writer's connection and SQLite's write lock across the turn: the other writes of this process
 * wait for it as before, and the other processes' wait through the turns too (each as long as the
 * answers given in it: under load, tens of ms), within their busy timeout; reads do not wait
 * (WritersFirstSqliteDriver).
 */

/** Statements kept prepared: the app's queries are a few hundred shapes, each run many times. */
interface KeptStatement extends SqliteStatement {
  /** Writes nothing (SQLite's own answer, sqlite3_stmt_readonly). */
  readonly readonly: boolean;
}
interface KeptStatements extends SqliteDatabase {
  prepare(sql: string): KeptStatement;
}

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
function withPreparedStatements(file: SQLite.Database, wal: WalSync): KeptStatements {
  const prepared = new Map<string, KeptStatement>();
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

function countingWrites(statement: SQLite.Statement, ran: (changed: boolean) => void): KeptStatement {
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
    readonly: statement.readonly,
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

/**
 * A server process's PostgreSQL connections beside its NOTIFY channels' (docs/performance.md), of
 * which READERS_SHARE are the readers' pool and the rest the writers'. The processes of every machine
 * together must stay under the server's `max_connections`.
 */
export const POSTGRES_CONNECTIONS = 10;
const READERS_SHARE = 0.4;

/** The readers' pool's options: its connections refuse to write (PostgreSQL's 25006, ReadsApartPostgresDriver). */
const READERS = '-c default_transaction_read_only=on';

function openPostgres(
  url: string,
  { schema, onConnectionLost, connections = POSTGRES_CONNECTIONS }: DatabaseOptions,
): DatabaseHandle {
  const readers = Math.max(1, Math.round(connections * READERS_SHARE));
  const searchPath = schema ? `-c search_path=${schema}` : undefined;
  const poolOf = (max: number, options?: string) => {
    const pool = new pg.Pool({
      connectionString: url,
      max,
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
      ...(options ? { options } : {}),
    });
    watchPool(pool, onConnectionLost);
    return pool;
  };
  const db = new Kysely<Database>({
    dialect: new ReadsApartPostgresDialect(
      poolOf(connections - readers, searchPath),
      poolOf(readers, [searchPath, READERS].filter(Boolean).join(' ')),
    ),
  });
  return { db, engine: 'postgres', close: () => db.destroy() };
}

function watchPool(pool: pg.Pool, onConnectionLost: DatabaseOptions['onConnectionLost']) {
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
}

class ReadsApartPostgresDialect extends PostgresDialect {
  constructor(
    private readonly writers: pg.Pool,
    private readonly readers: pg.Pool,
  ) {
    super({ pool: writers });
  }

  override createDriver() {
    return new ReadsApartPostgresDriver(
      new PostgresDriver({ pool: this.writers }),
      new PostgresDriver({ pool: this.readers }),
    );
  }
}

const isWriteRefused = (error: unknown) => (error as { code?: unknown } | null)?.code === '25006';

/**
 * A process's pooled connections were shared by the reads and the writes' transactions, which hold
 * theirs while they wait for a row lock (a new listing's counts, a buyer's inbox): beside 50 writes
 * a second all of them could be held, and a read that missed the cache waited for one
 * (docs/performance.md, "PostgreSQL's reads got connections of their own"). Here a turn's reads
 * take a connection of the readers' pool, kept for the turn (so `db.connection()` reads on one
 * session); its first write or transaction takes one of the writers', and everything after it runs
 * there. A statement taken for a read that writes after all (a function that writes) is refused by
 * the readers' connection before it changes anything, and runs on the writers'.
 */
class ReadsApartPostgresDriver extends ReadsApartDriver {
  async execute<R>(turn: Turn, query: CompiledQuery): Promise<QueryResult<R>> {
    if (!turn.onWriters && forReaders(turn, query.sql)) {
      turn.reader ??= this.reads.acquireConnection();
      try {
        return await (await turn.reader).executeQuery<R>(query);
      } catch (error) {
        if (!isWriteRefused(error)) throw error;
      }
    }
    return (await this.writerOf(turn)).executeQuery<R>(query);
  }
}

export async function isReachable(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
