/** How many of the newest phones the home banner shows. */
export const BANNER_SLIDES = 6;
/** Phones per page of search results and of a category. */
export const RESULTS_PER_PAGE = 24;

/**
 * The API paths (under /api) the first screen of the public pages reads. The client's queries ask
 * for exactly these, and the server names them in the page it sends (src/server/pages/page-hints.ts),
 * so the browser fetches them alongside the code instead of after it has run.
 */
export const publicReads = {
  categories: '/categoires',
  bannerPhones: `/all/phones?limit=${BANNER_SLIDES}`,
  advertised: '/advertised_products',
  categoryInfo: (id: string) => `/categoryinfo?id=${encodeURIComponent(id)}`,
  /** A category's first page of phones, newest first: what its page asks for with no filter in its URL. */
  categoryPhones: (id: string) =>
    `/search?${new URLSearchParams({ category: id, limit: String(RESULTS_PER_PAGE) }).toString()}`,
  product: (id: string) => `/addvertise/product/${encodeURIComponent(id)}`,
} as const;
