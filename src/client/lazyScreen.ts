import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/** A route whose screen (and the code only it needs) downloads when it is first opened. */
export const lazyScreen = (path: string, load: () => Promise<ComponentType>): RouteObject => ({
  path,
  lazy: async () => ({ Component: await load() }),
});
