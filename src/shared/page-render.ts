/*
 * The contract between the server and the page renderer the client's build writes (dist/ssr): the
 * server loads that module by its file name and calls what it exports, so neither side imports
 * the other, both import this.
 */
import type { PageLanguage } from './i18n/addresses';
import type { PageMeta } from './page-meta';
import type { Locale } from './i18n/locales';

/**
 * A page's markup for inside #root, the script with the state the browser hydrates it from, and
 * its title, description and link preview for the head.
 */
export interface RenderedPage {
  root: string;
  state: string;
  /** The script with the page's catalog (its language only), so the browser shows it without another download. */
  catalog: string;
  meta: PageMeta | undefined;
}

/** Renders a page with its data, and names (title, description) a page left to the browser. */
export interface PageRenderer {
  render: (url: URL, language: PageLanguage) => Promise<RenderedPage | undefined>;
  /** A page's title and description in `locale`, for a page left to the browser. */
  metaOf: (url: URL, locale: Locale) => PageMeta | undefined;
}

/** What the renderer's module exports: the renderer, its API reads answered by `fetchApi`. */
export interface PageRendererModule {
  pageRenderer: (fetchApi: typeof fetch) => PageRenderer;
}
