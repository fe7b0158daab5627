import { open } from 'node:fs/promises';

/** Writes a file's data to the disk on libuv's threads; a file that is not there has nothing to write. */
export async function syncFileData(path: string): Promise<void> {
  const file = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
    // No log: the last connection closed it after checkpointing everything into the synced database.
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!file) return;
  try {
    await file.datasync();
  } finally {
    await file.close();
  }
}

/**
 * SQLite runs with `synchronous = NORMAL` under WAL: a commit writes to the log (the `-wal` file)
 * without waiting for the disk, so the event loop, which better-sqlite3 runs every statement on,
 * never waits for an fsync. An answered write must still be on the disk: a request that wrote waits,
 * before its answer, for an fsync of the log begun after its commit, made on libuv's threads
 * (`onDisk`). One fsync serves every write committed before it began (group commit), so many writes
 * a second wait together for few fsyncs.
 */
export class WalSync {
  /** Statements that may have written (commits included), counted as they are prepared, just before they run. */
  private written = 0;
  /** How many the last fsync that returned covered: those counted when it began. */
  private synced = 0;
  private syncing: Promise<void> | undefined;

  constructor(
    private readonly walPath: string,
    private readonly syncFile: (path: string) => Promise<void> = syncFileData,
  ) {}

  noteWrite(): void {
    this.written += 1;
  }

  /** The writes so far: a request whose mark moved while it ran waits for `onDisk` before its answer. */
  get mark(): number {
    return this.written;
  }

  /** Returns once an fsync of the log begun after every write so far has returned. */
  async onDisk(): Promise<void> {
    const target = this.written;
    while (this.synced < target) {
      this.syncing ??= this.syncOnce();
      await this.syncing;
    }
  }

  private async syncOnce(): Promise<void> {
    const covers = this.written;
    try {
      await this.syncFile(this.walPath);
      this.synced = Math.max(this.synced, covers);
    } finally {
      this.syncing = undefined;
    }
  }
}
