import type { Kysely } from 'kysely';
import { nextTurn } from '#server/db/batches';
import type { Database } from '#server/db/schema';
import { changesSince, indexVersion, type ChangedRows } from './indexing';
import { columnRows, columnRowsOf, listingsIndexed, type ColumnRow } from './repository';
import { trustBitsOf, withGoodPrice } from './trust-bits';

/*
 * The filter and sort columns of every findable listing, held in typed arrays in each server
 * process. Facet counts need every matched listing, not a page of them: read from the database
 * that is a grouped scan of all matches on every search (25 ms at 100,000 listings, and with
 * thousands of groups to carry back), here a loop over arrays (about 1 ms). 21 bytes a listing,
 * outside the JavaScript heap (21 MB at a million): each column as narrow as its values allow.
 */

/** Bits of Columns.state. */
export const LIVE = 1;
export const VERIFIED_SELLER = 2;
/** The position holds a stray (see Columns.strays): a bit, so the halving's steps read no Set. */
const STRAY = 4;

/** A posting time as kept in the columns: seconds fit 4 bytes until 2106, where milliseconds took a float's 8. */
export const secondOf = (ms: number) => Math.floor(ms / 1000);

/** Distinct strings of a column, each numbered once. */
class Dictionary {
  readonly values: string[] = [];
  private readonly codes = new Map<string, number>();

  codeOf(value: string): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.values.push(value) - 1;
      this.codes.set(value, code);
    }
    return code;
  }

  /** The code of a value asked for; -1 when no listing has it. */
  find(value: string): number {
    return this.codes.get(value) ?? -1;
  }
}

/** Brands as indexed, each with the spelling shown for it (the same one in every process). */
class BrandDictionary extends Dictionary {
  readonly labels: string[] = [];

  codeWithLabel(key: string, label: string): number {
    const code = this.codeOf(key);
    const shown = this.labels[code];
    if (shown === undefined || label > shown) this.labels[code] = label;
    return code;
  }
}

const FIRST_CAPACITY = 1024;
/** Room for listings added after a full read, so the columns do not grow by a copy at the first. */
const SLACK = 1.05;
/**
 * Rows read per query on a full load, so that other requests get their turn in between. On SQLite
 * the query runs on the event loop: at 100,000 listings 5,000 rows held it 26-41 ms a query, 1,000
 * rows 3-7 ms (and fewer in all: 305-350 ms against 465-600 for the whole table).
 */
export const LOAD_BATCH = 1000;
/**
 * Past this share of positions holding removed listings, a full read builds the columns anew (and
 * so without those places) rather than reading into them in place.
 */
const REMOVED_SHARE = 0.25;
/** Likewise past this many listings out of id order (Columns.strays), which slow every halving a little. */
const STRAYS_KEPT = 1000;
/**
 * How long the columns are trusted without a full reload. Other processes' writes come as notes
 * (change-notes.ts) and are caught up on like this process's own; this catches what no note told
 * (a message lost, a change made by hand in the database), as the public cache's maximum age does.
 */
export const COLUMNS_FRESH_MS = 60_000;
/**
 * Beyond this many listings the fresh time grows with the catalogue, so a process spends the same
 * share of its time on these reloads at any size: a full read of a million listings costs about 3 s
 * of a core, which once a minute was a twentieth of each process (10 minutes at a million).
 */
const FRESH_LISTINGS = 100_000;

/** How long columns of `size` listings are trusted without a full reload. */
export const freshFor = (size: number) => COLUMNS_FRESH_MS * Math.max(1, size / FRESH_LISTINGS);

