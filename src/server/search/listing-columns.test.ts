import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '#server/db/schema';
import type { ColumnRow } from './repository';

/** The database's batches, answered at once as better-sqlite3 answers: no I/O between them. */
const state = vi.hoisted(() => ({
  listings: 0,
  turnsAtBatch: [] as number[],
  turns: 0,
  /** Holds the full read's batches while set (a read on a busy PostgreSQL). */
  gate: undefined as Promise<void> | undefined,
  /** The price a listing named by a write has now. */
  writtenPrice: 99_999,
  /** Holds the rows of a catching up on writes, read at its call, while set (a slow answer). */
  applyGate: undefined as Promise<void> | undefined,
}));
vi.mock('./repository', () => ({
  listingsIndexed: async () => state.listings,
  columnRows: async (_db: unknown, after: number, limit: number): Promise<ColumnRow[]> => {
    await state.gate;
    state.turnsAtBatch.push(state.turns);
    const ids = Array.from({ length: Math.max(0, Math.min(limit, state.listings - after)) }, (_, n) => after + n + 1);
    // Imported here: a mock's factory may not use the file's own imports.
    const { aColumnRow } = await import('./column-row.fixture');
    return ids.map((id) => aColumnRow({ id, district: 'Dhaka' }));
  },
  columnRowsOf: async (_db: unknown, { listingIds }: { listingIds: number[] }): Promise<ColumnRow[]> => {
    const price = state.writtenPrice;
    await state.applyGate;
    const { aColumnRow } = await import('./column-row.fixture');
    return listingIds.map((id) => aColumnRow({ id, district: 'Dhaka', price }));
  },
}));

const { COLUMNS_FRESH_MS, ListingColumns, LOAD_BATCH } = await import('./listing-columns');
const { changedElsewhere } = await import('./indexing');
const { trustTest } = await import('./trust-bits');

afterEach(() => {
  state.turnsAtBatch = [];
});

/** Columns of `listings` read in full, and the time they were read at. */
async function loaded(listings: number) {
  state.listings = listings;
  const kept = new ListingColumns({} as Kysely<Database>);
  const now = Date.now();
  return { kept, now, columns: await kept.current(now) };
}

/** Columns read, then past their fresh time: a full read begins behind the answer, held at its first batch until `openRead`. */
async function behindAFullRead() {
  const { kept, now, columns } = await loaded(2 * LOAD_BATCH);
  let openRead!: () => void;
  state.gate = new Promise((resolve) => (openRead = resolve));
  const later = now + COLUMNS_FRESH_MS + 5_000;
  expect(await kept.current(later)).toBe(columns);
  const ended = state.turnsAtBatch.length + 3;
  /** Lets the read go on to its end. */
  const finishRead = async () => {
    openRead();
    state.gate = undefined;
    await vi.waitFor(() => expect(state.turnsAtBatch.length).toBeGreaterThanOrEqual(ended));
    await new Promise((resolve) => setImmediate(resolve));
  };
  const priceOf = async (at: number) => {
    const current = await kept.current(at);
    return current.price[current.positionOf(5)!];
  };
  return { later, finishRead, priceOf };
}

describe('a full read of the listing columns', () => {
  it('lets the event loop turn between its batches, so requests are answered during it', async () => {
    state.listings = 3 * LOAD_BATCH + 10;
    // Counts the event loop's turns (a request's I/O is taken in such a turn) while the read runs.
    let reading = true;
    const tick = () => {
      state.turns += 1;
      if (reading) setImmediate(tick);
    };
    setImmediate(tick);
    const columns = await new ListingColumns({} as Kysely<Database>).current(Date.now());
    reading = false;
    expect(columns.listed).toBe(state.listings);
    expect(state.turnsAtBatch).toHaveLength(4);
    // Each batch after the first is read after at least one more turn of the loop.
    for (let batch = 1; batch < state.turnsAtBatch.length; batch += 1)
      expect(state.turnsAtBatch[batch]!).toBeGreaterThan(state.turnsAtBatch[batch - 1]!);
  });
});

describe("a round's good-price marks", () => {
  it('are taken by the columns as told, however many, without reading them again', async () => {
    const { kept, now, columns } = await loaded(3 * LOAD_BATCH);
    const fullReads = state.turnsAtBatch.length;
    // Another process's round marked every listing but the first, in three notes.
    const marked = Array.from({ length: state.listings - 1 }, (_, n) => n + 2);
    for (const part of [marked.slice(0, 10), marked.slice(10, 6000), marked.slice(6000)]) {
      changedElsewhere({ productIds: [], listingIds: [], marks: [Int32Array.from(part)] });
    }
    expect(await kept.current(now + 1)).toBe(columns);
    expect(state.turnsAtBatch).toHaveLength(fullReads);
    const fails = trustTest({ goodPrice: true })!;
    const good = Array.from({ length: columns.size }, (_, at) => !fails(columns.trust[at]!, 100));
    expect(good.filter(Boolean)).toHaveLength(state.listings - 1);
    expect(good[columns.positionOf(1)!]).toBe(false);
  });
});

describe('a write beside a full read', () => {
  it('is caught up on at once, not after the read, and again after it if the read took the row before it', async () => {
    const { later, finishRead, priceOf } = await behindAFullRead();
    changedElsewhere({ productIds: [], listingIds: [5] });
    expect(await priceOf(later + 1)).toBe(99_999);
    // The read goes on with the rows as they were before the write (the mock's price), then ends.
    await finishRead();
    expect(await priceOf(later + 2)).toBe(99_999);
  });

  it('is caught up on again when the read ended during its catching up: the read may have put a newer row first', async () => {
    const { later, finishRead, priceOf } = await behindAFullRead();
    // A write's rows read at once (price 1), answered only after the full read has ended.
    changedElsewhere({ productIds: [], listingIds: [5] });
    state.writtenPrice = 1;
    let openApply!: () => void;
    state.applyGate = new Promise((resolve) => (openApply = resolve));
    const price = priceOf(later + 1);
    await finishRead();
    state.writtenPrice = 99_999;
    openApply();
    state.applyGate = undefined;
    expect(await price).toBe(99_999);
  });
});
