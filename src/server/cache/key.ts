import type { IncomingHttpHeaders } from 'node:http';
import { pageLanguage, pseudoRequested } from '#shared/i18n/addresses';

/**
 * What a public answer is kept under. The API's answers are data, the same in every language (its
 * messages are errors, never kept), so their URL is enough. A page is rendered in a language (and
 * digits): its key names them, so a Bangla page is never sent to an English visitor. Undefined
 * when the request's answer must not be kept or served from the cache: the first visit that goes
 * to `/bn/`, and the test-only pseudo-locale.
 */
export function publicCacheKey(url: string, headers: IncomingHttpHeaders): string | undefined {
  if (url === '/api' || url.startsWith('/api/')) return url;
  if (pseudoRequested(headers.cookie)) return undefined;
  const language = pageLanguage(url.split('?')[0] ?? '/', headers.cookie, headers['accept-language']);
  return language && `${language.locale}${language.latinDigits ? '+latn' : ''} ${url}`;
}
