import { describe, expect, it } from 'vitest';
import { changedElsewhere, type NamedRows } from './indexing';
import { ENTRY_OVERHEAD_BYTES, KeptIds, type Kept } from './kept-ids';

const NOW = Date.parse('2026-11-24T12:00:00.000Z');
const LIMITS = { maxEntries: 1_000, maxBytes: 1024 * 1024 };
/** Nothing is written to the index in these: nothing to bring up to date. */
const unchanged = async (kept: Kept) => kept;

describe('the ids kept for searched words', () => {
  it('stay within their bounds in entries and bytes through 100,000 distinct searches that match nothing', async () => {
    const kept = new KeptIds(LIMITS);
    const sizes: Array<{ entries: number; bytes: number }> = [];
    for (let i = 0; i < 100_000; i++) {
      await kept.get(
        `"zq${i.toString(36).padStart(4, '0')}"`,
        NOW,
        async () => ({ ids: new Int32Array(0) }),
        unchanged,
      );
      if ((i + 1) % 10_000 === 0) sizes.push(kept.size);
    }
    // Flat: full after the first ten thousand (keys of one length), and never more after that.
    expect(sizes[0]!.entries).toBe(LIMITS.maxEntries);
    for (const size of sizes) {
      expect(size).toEqual(sizes[0]);
      expect(size.bytes).toBeLessThanOrEqual(LIMITS.maxBytes);
    }
    // Each entry of nothing still counts: the bound holds on bytes too, not only on ids.
    expect(sizes[0]!.bytes).toBeGreaterThanOrEqual(LIMITS.maxEntries * ENTRY_OVERHEAD_BYTES);
  });

  it('stay within their bytes when the words match many listings, the oldest going first', async () => {
    const kept = new KeptIds(LIMITS);
    let reads = 0;
    const read = async () => {
      reads += 1;
      return { ids: new Int32Array(50_000) }; // 200 KB
    };
    for (let i = 0; i < 20; i++) await kept.get(`words ${i}`, NOW, read, unchanged);
    expect(kept.size.bytes).toBeLessThanOrEqual(LIMITS.maxBytes);
    expect(kept.size.entries).toBe(5);
    // The newest are still kept; the first ones went.
    await kept.get('words 19', NOW, read, unchanged);
    expect(reads).toBe(20);
    await kept.get('words 0', NOW, read, unchanged);
    expect(reads).toBe(21);
  });

  it('count what their user keeps beside each id against the same bound', async () => {
    const kept = new KeptIds({ ...LIMITS, bytesPerId: 8 });
    for (let i = 0; i < 20; i++)
      await kept.get(`words ${i}`, NOW, async () => ({ ids: new Int32Array(50_000) }), unchanged);
    expect(kept.size.entries).toBe(2); // 400 KB each, where 4 bytes an id kept 5
    expect(kept.size.bytes).toBeLessThanOrEqual(LIMITS.maxBytes);
  });

  it('do not keep one answer larger than all the bytes allowed, and keep the others', async () => {
    const kept = new KeptIds(LIMITS);
    await kept.get('small', NOW, async () => ({ ids: new Int32Array(10) }), unchanged);
    const huge = await kept.get('huge', NOW, async () => ({ ids: new Int32Array(LIMITS.maxBytes / 4 + 1) }), unchanged);
    expect(huge.ids.length).toBe(LIMITS.maxBytes / 4 + 1);
    expect(kept.size.entries).toBe(1);
  });
});

