import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the log's committed pages are copied into the database file. */
const CHECKPOINT_EVERY_MS = 1000;

/**
 * A log holding more pages not yet checkpointed than this (of 4 KiB: 40 MB) is reported: a reader
 * that never ends keeps them there, or the thread cannot keep up. SQLite's own checkpoint would have begun at a thousand.
 */
export const LOG_PAGES_REPORTED = 10_000;

/** A thread that stopped is started again after this, doubled at each stop in a row, up to the last. */
const RESTART_AFTER_MS = [1000, 2000, 4000, 8000, 16_000, 30_000];

/**
 * The thread's code: a connection of its own that checkpoints without waiting (PASSIVE: it copies
 * what no reader still needs and leaves the rest for the next time), and stops when told to. It
 * reports a failed checkpoint, and the log's length once past the limit (again only after it fell
 * back under it).
 */
const CHECKPOINTER = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.module);
const file = new SQLite(workerData.path);
file.pragma('busy_timeout = 0');
let long = false;
const checkpoint = () => {
  try {
    const [{ log, checkpointed }] = file.pragma('wal_checkpoint(PASSIVE)');
    const behind = log - checkpointed;
    if (behind > workerData.pagesReported && !long) {
      parentPort.postMessage('the log holds ' + behind + ' pages that are not yet in the database file');
    }
    long = behind > workerData.pagesReported;
  } catch (error) {
    if (!String(error.code).startsWith('SQLITE_BUSY')) parentPort.postMessage(String(error.message));
  }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  file.close();
  parentPort.close();
});
`;

interface CheckpointOptions {
  /** Told of each thread started; tests stop one. */
  onStart?: (worker: Worker) => void;
  pagesReported?: number;
}

/**
 * Checkpoints SQLite's log on a thread of its own. SQLite's own checkpoint runs in the commit that
 * takes the log past a thousand pages, on the event loop: it writes those pages into the database
 * file and waits for two fsyncs, and no request is answered meanwhile. The server's processes turn
 * that off (`wal_autocheckpoint = 0`) and one of them runs this thread instead, so a thread that
 * stopped (an uncaught error, memory) is started again: without it the log grows without end.
 */
export function checkpointInThread(
  path: string,
  onError: (message: string) => void,
  { onStart, pagesReported = LOG_PAGES_REPORTED }: CheckpointOptions = {},
): () => Promise<void> {
  const module = createRequire(import.meta.url).resolve('better-sqlite3');
  let stopping = false;
  let restarts = 0;
  let restart: NodeJS.Timeout | undefined;
  let exited: Promise<unknown> = Promise.resolve();
  let worker: Worker;

  const start = () => {
    worker = new Worker(CHECKPOINTER, {
      eval: true,
      workerData: { module, path, everyMs: CHECKPOINT_EVERY_MS, pagesReported },
    });
    const startedAt = Date.now();
    worker.on('message', onError);
    worker.on('error', (error) => onError(error.message));
    exited = new Promise((resolve) =>
      worker.once('exit', (code) => {
        resolve(code);
        if (stopping) return;
        // A thread that ran longer than the longest wait stopped for a new reason: the waits begin again.
        if (Date.now() - startedAt > RESTART_AFTER_MS.at(-1)!) restarts = 0;
        const after = RESTART_AFTER_MS[Math.min(restarts, RESTART_AFTER_MS.length - 1)]!;
        restarts += 1;
        onError(`the checkpoint thread stopped (${code}): started again in ${after / 1000} s`);
        restart = setTimeout(start, after);
      }),
    );
    onStart?.(worker);
  };
  start();

  return async () => {
    stopping = true;
    clearTimeout(restart);
    worker.postMessage('stop');
    await exited;
  };
}
