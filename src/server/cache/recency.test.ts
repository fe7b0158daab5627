import { describe, expect, it } from 'vitest';
import { Recency } from './recency';

/** The keys oldest first, as the cache lets them go. */
function order(recency: Recency, keys: string[]): string[] {
  const gone: string[] = [];
  for (let key = recency.oldest; key !== undefined; key = recency.oldest) {
    gone.push(key);
    recency.remove(key);
  }
  expect([...gone].sort()).toEqual([...keys].sort());
  return gone;
}

describe('Recency', () => {
  it('lets go first the key asked for least recently', () => {
    const recency = new Recency();
    for (const key of ['a', 'b', 'c', 'd']) recency.touch(key);
    recency.touch('b');
    recency.touch('a');
    recency.touch('a');
    expect(order(recency, ['a', 'b', 'c', 'd'])).toEqual(['c', 'd', 'b', 'a']);
  });

  it('keeps its order when a key leaves from the middle, the front or the back', () => {
    const recency = new Recency();
    for (const key of ['a', 'b', 'c', 'd', 'e']) recency.touch(key);
    recency.remove('c');
    recency.remove('a');
    recency.remove('e');
    recency.remove('missing');
    recency.touch('f');
    expect(order(recency, ['b', 'd', 'f'])).toEqual(['b', 'd', 'f']);
    expect(recency.oldest).toBeUndefined();
  });
});
