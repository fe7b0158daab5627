import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Options } from '@node-rs/argon2';
import { AppError } from '#server/errors';
import { serverMessage } from '#server/i18n/texts';

/**
 * argon2id on a thread of its own at a lower priority than the event loop (issue 26). On libuv's
 * pool (the library's async calls) a hash ran at the loop's priority, so on a machine the reads
 * fill, each sign-in's 10 to 40 ms of hashing took a core from a process's loop: beside sign-ins the
 * loop's delay was the worst of any write's (docs/performance.md, "Reads beside sign-ins"), and the
 * hash held one of the pool's four threads from the commits' fsyncs. Here it takes a core only when
 * the loops leave one idle: a sign-in waits longer on a busy machine, the reads do not. One thread a
 * process, so its hashes take turns (the sign-in throttle bounds how many come), started at the
 * first and stopped when idle, so a process that signs nobody in holds no isolate.
 */

/** Linux's nice for the thread, above the loop's: 10 more weighs about a tenth when both want a core. */
const NICE = 10;
const IDLE_MS = 60_000;
/**
 * Hashes a process lets wait at once: about ten seconds of a busy thread's work, past which a sign-in
 * would time out anyway. Beyond it a sign-in is refused at once (503) rather than held in memory.
 */
export const MOST_WAITING = 256;
/** How long a hash may wait for the thread: a sign-in's caller has given up by then. */
const MOST_WAIT_MS = 20_000;

/** The thread is too busy or gone: the 503 a sign-in answers, never a wrong password. */
export const busy = () => new AppError('UNAVAILABLE', serverMessage('server.auth.error.signInBusy'));

type Answer = { id: number; value?: never; error?: string; late?: boolean };

const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const argon2 = require(workerData.argon2);
try {
  // On Linux a thread's nice is its own: set from its id, it leaves the process's other threads be.
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  const os = require('node:os');
  // Below the process's own, whatever it was started at (a nice'd server's loop too).
  os.setPriority(tid, Math.min(19, os.getPriority(tid) + workerData.nice));
} catch {
  // Elsewhere (no /proc) it runs at the loop's priority, as on the pool.
}
parentPort.on('message', ({ id, op, args, due }) => {
  // Its caller has given up by now: not worth a core.
  if (Date.now() > due) return parentPort.postMessage({ id, late: true });
  try {
    const value = op === 'hash' ? argon2.hashSync(...args) : argon2.verifySync(...args);
    parentPort.postMessage({ id, value });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

type Pending = { resolve: (value: never) => void; reject: (error: Error) => void };

interface Thread {
  worker: Worker;
  /** Its calls not yet answered, by id. */
  pending: Map<number, Pending>;
}

let current: Thread | undefined;
let idle: NodeJS.Timeout | undefined;
let next = 0;

function start(): Thread {
  const argon2 = createRequire(import.meta.url).resolve('@node-rs/argon2');
  const thread: Thread = {
    worker: new Worker(SOURCE, { eval: true, workerData: { argon2, nice: NICE } }),
    pending: new Map(),
  };
  thread.worker.on('message', ({ id, value, error, late }: Answer) => {
    const waiting = thread.pending.get(id);
    thread.pending.delete(id);
    if (late) waiting?.reject(busy());
    else if (error === undefined) waiting?.resolve(value!);
    else waiting?.reject(new Error(error));
    if (thread.pending.size > 0) return;
    thread.worker.unref();
    if (thread === current) idle = setTimeout(stop, IDLE_MS).unref();
  });
  // A thread that died fails what it held; the next call starts another.
  const failAll = (error: Error) => {
    if (current === thread) current = undefined;
    for (const waiting of thread.pending.values()) waiting.reject(error);
    thread.pending.clear();
  };
  thread.worker.on('error', failAll);
  // Not the caller's fault, nor a wrong password: a 503, and the next call starts another thread.
  thread.worker.on('exit', () => failAll(busy()));
  return thread;
}

function stop() {
  if (!current || current.pending.size > 0) return;
  const stopping = current;
  current = undefined;
  void stopping.worker.terminate();
}

// async: a thread that cannot start rejects the call, as any other failure of it does.
async function call<T>(op: 'hash' | 'verify', args: unknown[]): Promise<T> {
  if (current && current.pending.size >= MOST_WAITING) throw busy();
  clearTimeout(idle);
  const thread = (current ??= start());
  const id = (next += 1);
  return new Promise<T>((resolve, reject) => {
    thread.pending.set(id, { resolve: resolve as (value: never) => void, reject });
    // A process ends when nothing else keeps it, but not with a call unanswered; an idle thread
    // keeps nothing (unref'd after each last answer: a script that signed in once lived on for
    // the thread's idle minute while the port a 'message' listener refs stayed so).
    thread.worker.ref();
    thread.worker.postMessage({ id, op, args, due: Date.now() + MOST_WAIT_MS });
  });
}

export const hashOffLoop = (password: string, options: Options) => call<string>('hash', [password, options]);
export const verifyOffLoop = (hash: string, password: string) => call<boolean>('verify', [hash, password]);