export class Columns {
  /**
   * Positions used so far; a removed listing leaves its position unused (and keeps it, should it be
   * listed again) until the columns are built anew (ListingColumns.readAll).
   */
  size = 0;
  /** Positions holding a listing that is there (live). */
  listed = 0;
  listingId: Int32Array;
  /** LIVE: the listing is there (not removed); VERIFIED_SELLER: its seller is verified. */
  state: Uint8Array;
  category: Uint16Array;
  brand: Uint16Array;
  condition: Uint8Array;
  /** 0: the location names no district; otherwise the district's code + 1. */
  district: Uint8Array;
  /**
   * The posting time in seconds (secondOf): a search's periods are hours, and listings posted in the
   * same second are ordered by id, which grows with the posting time, as the database orders them.
   */
  postedSecond: Uint32Array;
  price: Int32Array;
  /** The trust details as bits (TRUST_BITS) and the battery health (0: not given). */
  trust: Uint8Array;
  battery: Uint8Array;
  readonly categories = new Dictionary();
  readonly brands = new BrandDictionary();
  readonly conditions = new Dictionary();
  readonly districts = new Dictionary();
  /**
   * Listings are found by halving `listingId`, whose positions are in ascending id order: a full
   * load reads by id, and listings added since get higher ids. A Map of every listing cost about
   * 30 MB of JavaScript heap at a million listings, twice during a reload. The few listings whose id
   * came after a higher one (a PostgreSQL write that committed after a later one) are strays, found
   * here and stepped over by the halving.
   */
  private readonly strays = new Map<number, number>();
  /** Listings out of id order (see strays). */
  get strayCount(): number {
    return this.strays.size;
  }

  private highest = -1;

  constructor(capacity = FIRST_CAPACITY) {
    this.listingId = new Int32Array(capacity);
    this.state = new Uint8Array(capacity);
    this.category = new Uint16Array(capacity);
    this.brand = new Uint16Array(capacity);
    this.condition = new Uint8Array(capacity);
    this.district = new Uint8Array(capacity);
    this.postedSecond = new Uint32Array(capacity);
    this.price = new Int32Array(capacity);
    this.trust = new Uint8Array(capacity);
    this.battery = new Uint8Array(capacity);
  }

  /**
   * The position that has held `listingId` (live or not), or -1; `from` and `to`: no earlier or later
   * position can (strays aside).
   */
  private find(listingId: number, from = 0, to = this.size - 1): number {
    const stray = this.strays.get(listingId);
    if (stray !== undefined) return stray;
    let low = from;
    let high = to;
    while (low <= high) {
      let middle = (low + high) >>> 1;
      const id =
        this.strays.size === 0 ? this.listingId[middle]! : this.inOrderAt((middle = this.skipStrays(low, middle)));
      if (id < listingId) low = middle + 1;
      else if (id > listingId) high = middle - 1;
      else return middle;
    }
    return -1;
  }

  /**
   * As find, for ids visited in ascending order, where the next is most often a few positions on (a
   * common word's matches are one listing in a few): steps of 1, 2, 4… from `from` until one passes
   * it, then halving between the last two, about twice the log of the gap rather than the log of every
   * position left. With strays among 100,000 listings, a common word's positions held the loop for
   * 14 ms, again after every write that changed its matches (each step of the halving then read a Set).
   */
  private findOnFrom(listingId: number, from: number): number {
    const stray = this.strays.get(listingId);
    if (stray !== undefined) return stray;
    const last = this.size - 1;
    let low = from;
    for (let step = 1; low <= last; step *= 2) {
      const probe = Math.min(low + step - 1, last);
      // The nearest in-order position at or below the probe: everything between it and the probe is a stray.
      const id = this.strays.size === 0 ? this.listingId[probe]! : this.inOrderAt(this.skipStrays(low, probe));
      if (id >= listingId || probe === last) return this.find(listingId, low, probe);
      low = probe + 1;
    }
    return -1;
  }

  /** The nearest position from `middle` down to `low` that is no stray (`low` itself when all are). */
  private skipStrays(low: number, middle: number): number {
    while (middle > low && this.state[middle]! & STRAY) middle -= 1;
    return middle;
  }

  /** The id at an in-order position; -1 (below every id) at a stray, so the halving passes it. */
  private inOrderAt(position: number): number {
    return this.state[position]! & STRAY ? -1 : this.listingId[position]!;
  }

  positionOf(listingId: number): number | undefined {
    const position = this.find(listingId);
    return position >= 0 && this.state[position]! & LIVE ? position : undefined;
  }

  /** The live positions of the given listings, skipping those not (or no longer) here. */
  positionsOf(listingIds: Int32Array): Int32Array {
    const found = new Int32Array(listingIds.length);
    let count = 0;
    this.eachPosition(listingIds, (position) => {
      if (this.state[position]! & LIVE) found[count++] = position;
    });
    return found.subarray(0, count);
  }

