/*
 * Helpers for set-based statements: a list cut into slices that fit in one statement's parameters,
 * and rows grouped by a key (in first-seen order) without copying a group at every row.
 */

/** `list` in slices of at most `size`, in order. */
export function* slices<T>(list: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < list.length; start += size) yield list.slice(start, start + size);
}

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
