import { indexVersion } from './indexing';
import { COLUMNS_FRESH_MS } from './listing-columns';

/** How long what is kept from the index lives at most (see COLUMNS_FRESH_MS). */
const KEPT_FOR_MS = COLUMNS_FRESH_MS;

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

interface Entry {
  version: number;
  at: number;
  ids: Int32Array;
  bytes: number;
}

/**
 * Listing ids read for some words, by key, until the index changes (see indexVersion: here, or in
 * another process that told of it) or for KEPT_FOR_MS. Bounded in entries and in bytes: the oldest
 * go first, so anyone can search for any words without the process keeping more than the bounds.
 */
export class KeptIds {
  private readonly entries = new Map<string, Entry>();
  /** Reads under way: many buyers asking the same at once wait for one read, not one each. */
  private readonly reading = new Map<string, { version: number; ids: Promise<Int32Array> }>();
  private bytes = 0;

  constructor(private readonly limits: KeptIdsLimits) {}

  /** What is kept now, to check the bounds. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  async get(key: string, now: number, read: () => Promise<Int32Array>): Promise<Int32Array> {
    const version = indexVersion();
    const entry = this.entries.get(key);
    if (entry && entry.version === version && now - entry.at < KEPT_FOR_MS) return entry.ids;
    const pending = this.reading.get(key);
    if (pending && pending.version === version) return pending.ids;
    const reading = read();
    this.reading.set(key, { version, ids: reading });
    let ids: Int32Array;
    try {
      ids = await reading;
    } finally {
      if (this.reading.get(key)?.ids === reading) this.reading.delete(key);
    }
    // Read while the index changed, they may be part old, part new: used once, not kept.
    if (indexVersion() === version) this.keep(key, { version, at: now, ids, bytes: this.bytesOf(key, ids) });
    return ids;
  }

  private bytesOf(key: string, ids: Int32Array): number {
    return ids.length * (this.limits.bytesPerId ?? 4) + key.length * 2 + ENTRY_OVERHEAD_BYTES;
  }

  private keep(key: string, entry: Entry): void {
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
