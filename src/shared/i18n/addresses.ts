import { paths } from '../paths';
import { DEFAULT_LOCALE, isLocale, LANG_COOKIE, negotiateLocale, type Locale } from './locales';

/*
 * The language in a public page's address (docs/i18n.md): `/bn/...` and `/en/...` are the canonical
 * addresses of the public pages; the spec's addresses without a prefix show the visitor's chosen
 * language. Private pages (the dashboard) have no prefix and follow the choice.
 */

/** The digits cookie: `latn` when the person chose Latin digits on Bangla pages. */
export const DIGITS_COOKIE = 'digits';
export const LATIN_DIGITS = 'latn';

/**
 * The test-only pseudo-locale (docs/i18n.md): a browser with this cookie is shown every message
 * marked, and gets no page rendered on the server (nor one kept for others).
 */
export const PSEUDO_COOKIE = 'i18n-pseudo';

/** One cookie's value from a Cookie header (the few this module reads: short, plain values). */
export function readCookie(cookieHeader: string | undefined, name: string): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

export const pseudoRequested = (cookieHeader: string | undefined): boolean =>
  readCookie(cookieHeader, PSEUDO_COOKIE) === '1';

/** The language a page is shown in, and whether its address says so (`/bn/...`). */
export interface PageLanguage {
  locale: Locale;
  latinDigits: boolean;
  addressed: boolean;
}

/**
 * The language of the page at `pathname`: its address's, else the visitor's choice (the `lang`
 * cookie), else English, as the spec's addresses always were. Undefined for a first visit to `/`
 * (no choice made) from a browser that prefers Bangla: that visit goes to `/bn/`.
 */
export function pageLanguage(
  pathname: string,
  cookieHeader: string | undefined,
  acceptLanguage: string | undefined,
): PageLanguage | undefined {
  const latinDigits = readCookie(cookieHeader, DIGITS_COOKIE) === LATIN_DIGITS;
  const inAddress = splitLocalePath(pathname).locale;
  if (inAddress) return { locale: inAddress, latinDigits, addressed: true };
  const chosen = readCookie(cookieHeader, LANG_COOKIE);
  if (isLocale(chosen)) return { locale: chosen, latinDigits, addressed: false };
  if (pathname === '/' && negotiateLocale(acceptLanguage) === 'bn') return undefined;
  return { locale: DEFAULT_LOCALE, latinDigits, addressed: false };
}

/** A path's language prefix, if any, and the path without it (`/bn/category/x` → bn, `/category/x`). */
export function splitLocalePath(pathname: string): { locale: Locale | undefined; path: string } {
  const match = /^\/([a-z]{2})(\/.*)?$/.exec(pathname);
  if (!match || !isLocale(match[1])) return { locale: undefined, path: pathname };
  return { locale: match[1], path: match[2] ?? '/' };
}

/** Whether a path (without prefix) is a public page, which has an address in each language. */
export const isPublicPath = (path: string): boolean =>
  !(path === paths.dashboard || path.startsWith(`${paths.dashboard}/`)) && !path.startsWith('/api/');

/** The address of a public page in `locale` (`/bn/category/x`); a private page's stays as it is. */
export function pathInLocale(locale: Locale, path: string): string {
  if (!path.startsWith('/') || !isPublicPath(path.split(/[?#]/)[0] ?? path)) return path;
  return `/${locale}${path}`;
}
