import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, isLocale, LANG_COOKIE, negotiateLocale, type Locale } from '#shared/i18n/locales';

const LANG_IN_COOKIE_HEADER = new RegExp(`(?:^|;)\\s*${LANG_COOKIE}=([^;]*)`);

/**
 * The language a request is answered in: the `lang` cookie (the visitor's choice), else what the
 * browser's Accept-Language prefers, else English. Read from the raw header, so it also works for
 * refusals made before the cookie plugin has run.
 */
export function requestLocale(request: Pick<FastifyRequest, 'headers'>): Locale {
  const chosen = LANG_IN_COOKIE_HEADER.exec(request.headers.cookie ?? '')?.[1]?.trim();
  if (isLocale(chosen)) return chosen;
  return negotiateLocale(request.headers['accept-language']) ?? DEFAULT_LOCALE;
}
