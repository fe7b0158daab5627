/*
 * Helpers for set-based statements: a list cut into slices that fit in one statement's parameters,
 * rows grouped by a key (in first-seen order) without copying a group at every row, strings in a
 * fixed order (so batches lock rows alike), and turns of the event loop between the batches of a
 * long read or the steps of a long computation.
 */

/** `list` in slices of at most `size`, in order. */
export function* slices<T>(list: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < list.length; start += size) yield list.slice(start, start + size);
}

/** A sort's order of two strings by their code units, as SQL compares ISO times and ids (no locale). */
export const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The items of `list` by `keyOf`, each group in the list's order. */
export function groupBy<T, K>(list: Iterable<T>, keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of list) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/**
 * A turn of the event loop, after its I/O: better-sqlite3 answers a statement synchronously, so a
 * long read awaited batch after batch never lets a request in until its end (at a million listings,
 * every request of the process waited out a full read of the search columns, about 3 s of a core,
 * tens of seconds on a busy machine). A read in batches awaits this between them.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The longest the event loop runs statements, and the code between them, before it lets the
 * requests that arrived meanwhile in.
 */
const SLICE_MS = 2;

/** Since when the loop has been held in this turn of it (first asked); undefined once the loop has moved on. */
let heldSince: number | undefined;

/** The loop's hold is counted from now until its next turn. */
function holdFromNow(): void {
  heldSince = performance.now();
  setImmediate(() => (heldSince = undefined));
}

function loopHeldTooLong(): boolean {
  if (heldSince === undefined) {
    holdFromNow();
    return false;
  }
  return performance.now() - heldSince > SLICE_MS;
}

/**
 * Resolves after the loop's next poll for I/O, where new requests are read: an immediate scheduled
 * from the poll phase runs before the next poll, the second one after it. What runs after it is a
 * hold of its own, counted from then.
 */
const afterPoll = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve))).then(holdFromNow);

/**
 * A turn of the loop for the requests waiting, once this one has held it for SLICE_MS (undefined
 * when it has not, so that a caller awaits nothing): before each SQLite statement (connection.ts),
 * and between the steps of a long computation in memory.
 */
export function turnIfHeld(): Promise<void> | undefined {
  return loopHeldTooLong() ? afterPoll() : undefined;
}
