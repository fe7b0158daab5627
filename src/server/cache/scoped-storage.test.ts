import { executionAsyncResource } from 'node:async_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ScopedStorage } from './scoped-storage';

/**
 * How many stores an async resource made now carries: an AsyncLocalStorage's hook, while on, writes
 * its store (or undefined) into every new resource, under a symbol of its own.
 */
const storesCarried = () =>
  new Promise<number>((resolve) =>
    setImmediate(() => resolve(Object.getOwnPropertySymbols(executionAsyncResource()).length)),
  );

describe('ScopedStorage', () => {
  it('gives what a scope runs and starts its store, and nothing once it is closed', async () => {
    const storage = new ScopedStorage<string>();
    const scope = storage.open('write 1');
    const seen = await scope.run(async () => {
      const before = storage.getStore();
      await nextTurn();
      const after = storage.getStore();
      scope.close();
      await nextTurn();
      return [before, after, storage.getStore()];
    });
    expect(seen).toEqual(['write 1', 'write 1', undefined]);
    expect(storage.getStore()).toBeUndefined();
  });

  it('keeps concurrent scopes apart, and one closing leaves the others theirs', async () => {
    const storage = new ScopedStorage<number>();
    const [first, second] = [storage.open(1), storage.open(2)];
    const firstSeen = first.run(async () => {
      await nextTurn();
      first.close();
      return storage.getStore();
    });
    const secondSeen = second.run(async () => {
      await nextTurn();
      await nextTurn();
      return storage.getStore();
    });
    expect(await Promise.all([firstSeen, secondSeen])).toEqual([undefined, 2]);
    second.close();
  });

  it('switches the async hook off when the last scope closes, and on again for the next', async () => {
    const storage = new ScopedStorage<string>();
    const without = await storesCarried();
    const first = storage.open('a');
    const second = storage.open('b');
    expect(await first.run(storesCarried)).toBeGreaterThan(without);
    first.close();
    expect(await second.run(storesCarried)).toBeGreaterThan(without);
    second.close();
    expect(await storesCarried()).toBe(without);

    const third = storage.open('c');
    expect(await third.run(async () => [await storesCarried(), storage.getStore()])).toEqual([without + 1, 'c']);
    third.close();
    third.close();
    // A closed scope runs its function without switching the hook on again.
    expect(await third.run(storesCarried)).toBe(without);
  });
});
