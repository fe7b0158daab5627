/// <reference lib="webworker" />
/*
 * The service worker (docs/app.md), built by vite-plugin-pwa (injectManifest) with Workbox. What it
 * keeps, and what it never keeps:
 * - the build's hashed scripts, styles and icons, and the offline page: precached, replaced whole by
 *   the next version; but of each language's own files (its catalog's chunk; the Bengali font and
 *   its stylesheet) only those of the visitor's language, fetched at install, and another
 *   language's when a page first asks for them (a visitor never downloads a language they do not read);
 * - photos (/uploads/): cache first, at most PHOTO_LIMIT of them, for a month;
 * - the API's public reads (answers the server marks `no-cache`, the same for everyone): stale while
 *   revalidate, dropped whole by any write this browser makes; private answers (`no-store`),
 *   sign-in and the live stream go to the network only;
 * - pages: always from the network; a copy of each page seen is kept only for when the network is
 *   gone, and then shown with a sentence that it may be old; a page never seen shows the offline page.
 */
import { BroadcastUpdatePlugin } from 'workbox-broadcast-update';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import type { PushPayload } from '#shared/push';
import { APP_CACHES, OFFLINE_COPY_MARK, OFFLINE_PAGE, SW_MESSAGES } from './swContract';
import bn from './locales/bn.json';
import en from './locales/en.json';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const PHOTO_LIMIT = 200;
const MONTH_S = 30 * 24 * 60 * 60;
/** Pages kept for offline reading, the most recently seen first. */
const PAGE_LIMIT = 50;

/**
 * A language's own files, by the names the build gives them: its catalog's chunk
 * (`catalog.<locale>-<hash>.js`, src/client/i18n/catalogFiles.ts) and file (`.json`, the one a
 * rendered page fetches; vite.config.ts), and the Bengali font and its stylesheet, which come with
 * the Bangla catalog (`catalog-<hash>.css`, `*.woff2`).
 */
const LANGUAGE_FILE = /(^|\/)assets\/(?:catalog\.(en|bn)-[\w-]+\.json?|catalog-[\w-]+\.css|[\w-]+\.woff2)$/;
const languageOfFile = (url: string) => LANGUAGE_FILE.exec(url)?.[2] ?? 'bn';

const [languageFiles, sharedFiles] = partition(self.__WB_MANIFEST, (entry) => LANGUAGE_FILE.test(entry.url));
precacheAndRoute(sharedFiles);

cleanupOutdatedCaches();
// The first worker a browser installs looks after the open page at once, so the pages opened from it
// are kept for offline reading. A later version waits for "Reload" (skipWaiting below) as ever.
clientsClaim();

// At install, the files of the languages the open pages are in, beside the precache; another
// language's when a page asks for them (the visitor switched), then from the cache like the precache.
self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const read = new Set<string>(
        await Promise.all(windows.map(async (client) => ((await isBangla(client.url)) ? 'bn' : 'en'))),
      );
      const files = languageFiles.filter((entry) => read.has(languageOfFile(entry.url)));
      await (await caches.open(APP_CACHES.language)).addAll(files.map((entry) => `/${entry.url}`));
    })(),
  );
});
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && request.method === 'GET' && LANGUAGE_FILE.test(url.pathname),
  new CacheFirst({
    cacheName: APP_CACHES.language,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      // The files of two languages, with those of an older build or two.
      new ExpirationPlugin({ maxEntries: 12, purgeOnQuotaError: true }),
    ],
  }),
);

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && url.pathname.startsWith('/uploads/') && request.method === 'GET',
  new CacheFirst({
    cacheName: APP_CACHES.photos,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: PHOTO_LIMIT, maxAgeSeconds: MONTH_S, purgeOnQuotaError: true }),
    ],
  }),
);

/** Never through the cache: who is signed in, and the live stream of the bell. */
const NETWORK_ONLY_API = ['/api/auth/', '/api/jwt', '/api/notifications/stream', '/api/push/'];

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.method === 'GET' &&
    url.pathname.startsWith('/api/') &&
    !NETWORK_ONLY_API.some((prefix) => url.pathname.startsWith(prefix)),
  new StaleWhileRevalidate({
    cacheName: APP_CACHES.publicApi,
    plugins: [
      // Only the answers the server says are the same for everyone; a private one is never stored.
      { cacheWillUpdate: async ({ response }) => (isPublicAnswer(response) ? response : null) },
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 24 * 60 * 60, purgeOnQuotaError: true }),
      // A newer answer than the one just shown: the page asks again (src/client/app/registerApp.ts).
      new BroadcastUpdatePlugin({ headersToCheck: ['etag'] }),
    ],
  }),
);

