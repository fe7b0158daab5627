import { AsyncLocalStorage } from 'node:async_hooks';

/** One context of a ScopedStorage: its store, current in what `run` runs and starts, until `close`. */
export interface Scope<T> {
  readonly store: T;
  run<R>(fn: () => R): R;
  /** Ends the context: what it started and still runs sees no store from now on. Again: nothing. */
  close(): void;
}

/**
 * An AsyncLocalStorage whose async hook is on only while one of its contexts is open. Node 20's
 * AsyncLocalStorage, once run, keeps an async hook on for the rest of the process's life, and every
 * async resource made from then on (each answer's socket write, each tick) calls into it: one run
 * made the bare server's answers cost about a fifth more CPU (docs/performance.md, "A cache hit
 * without the async hook"). Here the hook is switched off when the last context closes, so the reads
 * between two writes run without it.
 */
export class ScopedStorage<T> {
  private readonly storage = new AsyncLocalStorage<OpenScope<T>>();
  private openScopes = 0;

  open(store: T): Scope<T> {
    this.openScopes += 1;
    return new OpenScope(store, this.storage, () => {
      this.openScopes -= 1;
      // Ends every context of this storage, and the hook with the last storage: none is open.
      if (this.openScopes === 0) this.storage.disable();
    });
  }

  /** The store of the open context this runs in, if any. */
  getStore(): T | undefined {
    const scope = this.storage.getStore();
    return scope?.isOpen ? scope.store : undefined;
  }
}

class OpenScope<T> implements Scope<T> {
  isOpen = true;

  constructor(
    readonly store: T,
    private readonly storage: AsyncLocalStorage<OpenScope<T>>,
    private readonly closed: () => void,
  ) {}

  run<R>(fn: () => R): R {
    // A closed context would switch the hook on again with nothing left to switch it off.
    return this.isOpen ? this.storage.run(this, fn) : fn();
  }

  close(): void {
    if (!this.isOpen) return;
    this.isOpen = false;
    this.closed();
  }
}
