import { changesSince, indexVersion, rowsNamed, wordsOf, type NamedRows } from './indexing';
import { nextTurn } from '#server/db/batches';
import { COLUMNS_FRESH_MS } from './listing-columns';

/** How long what is kept from the index lives at most, unless its user says otherwise (see COLUMNS_FRESH_MS). */
const KEPT_FOR_MS = COLUMNS_FRESH_MS;
/**
 * Past this share of its time, an entry still asked for is read again in the background, so the
 * request that would find it aged does not wait for that read (at a million listings about half a
 * second of a core for a common word's ranking); the entry answers meanwhile, brought up to date.
 */
const REFRESH_AFTER = 0.75;

/**
 * What one entry costs beyond its ids, counted against the byte bound: the Map's slot, the entry
 * object and an empty typed array's own overhead. Without it an entry of words that match nothing
 * cost nothing, so a stream of distinct misses grew the map without end.
 */
export const ENTRY_OVERHEAD_BYTES = 256;

export interface KeptIdsLimits {
  /** Entries kept at most, whatever their size. */
  maxEntries: number;
  /** Bytes kept at most: each entry's ids (bytesPerId each), its key (2 bytes a character) and ENTRY_OVERHEAD_BYTES. */
  maxBytes: number;
  /**
   * What an id costs while it is kept: its own 4 bytes (the default), and as many again where its
   * user keeps something beside each for as long (SqlSearch's positions in the columns).
   */
  bytesPerId?: number;
}

/**
 * More rows written since an entry was kept than it is brought up to date by: read again instead
 * (a seller's badge names up to 1,000 listings; a request's note at most 100).
 */
const ROWS_UPDATED = 1000;

/** What is kept for some words: their listings' ids, and what goes with them. */
export interface Kept {
  ids: Int32Array;
}

interface Entry<T extends Kept> {
  /** The index version it is up to date with (see indexVersion). */
  version: number;
  /** When it was read in full: what no note told is read again KEPT_FOR_MS later. */
  at: number;
  /** Brought up to date with written rows since that read (an order that drifts has drifted). */
  updated?: true;
  kept: T;
  bytes: number;
}

/**
 * Listing ids read for some words, by key, kept up to date with the index by the rows written since
 * (see indexVersion and changesSince: here, or in another process that told of them), for at most
 * KEPT_FOR_MS from their read. Bounded in entries and in bytes: the oldest go first, so anyone can
 * search for any words without the process keeping more than the bounds.
 */
export class KeptIds<T extends Kept = Kept> {
  private readonly entries = new Map<string, Entry<T>>();
  /** Reads under way: many buyers asking the same at once wait for one read, not one each. */
  private readonly reading = new Map<string, { version: number; kept: Promise<T> }>();
  /** Background reads of entries about to age (REFRESH_AFTER): one a key. */
  private readonly refreshing = new Set<string>();
  private bytes = 0;

  /**
   * `keptFor`: how long an entry is trusted from its read, in ms (the columns' fresh time, say); an
   * entry asked for is read again in the background from REFRESH_AFTER of that time on, or, once
   * written rows were brought into it, from `driftsAfter` ms if sooner: SqlSearch's rankings on
   * SQLite, whose order drifts with every write of words, and only then.
   */
  constructor(
    private readonly limits: KeptIdsLimits,
    private readonly keptFor: () => number = () => KEPT_FOR_MS,
    private readonly driftsAfter = Infinity,
  ) {}

