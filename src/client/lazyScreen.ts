import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { LoaderFunction, RouteObject } from 'react-router';

/** A route's screen (and the code only it needs), downloaded when the route is first opened. */
export const lazyComponent = (load: () => Promise<ComponentType>) => ({
  lazy: async () => ({ Component: await load() }),
});

/** A route whose screen downloads when it is first opened. */
export const lazyScreen = (path: string, load: () => Promise<ComponentType>): RouteObject => ({
  path,
  ...lazyComponent(load),
});

/** A screen's module, by the names of its component and of the loader that reads its data into the query cache. */
type ScreenModule<Screen extends string, Loader extends string> = Record<Screen, ComponentType> &
  Record<Loader, (queryClient: QueryClient) => LoaderFunction>;

/** A route whose screen and loader download together when it is first opened; the loader reads into `queryClient`. */
export const lazyWithLoader =
  <Screen extends string, Loader extends string>(
    load: () => Promise<ScreenModule<Screen, Loader>>,
    screen: Screen,
    loader: Loader,
  ) =>
  (queryClient: QueryClient) => ({
    lazy: async () => {
      const module = await load();
      return { Component: module[screen], loader: module[loader](queryClient) };
    },
  });