  /**
   * Sets the good-price mark of the listings in `marks` (ChangedRows.marks: the id for a mark set,
   * minus the id for one taken away, ascending by id), passing over those not here: a round of the
   * fair prices changes nothing else of a listing.
   */
  markGoodPrices(marks: Int32Array): void {
    this.eachPosition(marks.map(Math.abs), (position, index) => {
      this.trust[position] = withGoodPrice(this.trust[position]!, marks[index]! > 0);
    });
  }

  /** Visits the position (live or not) of each listing found, with its index in `listingIds`. */
  private eachPosition(listingIds: Int32Array, visit: (position: number, index: number) => void): void {
    // Ids in ascending order (as matches are read) need only search on from the last one found.
    let from = 0;
    let previous = -1;
    for (let index = 0; index < listingIds.length; index += 1) {
      const id = listingIds[index]!;
      if (id < previous) from = 0;
      const position = this.findOnFrom(id, from);
      previous = id;
      if (position < 0) continue;
      if (!(this.state[position]! & STRAY)) from = position;
      visit(position, index);
    }
  }

  /** Writes the listing's columns at its place (a new place for a listing not here) and returns it. */
  put(row: ColumnRow): number {
    let position = row.id <= this.highest ? this.find(row.id) : -1;
    if (position < 0) {
      if (this.size === this.listingId.length) this.grow();
      position = this.size++;
      if (row.id < this.highest) {
        this.strays.set(row.id, position);
        this.state[position] = STRAY;
      } else {
        this.highest = row.id;
      }
    }
    this.listingId[position] = row.id;
    if (!(this.state[position]! & LIVE)) this.listed += 1;
    this.state[position] = (this.state[position]! & STRAY) | LIVE | (row.is_seller_verified ? VERIFIED_SELLER : 0);
    this.category[position] = this.categories.codeOf(row.category_id);
    this.brand[position] = this.brands.codeWithLabel(row.brand_key, row.brand);
    this.condition[position] = this.conditions.codeOf(row.condition);
    this.district[position] = row.district === null ? 0 : this.districts.codeOf(row.district) + 1;
    this.postedSecond[position] = secondOf(Date.parse(row.posted_at));
    this.price[position] = row.price;
    this.trust[position] = trustBitsOf(row);
    this.battery[position] = row.battery ?? 0;
    return position;
  }

  remove(listingId: number): void {
    const position = this.find(listingId);
    if (position >= 0) this.removeAt(position);
  }

  removeAt(position: number): void {
    if (this.state[position]! & LIVE) this.listed -= 1;
    this.state[position] = this.state[position]! & STRAY;
  }

  private grow(): void {
    const capacity = this.listingId.length * 2;
    const grown = <T extends Int32Array | Uint8Array | Uint16Array | Uint32Array>(array: T): T => {
      const bigger = new (array.constructor as new (length: number) => T)(capacity);
      bigger.set(array);
      return bigger;
    };
    this.listingId = grown(this.listingId);
    this.state = grown(this.state);
    this.category = grown(this.category);
    this.brand = grown(this.brand);
    this.condition = grown(this.condition);
    this.district = grown(this.district);
    this.postedSecond = grown(this.postedSecond);
    this.price = grown(this.price);
    this.trust = grown(this.trust);
    this.battery = grown(this.battery);
  }
}

/**
 * The columns of one database, kept in step with it: a write in this process, or one another process
 * told of, is caught up on before the next search reads them (only its rows are read again); anything
 * else within their fresh time (freshFor: a full read in the background, into the same columns, while
 * searches go on with them: each listing is as it was or as it is, as when a write is caught up on).
 */
export class ListingColumns {
  private columns: Columns | undefined;
  private version = -1;
  private loadedAt = 0;
  /** The full read under way, if any. */
  private reading: Promise<void> | undefined;
  /** The catching up on named rows under way, if any. */
  private applying: Promise<void> | undefined;
  /** Full reads ended so far: a catching up they overlapped is not trusted over them. */
  private readsEnded = 0;

  constructor(private readonly db: Kysely<Database>) {}

  /** How long the columns are trusted as they are now (freshFor): what is kept beside them lives as long. */
  get freshMs(): number {
    return freshFor(this.columns?.size ?? 0);
  }

