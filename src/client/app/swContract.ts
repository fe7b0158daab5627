/** What the service worker (./sw.ts) and the page agree on. */
export const APP_CACHES = {
  photos: 'phonehaat-photos',
  publicApi: 'phonehaat-public-api',
  pages: 'phonehaat-pages',
  /** One language's catalog (chunk and file) and font (sw.ts, LANGUAGE_FILE): those of the languages the visitor reads. */
  language: 'phonehaat-language',
} as const;

/** The precached page shown offline for a page never seen (public/offline.html). */
export const OFFLINE_PAGE = '/offline.html';

/** The attribute of the note on a page shown from the offline copy; its value is when the copy was saved. */
export const OFFLINE_COPY_MARK = 'data-offline-copy';

export const SW_MESSAGES = { skipWaiting: 'SKIP_WAITING' } as const;
