import { open, stat, type FileHandle } from 'node:fs/promises';

const missing = (error: NodeJS.ErrnoException) => {
  // No log: the last connection closed it after checkpointing everything into the synced database.
  if (error.code === 'ENOENT') return undefined;
  throw error;
};

/**
 * The log file, held open for the process's life. One descriptor makes an fsync one job on libuv's
 * threads, with a stat beside it, not three one after another (open, fsync, close); and it is the
 * descriptor through which the kernel reports a failed
 * write-back: Linux reports such an error once, to the descriptors open at the time, and a file opened
 * afterwards for each fsync could see 0 for pages that were dropped. It is opened again only if the
 * file at the path is another one (SQLite removed the log and made a new one): checked beside the
 * fsync, and the new one is synced then too.
 */
export class WalFile {
  private file: { handle: FileHandle; inode: number } | undefined;

  constructor(
    readonly path: string,
    private readonly openFile: (path: string) => Promise<FileHandle> = (path) => open(path, 'r'),
  ) {}

  async sync(): Promise<void> {
    if (this.file) {
      const [current] = await Promise.all([stat(this.path).catch(missing), this.file.handle.datasync()]);
      if (current?.ino === this.file.inode) return;
      await this.close();
    }
    this.file = await this.opened();
    await this.file?.handle.datasync();
  }

  async close(): Promise<void> {
    const file = this.file;
    this.file = undefined;
    await file?.handle.close();
  }

  private async opened() {
    const handle = await this.openFile(this.path).catch(missing);
    if (!handle) return undefined;
    return { handle, inode: (await handle.stat()).ino };
  }
}

/** What a write waiting for the disk gets once an fsync of the log has failed in this process. */
export class LogNotOnDisk extends Error {
  constructor(cause: unknown) {
    super('An fsync of the SQLite log failed: writes are refused until the process restarts', { cause });
  }
}

/**
 * SQLite runs with `synchronous = NORMAL` under WAL: a commit writes to the log (the `-wal` file)
 * without waiting for the disk, so the event loop, which better-sqlite3 runs every statement on,
 * never waits for an fsync. An answered write must still be on the disk: a request that wrote waits,
 * before its answer, for an fsync of the log begun after its commit, made on libuv's threads
 * (`onDisk`). One fsync serves every write committed before it began (group commit), so many writes
 * a second wait together for few fsyncs.
 *
 * A failed fsync stops it for good, as PostgreSQL does: the kernel may have dropped the log's pages
 * and will not say so again, and SQLite's recovery stops at the first frame that is not on the disk,
 * so no later write can be said to be there. Every wait fails from then on and `onFailure` is told
 * once, to end the process; the next one starts from what is on the disk.
 */
export class WalSync {
  /** Commits that wrote, counted as each one returns (connection.ts). */
  private written = 0;
  /** How many the last fsync that returned covered: those counted when it began. */
  private synced = 0;
  private syncing: Promise<void> | undefined;
  private failure: LogNotOnDisk | undefined;

  constructor(
    private readonly sync: () => Promise<void>,
    private readonly onFailure: (failure: LogNotOnDisk) => void,
  ) {}

  noteWrite(): void {
    this.written += 1;
  }

  /** The writes so far: a request whose mark moved while it ran waits for `onDisk` before its answer. */
  get mark(): number {
    return this.written;
  }

  /** Returns once an fsync of the log begun after every write so far has returned; throws LogNotOnDisk. */
  async onDisk(): Promise<void> {
    const target = this.written;
    while (this.synced < target) {
      if (this.failure) throw this.failure;
      this.syncing ??= this.syncOnce();
      await this.syncing;
    }
  }

  private async syncOnce(): Promise<void> {
    const covers = this.written;
    try {
      await this.sync();
      this.synced = Math.max(this.synced, covers);
    } catch (error) {
      if (!this.failure) {
        this.failure = new LogNotOnDisk(error);
        this.onFailure(this.failure);
      }
    } finally {
      this.syncing = undefined;
    }
  }
}
