import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/** A route's screen (and the code only it needs), downloaded when the route is first opened. */
export const lazyComponent = (load: () => Promise<ComponentType>) => ({
  lazy: async () => ({ Component: await load() }),
});

/** A route whose screen downloads when it is first opened. */
export const lazyScreen = (path: string, load: () => Promise<ComponentType>): RouteObject => ({
  path,
  ...lazyComponent(load),
});
