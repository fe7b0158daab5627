import { describe, expect, it } from 'vitest';
import { marksNotes, searchChangeNotes } from './change-notes';
import { changedElsewhere, changesSince, indexVersion, joined, wordsOf } from './indexing';

/** Marks of a round over `listings` listings, every `step`th flipped, every third of those unmarked. */
const roundOf = (listings: number, step: number) =>
  Int32Array.from({ length: Math.floor(listings / step) }, (_, n) => ((n % 3 === 2 ? -1 : 1) * (n + 1) * step) | 0);

/** The marks heard since `version`, all in one list. */
function marksSince(version: number): number[] {
  const changed = changesSince(version);
  return (changed?.marks ?? []).flatMap((marks) => [...marks]);
}

describe("a round's good-price marks between processes", () => {
  it('go in notes within a NOTIFY payload, a quarter of a million in well under a hundred, and are heard as they were sent', () => {
    const round = [roundOf(1_000_000, 4).subarray(0, 125_000), roundOf(1_000_000, 4).subarray(125_000)];
    const notes = marksNotes(round);
    expect(Math.max(...notes.map((note) => Buffer.byteLength(note)))).toBeLessThanOrEqual(7_600);
    expect(notes.length).toBeLessThan(100);
    const before = indexVersion();
    for (const note of notes) searchChangeNotes.heard(note);
    expect(marksSince(before)).toEqual([...round[0]!, ...round[1]!]);
    expect(changesSince(before)).toMatchObject({ productIds: [], listingIds: [] });
  });

  it('are read again, not taken as told, for listings this process knows were written', () => {
    changedElsewhere({ productIds: ['p1'], listingIds: [41] });
    const before = indexVersion();
    for (const note of marksNotes([Int32Array.of(40, -41, 42)])) searchChangeNotes.heard(note);
    expect(marksSince(before)).toEqual([40, 42]);
    expect(changesSince(before)?.listingIds).toEqual([41]);
    expect(wordsOf(changesSince(before)!)).toEqual({ productIds: [], listingIds: [] });
  });

  it('that cannot be read are everything changed', () => {
    const before = indexVersion();
    searchChangeNotes.heard('{"marks":"1,-x!"}');
    expect(changesSince(before)).toBeUndefined();
  });

  it('are kept up to a million: past that, a reader further behind reads everything again', () => {
    changedElsewhere({ productIds: ['p2'], listingIds: [] });
    const behind = indexVersion() - 1;
    const kept = indexVersion();
    changedElsewhere({ productIds: [], listingIds: [], marks: [roundOf(2_000_002, 2)] });
    expect(changesSince(behind)).toBeUndefined();
    expect(changesSince(kept)?.marks?.[0]).toHaveLength(1_000_001);
    changedElsewhere({ productIds: [], listingIds: [], marks: [Int32Array.of(3)] });
    expect(changesSince(kept + 1)?.marks).toEqual([Int32Array.of(3)]);
  });
});

describe("a write's rows between processes", () => {
  const none = { productIds: [], listingIds: [] };
  const priced = { productIds: ['p10'], listingIds: [10], words: none };
  const retitled = { productIds: ['p11'], listingIds: [11] };

  it('say which of them kept their words, and are heard so', () => {
    const note = JSON.stringify(joined([priced, retitled]));
    expect(JSON.parse(note)).toEqual({ productIds: ['p10', 'p11'], listingIds: [10, 11], words: retitled });
    const before = indexVersion();
    searchChangeNotes.heard(note);
    const heard = changesSince(before)!;
    expect(heard).toMatchObject({ productIds: ['p10', 'p11'], listingIds: [10, 11] });
    expect(wordsOf(heard)).toEqual(retitled);
  });

  it('name their words apart only when some kept them, and a listing written twice kept them only if both writes did', () => {
    expect(joined([retitled, retitled])).toEqual(retitled);
    expect(joined([priced, { ...priced, productIds: [] }])).toEqual(priced);
    expect(wordsOf(joined([priced, { productIds: ['p10'], listingIds: [10] }]))).toEqual({
      productIds: ['p10'],
      listingIds: [10],
    });
    // A new listing is named by its product; its price set after keeps the product among the words'.
    expect(
      wordsOf(
        joined([
          { productIds: ['p12'], listingIds: [] },
          { productIds: ['p12'], listingIds: [12], words: none },
        ]),
      ),
    ).toEqual({
      productIds: ['p12'],
      listingIds: [],
    });
  });

  it('of an older version, or whose words cannot be read, changed the words of every row they name', () => {
    for (const note of [
      JSON.stringify({ productIds: ['p13'], listingIds: [13] }),
      JSON.stringify({ productIds: ['p13'], listingIds: [13], words: { productIds: 'p13' } }),
    ]) {
      const before = indexVersion();
      searchChangeNotes.heard(note);
      expect(wordsOf(changesSince(before)!)).toEqual({ productIds: ['p13'], listingIds: [13] });
    }
  });
});
