/*
 * The server's half of rendering a page (built on its own into dist/ssr, loaded by
 * src/server/pages/page-render.ts): the public pages arrive with their content, so a visitor sees the
 * phones before the scripts have downloaded and run, and the browser then hydrates that markup.
 */
import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
// The edge build, not Node's: Node's calls AsyncLocalStorage.run on every render, which leaves an
// async hook on for the rest of the process, and every async resource of every request (each cached
// answer's included) then pays for it (server/cache/scoped-storage.ts). Its output is the same.
import { prerender } from 'react-dom/static.edge';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { sendApiRequestsWith } from '#client/api/http';
import { AppProviders } from '#client/AppProviders';
import { appRoutes } from '#client/routes';
import { serverStateScript } from './serverState';
import { metaOfMatches } from '#client/pageMeta';
import type { MetaLanguage, PageMeta } from '#shared/page-meta';
import { translate } from '#shared/i18n/translate';
import type { PageRenderer, RenderedPage } from '#shared/page-render';
import { loadCatalog } from '#client/i18n';
import type { Catalog } from '#client/i18n/catalogFiles';
import { jsonForScript } from '#shared/json-in-html';
import type { PageLanguage } from '#shared/i18n/addresses';
import type { Locale } from '#shared/i18n/locales';

/**
 * A page's title and description are written here with the shared translator, which holds every
 * language; the ids it reads are noted in `used`, since the browser writes the title with them.
 */
const metaLanguage = (locale: Locale, used?: Set<string>): MetaLanguage => ({
  locale,
  text: (id, values) => {
    used?.add(id);
    return translate(locale, id, values);
  },
});

/**
 * The catalog, noting in `used` each message read from it: the page then carries those alone (a
 * fifth of the catalog or less) and the browser fetches the rest as it starts (docs/i18n.md).
 */
const noting = (catalog: Catalog, used: Set<string>): Catalog =>
  new Proxy(catalog, {
    get(target, id, receiver) {
      if (typeof id === 'string' && Object.hasOwn(target, id)) used.add(id);
      return Reflect.get(target, id, receiver) as unknown;
    },
  });

/** The messages of `catalog` named in `used`. */
const messagesOf = (catalog: Catalog, used: Set<string>): Catalog =>
  Object.fromEntries([...used].filter((id) => Object.hasOwn(catalog, id)).map((id) => [id, catalog[id]!])) as Catalog;

/** Reads the page's data once, and keeps it for the render: nothing is retried or read twice here. */
const pageQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity } } });

/**
 * The queries without the times they were read: the browser counts them as just read anyway
 * (queryClient.ts), and a page whose bytes depend only on its data is the same from every process, with
 * the same entity tag.
 */
function timeless(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => ({ ...query, dehydratedAt: 0, state: { ...query.state, dataUpdatedAt: 0 } })),
  };
}

/** Waits for the reads the page's loaders started without waiting for them (the home's lists). */
async function readsSettled(queryClient: QueryClient): Promise<void> {
  for (;;) {
    const fetching = queryClient.getQueryCache().findAll({ fetchStatus: 'fetching' });
    if (fetching.length === 0) return;
    await Promise.allSettled(fetching.map((query) => query.fetch()));
  }
}

/**
 * Renders `url` with its data, every API read answered by `fetchApi`. Answers undefined when the page
 * cannot be rendered as every visitor sees it first: a redirect, a route error (an unknown product),
 * or a read that failed; the browser then renders it as before.
 */
async function renderPage(url: URL, { locale, latinDigits }: PageLanguage): Promise<RenderedPage | undefined> {
  const queryClient = pageQueryClient();
  const handler = createStaticHandler(appRoutes(queryClient));
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.errors) return undefined;
  await readsSettled(queryClient);
  if (queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status === 'error' }).length > 0)
    return undefined;

  const router = createStaticRouter(handler.dataRoutes, context);
  const catalog = await loadCatalog(locale);
  const used = new Set<string>();
  const i18n = { locale, latinDigits, catalog: noting(catalog, used) };
  const { prelude } = await prerender(
    <AppProviders queryClient={queryClient} i18n={i18n}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
  const root = await new Response(prelude).text();
  const state = serverStateScript({
    queries: timeless(dehydrate(queryClient)),
    router: { loaderData: context.loaderData, actionData: context.actionData },
  });
  const meta = metaOfMatches(
    context.matches.map((match) => ({ handle: match.route.handle, params: match.params })),
    queryClient,
    url,
    metaLanguage(locale, used),
  );
  return { root, state, catalog: jsonForScript(messagesOf(catalog, used)), meta };
}

/** The routes as such, for naming pages; their loaders never run here, so their data stays empty. */
let namingRoutes: { routes: ReturnType<typeof appRoutes>; queryClient: QueryClient } | undefined;

/**
 * The title and description of a page left to the browser (a search, the blog, a private page):
 * those that need no data, so that they are in the head the server sends too.
 */
function metaOf(url: URL, locale: Locale): PageMeta | undefined {
  if (!namingRoutes) {
    const queryClient = pageQueryClient();
    namingRoutes = { routes: appRoutes(queryClient), queryClient };
  }
  const matches = matchRoutes(namingRoutes.routes, url.pathname) ?? [];
  return metaOfMatches(
    matches.map((match) => ({ handle: match.route.handle, params: match.params })),
    namingRoutes.queryClient,
    url,
    metaLanguage(locale),
  );
}

/** The page renderer, its API reads going through `fetchApi` (the app answering itself). */
export function pageRenderer(fetchApi: typeof fetch): PageRenderer {
  sendApiRequestsWith(fetchApi);
  return { render: renderPage, metaOf };
}
