import { DEFAULT_LOCALE, isLocale } from '#shared/i18n/locales';
import { LATIN_DIGITS } from '#shared/i18n/addresses';
import { jsonForScript } from '#shared/json-in-html';
import { loadCatalog, type Catalog } from './catalogFiles';
import type { I18nSetup } from './I18nProvider';
import { PSEUDO_COOKIE, pseudoCatalog } from './pseudo';

/** The script a rendered page carries its catalog in, so the browser shows it without loading another file first. */
export const CATALOG_SCRIPT_ID = 'i18n-catalog';

export const catalogScript = (catalog: Catalog): string =>
  `<script type="application/json" id="${CATALOG_SCRIPT_ID}">${jsonForScript(catalog)}</script>`;

/**
 * The language the server chose for this page (`<html lang data-digits>`, from its address or the
 * visitor's choice), and its catalog: the one the page carries, else loaded (its own chunk).
 */
export async function pageSetup(): Promise<I18nSetup> {
  const html = document.documentElement;
  const locale = isLocale(html.lang) ? html.lang : DEFAULT_LOCALE;
  const latinDigits = html.dataset.digits === LATIN_DIGITS;
  if (document.cookie.split(';').some((part) => part.trim() === `${PSEUDO_COOKIE}=1`))
    return { locale: 'en', latinDigits, catalog: pseudoCatalog(await loadCatalog('en')), pseudo: true };
  const inline = document.getElementById(CATALOG_SCRIPT_ID)?.textContent;
  const catalog = inline ? (JSON.parse(inline) as Catalog) : await loadCatalog(locale);
  return { locale, latinDigits, catalog };
}
