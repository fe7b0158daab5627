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
  /**
   * The messages the render used (its language only), as JSON for a script: the browser hydrates
   * with them, without another download, and fetches the rest of the catalog as it starts.
   */
  catalog: string;
  meta: PageMeta | undefined;
}

/** The script a rendered page carries its messages in, and names its language's whole catalog (`data-rest`). */
export const CATALOG_SCRIPT_ID = 'i18n-catalog';

/** That script: `messages` as jsonForScript writes them, `rest` the path of the whole catalog's file. */
export const catalogScript = (messages: string, rest: string | undefined): string =>
  `<script type="application/json" id="${CATALOG_SCRIPT_ID}"${rest ? ` data-rest="${rest}"` : ''}>${messages}</script>`;

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