  async current(now: number): Promise<Columns> {
    const written = indexVersion();
    // A catching up under way may have begun before this process's latest write: then one more after it.
    while (this.columns === undefined || this.version < written) await this.catchUp(now);
    if (now - this.loadedAt >= freshFor(this.columns.size)) this.readAllOnce(now).catch(() => undefined);
    return this.columns;
  }

  /**
   * The writes since the columns' version: their rows read again, one catching up at a time (searches
   * arriving meanwhile wait for it rather than start their own), even while a full read goes on
   * behind: waiting for that one held every search beside writes for its whole length (on PostgreSQL
   * under load, 1.2-1.3 s of a hundred batches, past the cached answers' stale time, so every reader
   * of a word search waited too). A full read when they are not known row by row, or nothing is read yet.
   */
  private catchUp(now: number): Promise<void> {
    const changed = this.columns && changesSince(this.version);
    if (!this.columns || !changed) return this.readAllOnce(now);
    this.applying ??= this.applyOnce(this.columns, changed).finally(() => (this.applying = undefined));
    return this.applying;
  }

  private async applyOnce(columns: Columns, changed: ChangedRows): Promise<void> {
    const [from, version, readsEnded] = [this.version, indexVersion(), this.readsEnded];
    await this.apply(columns, changed);
    // A full read that ended meanwhile may have put a row newer than this one's (PostgreSQL answers
    // out of order): its writes are caught up on again. Columns a full read replaced keep the version
    // that read gave them, and catch up from there.
    if (this.readsEnded !== readsEnded) this.version = Math.min(this.version, from);
    else if (this.columns === columns) this.version = Math.max(this.version, version);
  }

  /** One full read at a time. */
  private readAllOnce(now: number): Promise<void> {
    this.reading ??= this.read(now).finally(() => (this.reading = undefined));
    return this.reading;
  }

  /**
   * Every listing read again. Writes caught up on meanwhile (catchUp) went into the same columns or
   * the ones replaced; a row this read took before such a write may be put after it: the columns
   * take the version of the read's beginning, so the next search catches up on those writes again.
   */
  private async read(now: number): Promise<void> {
    const version = indexVersion();
    const started = performance.now();
    const kept = this.columns;
    const inPlace = kept && kept.size - kept.listed <= kept.size * REMOVED_SHARE && kept.strayCount <= STRAYS_KEPT;
    this.columns = await this.readAll(inPlace ? kept : undefined);
    // Fresh from the end of the read: at a million listings on a busy machine a read can take
    // longer than the fresh time, and trusted from its start it was stale, read again at once.
    this.loadedAt = now + (performance.now() - started);
    this.version = version;
    this.readsEnded += 1;
  }

  /**
   * Marks set as told, then rows read again by product and by listing (a listing no longer there was
   * removed): a listing also named as a row is as it is now, whatever its mark was told.
   */
  private async apply(columns: Columns, changed: ChangedRows): Promise<void> {
    for (const marks of changed.marks ?? []) columns.markGoodPrices(marks);
    const rows = await columnRowsOf(this.db, changed);
    const kept = new Set(rows.map((row) => row.id));
    for (const listingId of changed.listingIds) if (!kept.has(listingId)) columns.remove(listingId);
    for (const row of rows) columns.put(row);
  }

  /**
   * Every listing read again, LOAD_BATCH rows a query, into `into` in place (each listing at its
   * place, those not read again removed) or into new columns sized from the number of listings. A
   * full read so holds no second copy of the columns, nor copies while they grow: at a million
   * listings one copy is 22 MB, and the full reads' two copies were a process's largest growth there.
   */
  private async readAll(into: Columns | undefined): Promise<Columns> {
    const columns = into ?? new Columns(Math.ceil((await listingsIndexed(this.db)) * SLACK) + FIRST_CAPACITY);
    const before = columns.size;
    const readAgain = new Uint8Array(before);
    for (let after = 0; ;) {
      const rows = await columnRows(this.db, after, LOAD_BATCH);
      for (const row of rows) {
        const position = columns.put(row);
        if (position < before) readAgain[position] = 1;
      }
      if (rows.length < LOAD_BATCH) break;
      after = rows.at(-1)!.id;
      await nextTurn();
    }
    for (let position = 0; position < before; position += 1) if (readAgain[position] === 0) columns.removeAt(position);
    return columns;
  }
}
