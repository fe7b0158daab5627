import { executionAsyncResource } from 'node:async_hooks';

/**
 * For the tests: whether an AsyncLocalStorage's async hook is on, which then writes its store into
 * every new async resource (scoped-storage.ts says what that costs).
 */
export const asyncHookOn = () =>
  new Promise<boolean>((resolve) =>
    setImmediate(() =>
      resolve(
        Object.getOwnPropertySymbols(executionAsyncResource()).some(
          (symbol) => symbol.description === 'kResourceStore',
        ),
      ),
    ),
  );