function isPublicAnswer(response: Response): boolean {
  const cacheControl = response.headers.get('cache-control') ?? '';
  return response.status === 200 && !/no-store|private/.test(cacheControl);
}

// Any write from this browser may change what the cached reads say: they all go.
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith('/api/')) return;
  if (['GET', 'HEAD', 'OPTIONS'].includes(event.request.method)) return;
  event.waitUntil(caches.delete(APP_CACHES.publicApi));
});

registerRoute(
  ({ request }) => request.mode === 'navigate',
  async ({ request, event }) => {
    try {
      const response = await fetch(request);
      if (response.ok && (response.headers.get('content-type') ?? '').startsWith('text/html')) {
        (event as FetchEvent).waitUntil(keepPageCopy(request, response.clone()));
      }
      return response;
    } catch {
      return (await offlineCopyOf(request)) ?? (await offlinePage(request));
    }
  },
);

async function keepPageCopy(request: Request, response: Response): Promise<void> {
  const cache = await caches.open(APP_CACHES.pages);
  const stamped = new Headers(response.headers);
  stamped.set('x-saved-at', new Date().toISOString());
  await cache.delete(request);
  await cache.put(request, new Response(await response.blob(), { status: response.status, headers: stamped }));
  const keys = await cache.keys();
  // Keys come oldest first: the oldest pages go.
  await Promise.all(keys.slice(0, Math.max(0, keys.length - PAGE_LIMIT)).map((key) => cache.delete(key)));
}

/** The worker's own words, in the saved page's language (its `<html lang>`): both of its catalogs are in the worker. */
const catalogOf = (page: string) => (/<html[^>]*\slang="bn"/.test(page) ? bn : en);

/** The page as it was last seen, with a note at its top that it may be old. */
async function offlineCopyOf(request: Request): Promise<Response | undefined> {
  const cache = await caches.open(APP_CACHES.pages);
  const copy = await cache.match(request, { ignoreVary: true });
  if (!copy) return undefined;
  const savedAt = copy.headers.get('x-saved-at') ?? '';
  const page = await copy.text();
  const note =
    `<p class="offline-copy-note" role="status" ${OFFLINE_COPY_MARK}="${savedAt}">` +
    `${catalogOf(page)['app.offline.copyNote']}</p>`;
  const html = page.replace(/<body([^>]*)>/, (body) => body + note);
  return new Response(html, { status: 200, headers: copy.headers });
}

/** The visitor's language at an address: its prefix, else their choice (the `lang` cookie). */
async function isBangla(address: string): Promise<boolean> {
  const prefix = /^\/(bn|en)(\/|$)/.exec(new URL(address).pathname)?.[1];
  if (prefix) return prefix === 'bn';
  const cookie = await self.cookieStore?.get('lang').catch(() => null);
  return cookie?.value === 'bn';
}

/** The offline page holds both languages; `<html lang>` picks the one shown (its CSS). */
async function offlinePage(request: Request): Promise<Response> {
  const page = await matchPrecache(OFFLINE_PAGE);
  if (page && (await isBangla(request.url))) {
    const html = (await page.text())
      .replace('<html lang="en">', '<html lang="bn">')
      .replace(/<title>[^<]*<\/title>/, `<title>${bn['app.offline.title']}</title>`);
    return new Response(html, { status: page.status, headers: page.headers });
  }
  return (
    page ??
    new Response(`${en['app.offline.unavailable']}\n${bn['app.offline.unavailable']}`, {
      status: 503,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    })
  );
}

// The page's "Reload" on a new version: this worker takes over, and the page reloads itself.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === SW_MESSAGES.skipWaiting) void self.skipWaiting();
});

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      data: { link: payload.link },
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
    }),
  );
});

function readPayload(data: PushMessageData | null): PushPayload | undefined {
  try {
    const payload = data?.json() as Partial<PushPayload> | undefined;
    if (payload && typeof payload.body === 'string' && typeof payload.link === 'string') {
      return { title: payload.title ?? 'PhoneHaat', body: payload.body, link: payload.link, tag: payload.tag ?? '' };
    }
  } catch {
    // Not ours: nothing to show.
  }
  return undefined;
}

// A tap on a notification opens its page: in a window of the app already open, else a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = (event.notification.data as { link?: string } | null)?.link ?? '/';
  const target = new URL(link.startsWith('/') ? link : '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(target);
      } else await self.clients.openWindow(target);
    })(),
  );
});

function partition<T>(items: T[], test: (item: T) => boolean): [T[], T[]] {
  return [items.filter(test), items.filter((item) => !test(item))];
}
