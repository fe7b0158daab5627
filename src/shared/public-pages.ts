/*
 * The public pages, each written once: its address, its title and description, and for a page
 * rendered on the server the code and the API reads of its first screen. The client mounts a route
 * per entry, at its address and under each language's prefix (src/client/routes.tsx); the server
 * renders the pages marked `rendered` and names their code and reads in the page it sends, so the
 * browser fetches them alongside the entry (src/server/pages/). Adding a public page is one entry
 * here and its screen in the client's `publicScreens` (tests/public-pages.test.ts holds the two).
 */
import type { Category } from './categories';
import { pageMeta, type MetaLanguage, type PageMeta } from './page-meta';
import { publicReads } from './page-reads';
import { paths, routePatterns } from './paths';
import type { Product } from './products';
import type { SellerProfile } from './reviews';

/** A page as its title sees it: `data` is what its screen read that names it (a product), once read. */
export interface PageAt<Data> {
  /** The page's language, and its messages. */
  language: MetaLanguage;
  /** The id in its address (`:id`, decoded), or '' for a page whose address names none. */
  id: string;
  url: URL;
  data: Data | undefined;
}

/** What the server needs to send a page rendered, and to have the browser fetch its parts early. */
export interface RenderedOnServer {
  /** The source module of its screen when that is not in the entry: the build's chunks for it are named. */
  module?: string;
  /** The API paths (under /api) its first screen reads; a query in the address may ask for others. */
  reads: (id: string, hasQuery: boolean) => string[];
}

export interface PublicPage<Data> {
  /** The router's pattern at the spec's address (at most one `:id`); `/bn` and `/en` prefix it too. */
  path: string;
  meta: (page: PageAt<Data>) => PageMeta | undefined;
  /** Rendered on the server: the pages a visitor lands on from outside (links, searches). */
  rendered?: RenderedOnServer;
}

const page = <Data = undefined>(definition: PublicPage<Data>): PublicPage<Data> => definition;
/** A page whose title and description are the same for every visit. */
const fixed = (path: string, meta: (language: MetaLanguage) => PageMeta, rendered?: RenderedOnServer) =>
  page({ path, meta: ({ language }) => meta(language), rendered });

export const publicPages = {
  home: fixed(paths.home, pageMeta.home, {
    reads: () => [publicReads.categories, publicReads.bannerPhones, publicReads.advertised],
  }),
  category: page<Category>({
    path: routePatterns.category,
    meta: ({ language, data }) => data && pageMeta.category(language, data),
    rendered: {
      module: 'src/client/catalog/CategoryPage.tsx',
      // Filters in its address ask for other results: only its code is named then.
      reads: (id, hasQuery) => (hasQuery ? [] : [publicReads.categoryInfo(id), publicReads.categoryPhones(id)]),
    },
  }),
  product: page<Product>({
    path: routePatterns.product,
    meta: ({ language, data }) => data && pageMeta.product(language, data),
    rendered: { module: 'src/client/catalog/ProductPage.tsx', reads: (id) => [publicReads.product(id)] },
  }),
  seller: page<SellerProfile>({
    path: routePatterns.seller,
    meta: ({ language, data }) => data && pageMeta.seller(language, data),
    rendered: {
      module: 'src/client/reviews/SellerPage.tsx',
      reads: (id) => [publicReads.seller(id), publicReads.sellerReviews(id), publicReads.sellerPhones(id)],
    },
  }),
  search: page({
    path: paths.search,
    meta: ({ language, url }) => pageMeta.search(language, url.searchParams.get('q')?.trim() ?? ''),
    // Its results are the whole address's (words, filters, page): only its code is named.
    rendered: { module: 'src/client/search/SearchPage.tsx', reads: () => [] },
  }),
  login: fixed(paths.login, pageMeta.login, { module: 'src/client/accounts/LoginPage.tsx', reads: () => [] }),
  register: fixed(paths.register, pageMeta.register),
  forgotPassword: fixed(paths.forgotPassword, pageMeta.forgotPassword),
  resetPassword: fixed(paths.resetPassword, pageMeta.resetPassword),
  verifyEmail: fixed(paths.verifyEmail, pageMeta.verifyEmail),
  unsubscribe: fixed(paths.unsubscribe, pageMeta.unsubscribe),
  appeal: fixed(paths.appeal, pageMeta.appeal),
  blog: fixed(paths.blog, pageMeta.blog),
  faq: fixed(paths.faq, pageMeta.faq),
  privacy: fixed(paths.privacy, pageMeta.privacy),
  terms: fixed(paths.terms, pageMeta.terms),
};

export type PublicPageName = keyof typeof publicPages;
/** What a page's title is made from, as its screen reads it. */
export type PageData<Name extends PublicPageName> =
  (typeof publicPages)[Name] extends PublicPage<infer Data> ? Data : never;

export const publicPageNames = Object.keys(publicPages) as PublicPageName[];

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** The id `path` gives the pattern's `:id` ('' for a pattern without one), or undefined when it is not that page. */
function idAt(pattern: string, path: string): string | undefined {
  const at = pattern.indexOf(':id');
  if (at < 0) return pattern === path ? '' : undefined;
  const segment = path.slice(at);
  if (!path.startsWith(pattern.slice(0, at)) || segment === '' || segment.includes('/')) return undefined;
  return decoded(segment);
}

/** The rendered page at `path` (without a language prefix) and its id, or undefined. */
export function renderedPageAt(path: string): { rendered: RenderedOnServer; id: string } | undefined {
  for (const { path: pattern, rendered } of Object.values(publicPages)) {
    const id = rendered && idAt(pattern, path);
    if (rendered && id !== undefined) return { rendered, id };
  }
  return undefined;
}

/** The patterns of the pages rendered on the server, at the spec's addresses. */
export const renderedPaths = Object.values(publicPages).flatMap((each) => (each.rendered ? [each.path] : []));