describe('the ids kept for searched words, as they age', () => {
  const KEPT_FOR = 60_000;
  /** A read that answers when told to: what a request would wait for, were it to wait. */
  const gated = () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let reads = 0;
    const read = async () => {
      reads += 1;
      await gate;
      return { ids: Int32Array.of(reads) };
    };
    return { read, open, reads: () => reads };
  };
  const settled = () => new Promise((resolve) => setTimeout(resolve, 10));

  it('are read again in the background when asked for late in their time, the request answered with what is kept', async () => {
    const kept = new KeptIds(LIMITS, () => KEPT_FOR);
    await kept.get('samsung', NOW, async () => ({ ids: Int32Array.of(0) }), unchanged);
    const { read, open, reads } = gated();
    // Early in its time: kept, nothing read.
    expect((await kept.get('samsung', NOW + KEPT_FOR / 2, read, unchanged)).ids).toEqual(Int32Array.of(0));
    await settled();
    expect(reads()).toBe(0);
    // Late in it: answered at once from what is kept while the read waits, and one read for many asks.
    const late = NOW + KEPT_FOR * 0.9;
    for (let i = 0; i < 3; i++)
      expect((await kept.get('samsung', late, read, unchanged)).ids).toEqual(Int32Array.of(0));
    await settled();
    expect(reads()).toBe(1);
    open();
    await settled();
    // The read replaced it, trusted from when it began: past the first read's time, nothing is read.
    const after = NOW + KEPT_FOR * 1.5;
    expect((await kept.get('samsung', after, read, unchanged)).ids).toEqual(Int32Array.of(1));
    await settled();
    expect(reads()).toBe(1);
    expect(kept.size.bytes).toBeLessThanOrEqual(LIMITS.maxBytes);
  });

  it('are read again from the database (their own read, not the request’s), and never beside a full read', async () => {
    const kept = new KeptIds(LIMITS, () => KEPT_FOR);
    await kept.get('nokia', NOW, async () => ({ ids: Int32Array.of(0) }), unchanged);
    let requestReads = 0;
    let rereads = 0;
    const requestRead = async () => ({ ids: Int32Array.of(++requestReads) });
    const reread = async () => ({ ids: Int32Array.of(100 + ++rereads) });
    const late = NOW + KEPT_FOR * 0.9;
    expect((await kept.get('nokia', late, requestRead, unchanged, reread)).ids).toEqual(Int32Array.of(0));
    await settled();
    expect([requestReads, rereads]).toEqual([0, 1]);
    expect((await kept.get('nokia', late, requestRead, unchanged, reread)).ids).toEqual(Int32Array.of(101));
    // Late again, with a change no note named: the request reads in full, and nothing runs beside it.
    changedElsewhere(undefined);
    const later = late + KEPT_FOR * 0.9;
    expect((await kept.get('nokia', later, requestRead, unchanged, reread)).ids).toEqual(Int32Array.of(1));
    await settled();
    expect([requestReads, rereads]).toEqual([1, 1]);
  });

  it("stay as they are through a round's good-price marks, however many: no read, nothing brought up to date", async () => {
    const kept = new KeptIds(LIMITS, () => KEPT_FOR);
    let reads = 0;
    let updates = 0;
    const read = async () => ({ ids: Int32Array.of(++reads) });
    const update = async (entry: Kept) => {
      updates += 1;
      return entry;
    };
    await kept.get('oppo', NOW, read, update);
    changedElsewhere({
      productIds: [],
      listingIds: [],
      marks: [Int32Array.from({ length: 5000 }, (_, n) => n + 1)],
    });
    expect((await kept.get('oppo', NOW + 1, read, update)).ids).toEqual(Int32Array.of(1));
    expect([reads, updates]).toEqual([1, 0]);
    // A listing written beside them is brought up to date as ever.
    changedElsewhere({ productIds: [], listingIds: [7], marks: [Int32Array.of(-8)] });
    await kept.get('oppo', NOW + 2, read, update);
    expect([reads, updates]).toEqual([1, 1]);
  });

  describe("through writes that kept some listings' words", () => {
    /** A write of a listing's price (or a booking, a badge): findable before and after with the same texts. */
    const priced = (listing: number) =>
      changedElsewhere({
        productIds: [`p${listing}`],
        listingIds: [listing],
        words: { productIds: [], listingIds: [] },
      });
    /** A write of a listing's text: its words may have changed. */
    const retitled = (listing: number) => changedElsewhere({ productIds: [`p${listing}`], listingIds: [listing] });
    /** Kept ids whose updates are recorded with the rows they were given. */
    const recording = (driftsAfter = Infinity) => {
      const kept = new KeptIds(LIMITS, () => KEPT_FOR, driftsAfter);
      const updates: NamedRows[] = [];
      let reads = 0;
      const read = async () => ({ ids: Int32Array.of(++reads) });
      const update = async (entry: Kept, written: NamedRows) => {
        updates.push(written);
        return entry;
      };
      return { get: (key: string, at: number) => kept.get(key, at, read, update), updates, reads: () => reads };
    };

    it('stay as they are through a price edit: nothing looked up, and not read again sooner as after an update', async () => {
      // As SQLite's rankings: read again from a tenth of their time once a written row was brought in.
      const { get, updates, reads } = recording(KEPT_FOR / 10);
      await get('vivo', NOW);
      priced(1);
      priced(2);
      expect((await get('vivo', NOW + KEPT_FOR / 5)).ids).toEqual(Int32Array.of(1));
      await settled();
      expect(updates).toEqual([]);
      expect(reads()).toBe(1);
      // Up to date with those writes: asked again, still nothing looked up nor read.
      await get('vivo', NOW + KEPT_FOR / 4);
      await settled();
      expect([updates.length, reads()]).toEqual([0, 1]);
    });

    const lookups: Array<[name: string, write: () => void, looked: NamedRows]> = [
      [
        'a listing whose text changed, by its listing and product',
        () => retitled(3),
        { productIds: ['p3'], listingIds: [3] },
      ],
      [
        // A new listing is named by its product alone: its listing id is not known before it is written.
        'only the listings whose words may have changed, among many written',
        () => {
          priced(4);
          retitled(5);
          priced(6);
          changedElsewhere({ productIds: ['p7'], listingIds: [] });
        },
        { productIds: ['p5', 'p7'], listingIds: [5] },
      ],
      [
        'a listing written twice, its price and then its text: one change of words is enough',
        () => {
          priced(8);
          retitled(8);
          priced(8);
        },
        { productIds: ['p8'], listingIds: [8] },
      ],
    ];
    for (const [name, write, looked] of lookups) {
      it(`look up ${name}`, async () => {
        const { get, updates, reads } = recording();
        await get(name, NOW);
        write();
        await get(name, NOW + 1);
        expect(updates).toEqual([looked]);
        expect(reads()).toBe(1);
      });
    }
  });

  it('are read again in the background sooner, as their user says, once written rows were brought in', async () => {
    // A ranking whose order drifts with writes (SQLite's bm25): read again from a tenth of its time
    // once brought up to date with a write, at the usual share of it until then.
    const kept = new KeptIds(LIMITS, () => KEPT_FOR, KEPT_FOR / 10);
    await kept.get('galaxy', NOW, async () => ({ ids: Int32Array.of(0) }), unchanged);
    const { read, open, reads } = gated();
    // Nothing written: past a tenth of its time, still not read again.
    expect((await kept.get('galaxy', NOW + KEPT_FOR / 5, read, unchanged)).ids).toEqual(Int32Array.of(0));
    await settled();
    expect(reads()).toBe(0);
    // A written row brought in: from then on past the tenth, answered from what is kept and read again behind it.
    changedElsewhere({ productIds: ['p9'], listingIds: [9] });
    const withNine = async (entry: Kept) => ({ ids: Int32Array.of(...entry.ids, 9) });
    expect((await kept.get('galaxy', NOW + KEPT_FOR / 5, read, withNine)).ids).toEqual(Int32Array.of(0, 9));
    expect((await kept.get('galaxy', NOW + KEPT_FOR / 5, read, withNine)).ids).toEqual(Int32Array.of(0, 9));
    await settled();
    expect(reads()).toBe(1);
    open();
    await settled();
    expect((await kept.get('galaxy', NOW + KEPT_FOR / 5, read, unchanged)).ids).toEqual(Int32Array.of(1));
  });

  it('keep a read in full that finished first over an update begun before it ended', async () => {
    const kept = new KeptIds(LIMITS, () => KEPT_FOR);
    await kept.get('redmi', NOW, async () => ({ ids: Int32Array.of(0) }), unchanged);
    changedElsewhere({ productIds: ['p5'], listingIds: [5] });
    let finishUpdate!: () => void;
    const slowUpdate = async (entry: Kept) => {
      await new Promise<void>((resolve) => (finishUpdate = resolve));
      return { ids: Int32Array.of(...entry.ids, 5) };
    };
    // Late in its time: the update waits; the read in full behind it ends first and is kept.
    const late = NOW + KEPT_FOR * 0.9;
    const updating = kept.get('redmi', late, async () => ({ ids: Int32Array.of(5, 0) }), slowUpdate);
    await settled();
    finishUpdate();
    expect((await updating).ids).toEqual(Int32Array.of(0, 5));
    const read = async () => ({ ids: Int32Array.of(-1) });
    expect((await kept.get('redmi', late + 1, read, unchanged)).ids).toEqual(Int32Array.of(5, 0));
  });

  it('live as long as their user says', async () => {
    let keptFor = KEPT_FOR;
    const kept = new KeptIds(LIMITS, () => keptFor);
    let reads = 0;
    const read = async () => ({ ids: Int32Array.of(++reads) });
    await kept.get('galaxy', NOW, read, unchanged);
    await kept.get('galaxy', NOW + KEPT_FOR, read, unchanged);
    expect(reads).toBe(2); // aged: read by the request
    keptFor = 10 * KEPT_FOR;
    await kept.get('galaxy', NOW + 5 * KEPT_FOR, read, unchanged);
    expect(reads).toBe(2);
  });

  it('keep the entry as it was when its background read fails', async () => {
    const kept = new KeptIds(LIMITS, () => KEPT_FOR);
    await kept.get('pixel', NOW, async () => ({ ids: Int32Array.of(7) }), unchanged);
    const failing = async (): Promise<Kept> => {
      throw new Error('the database went away');
    };
    expect((await kept.get('pixel', NOW + KEPT_FOR * 0.9, failing, unchanged)).ids).toEqual(Int32Array.of(7));
    await settled();
    expect((await kept.get('pixel', NOW + KEPT_FOR * 0.95, failing, unchanged)).ids).toEqual(Int32Array.of(7));
    await settled();
    await expect(kept.get('pixel', NOW + KEPT_FOR, failing, unchanged)).rejects.toThrow('the database went away');
  });
});
