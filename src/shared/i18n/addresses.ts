import { paths } from '../paths';
import { isLocale, type Locale } from './locales';

/*
 * The language in a public page's address (docs/i18n.md): `/bn/...` and `/en/...` are the canonical
 * addresses of the public pages; the spec's addresses without a prefix show the visitor's chosen
 * language. Private pages (the dashboard) have no prefix and follow the choice.
 */

/** The digits cookie: `latn` when the person chose Latin digits on Bangla pages. */
export const DIGITS_COOKIE = 'digits';
export const LATIN_DIGITS = 'latn';

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
