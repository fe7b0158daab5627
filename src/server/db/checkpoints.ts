import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the log's committed pages are copied into the database file. */
const CHECKPOINT_EVERY_MS = 1000;

/**
 * The thread's code: a connection of its own that checkpoints without waiting (PASSIVE: it copies
 * what no reader still needs and leaves the rest for the next time), and stops when told to.
 */
const CHECKPOINTER = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.module);
const file = new SQLite(workerData.path);
file.pragma('busy_timeout = 0');
const checkpoint = () => {
  try {
    file.pragma('wal_checkpoint(PASSIVE)');
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

/**
 * Checkpoints SQLite's log on a thread of its own. SQLite's own checkpoint runs in the commit that
 * takes the log past a thousand pages, on the event loop: it writes those pages into the database
 * file and waits for two fsyncs, and no request is answered meanwhile. The server's processes turn
 * that off (`wal_autocheckpoint = 0`) and one of them runs this thread instead.
 */
export function checkpointInThread(path: string, onError: (message: string) => void): () => Promise<void> {
  const module = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(CHECKPOINTER, { eval: true, workerData: { module, path, everyMs: CHECKPOINT_EVERY_MS } });
  worker.on('message', onError);
  worker.on('error', (error) => onError(error.message));
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  return async () => {
    worker.postMessage('stop');
    await exited;
  };
}
