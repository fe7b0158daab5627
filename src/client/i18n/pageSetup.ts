import { DEFAULT_LOCALE, isLocale, LANG_COOKIE, type Locale } from '#shared/i18n/locales';
import { LATIN_DIGITS, pseudoRequested, readCookie, splitLocalePath } from '#shared/i18n/addresses';
import { CATALOG_SCRIPT_ID } from '#shared/page-render';
import { loadCatalog, type Catalog } from './catalogFiles';
import type { I18nSetup } from './I18nProvider';
import { pseudoCatalog } from './pseudo';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * A page opened at its address in a language (`/bn/...`) makes that the browser's language, so the
 * pages without a prefix (the dashboard) follow the language one browses in.
 */
function rememberAddressed(locale: Locale): void {
  if (splitLocalePath(window.location.pathname).locale !== locale) return;
  if (readCookie(document.cookie, LANG_COOKIE) === locale) return;
  document.cookie = `${LANG_COOKIE}=${locale}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
}

/**
 * The whole catalog a rendered page names: fetched as the page's script starts, beside the hydration
 * that needs only the messages the page carries. Never a chunk: it is data, not the page's script.
 */
async function fetchCatalog(path: string): Promise<Catalog> {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as Catalog;
}

/**
 * The language the server chose for this page (`<html lang data-digits>`, from its address or the
 * visitor's choice), and its catalog: the messages a rendered page carries (and the rest, on its
 * way), else the whole catalog loaded (its own chunk).
 */
export async function pageSetup(): Promise<I18nSetup> {
  const html = document.documentElement;
  const locale = isLocale(html.lang) ? html.lang : DEFAULT_LOCALE;
  const latinDigits = html.dataset.digits === LATIN_DIGITS;
  if (pseudoRequested(document.cookie)) {
    html.dataset.pseudo = '';
    return { locale: 'en', latinDigits, catalog: pseudoCatalog(await loadCatalog('en')), pseudo: true };
  }
  rememberAddressed(locale);
  const script = document.getElementById(CATALOG_SCRIPT_ID);
  if (!script?.textContent) return { locale, latinDigits, catalog: await loadCatalog(locale) };
  const rest = script.dataset.rest;
  return {
    locale,
    latinDigits,
    catalog: JSON.parse(script.textContent) as Catalog,
    ...(rest ? { rest: fetchCatalog(rest) } : {}),
  };
}