  /** What is kept now, to check the bounds. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /**
   * What is kept for `key`: read in full when not kept (or kept too long, or too much written since),
   * else brought up to date by `update` with the rows whose words may have changed since it was (a
   * write names the rows it wrote: their words are looked at again, the other matches stay as they
   * are), unless it answers undefined (or there is none): read in full then too. Late in its time an
   * entry answered from is read again in the background by `reread`, a read of the database (`read`
   * may take its ids from something the request reads anyway).
   */
  async get(
    key: string,
    now: number,
    read: () => Promise<T>,
    update?: (kept: T, written: NamedRows) => Promise<T> | undefined,
    reread: () => Promise<T> = read,
  ): Promise<T> {
    const version = indexVersion();
    const entry = this.entries.get(key);
    const keptFor = this.keptFor();
    const fresh = entry && now - entry.at < keptFor ? entry : undefined;
    if (fresh?.version === version) {
      this.refreshIfAging(key, now, fresh, reread);
      return fresh.kept;
    }
    const pending = this.reading.get(key);
    if (pending && pending.version === version) return pending.kept;
    const changed = fresh && changesSince(fresh.version);
    const written = changed && wordsOf(changed);
    // No words changed since (prices, bookings, badges, a round's good-price marks): they match as
    // they did, at the same scores. Not looked up again, nor marked updated, which on SQLite would
    // have the ranking read again in full RANKING_DRIFT_MS after its read.
    if (fresh && written && rowsNamed(written) === 0) {
      this.keep(key, { ...fresh, version });
      this.refreshIfAging(key, now, fresh, reread);
      return fresh.kept;
    }
    const updated = written && rowsNamed(written) <= ROWS_UPDATED ? fresh : undefined;
    const updating = updated && written ? update?.(updated.kept, written) : undefined;
    // Only an answer from what is kept has it read again behind it: a read in full replaces it anyway.
    if (updating && updated) this.refreshIfAging(key, now, updated, reread);
    const reading = updating ?? read();
    this.reading.set(key, { version, kept: reading });
    let kept: T;
    try {
      kept = await reading;
    } finally {
      if (this.reading.get(key)?.kept === reading) this.reading.delete(key);
    }
    // Up to date with `version` at least: what was written while it was read is named since, and
    // the next search updates it by those rows (looking at a row again that was read as it is now
    // changes nothing). Not over something newer that finished first, nor an update over a read in
    // full that finished first (a background read begun by this very request).
    const at = updating && updated ? updated.at : now;
    const current = this.entries.get(key);
    if ((current?.version ?? -1) <= version && (current?.at ?? -Infinity) <= at) {
      const bytes = this.bytesOf(key, kept.ids);
      this.keep(key, { version, at, ...(updating ? { updated: true as const } : {}), kept, bytes });
    }
    return kept;
  }

  /** Reads `key` again behind the request that found it kept, late in its time (or drifted). */
  private refreshIfAging(key: string, now: number, entry: Entry<T>, reread: () => Promise<T>): void {
    const after = this.keptFor() * REFRESH_AFTER;
    if (now - entry.at >= (entry.updated ? Math.min(after, this.driftsAfter) : after)) this.refresh(key, now, reread);
  }

  /**
   * Reads `key` in full after this turn of the event loop, so the request that asked goes on with
   * what is kept (on SQLite a statement holds the loop: begun now, it would come before the rest of
   * the request's own). Kept even over an entry brought up to date since it began: the next search
   * brings this one up to date from its own version. Not over one read in full since.
   */
  private refresh(key: string, now: number, read: () => Promise<T>): void {
    if (this.refreshing.has(key)) return;
    this.refreshing.add(key);
    const version = indexVersion();
    void nextTurn()
      .then(read)
      .then((kept) => {
        if ((this.entries.get(key)?.at ?? -Infinity) <= now)
          this.keep(key, { version, at: now, kept, bytes: this.bytesOf(key, kept.ids) });
      })
      // A failed read leaves the entry to age: the search that finds it aged reads it, and fails, itself.
      .catch(() => undefined)
      .finally(() => this.refreshing.delete(key));
  }

  private bytesOf(key: string, ids: Int32Array): number {
    return ids.length * (this.limits.bytesPerId ?? 4) + key.length * 2 + ENTRY_OVERHEAD_BYTES;
  }

  private keep(key: string, entry: Entry<T>): void {
    this.forget(key);
    // One entry over the byte bound alone is not kept: it would push out everything else.
    if (entry.bytes > this.limits.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    while (this.entries.size > this.limits.maxEntries || this.bytes > this.limits.maxBytes) {
      this.forget(this.entries.keys().next().value!);
    }
  }

  private forget(key: string): void {
    this.bytes -= this.entries.get(key)?.bytes ?? 0;
    this.entries.delete(key);
  }
}
