import { pathInLocale, splitLocalePath, isPublicPath, type PageLanguage } from '#shared/i18n/addresses';
import { LATIN_DIGITS } from '#shared/i18n/addresses';
import { LOCALES } from '#shared/i18n/locales';
import type { PageMeta } from '#shared/page-meta';
import { headTags } from './page-head';

/*
 * A page's language in the HTML the server sends: `<html lang>` (and the digits chosen, which the
 * browser reads as it starts: src/client/i18n/pageSetup.ts), and for a public page its address in
 * each language for search engines: the canonical one in the page's language, an alternate per
 * language, and the spec's unprefixed address as the x-default.
 */

const HTML_TAG = /<html lang="[^"]*"/;

export const withLanguage = (html: string, { locale, latinDigits }: PageLanguage): string =>
  html.replace(HTML_TAG, `<html lang="${locale}"${latinDigits ? ` data-digits="${LATIN_DIGITS}"` : ''}`);

const alternate = (hreflang: string, path: string, publicUrl: string) =>
  `<link rel="alternate" hreflang="${hreflang}" href="${new URL(path, publicUrl).href.replace(/"/g, '&quot;')}">`;

/**
 * The head of a page (headTags) with its canonical address and, on the page at that address, the
 * alternates in every language. The spec's unprefixed address (the x-default, shown in the visitor's
 * language) names its language's address as canonical and lists no alternates: alternates belong
 * on the canonical pages, and listed on a page whose canonical is another of them they contradict
 * it (search engines then trust neither; Lighthouse's canonical audit fails).
 */
export function languageHead(meta: PageMeta, path: string, publicUrl: string, { locale }: PageLanguage): string {
  const { locale: prefix, path: bare } = splitLocalePath(path);
  if (!isPublicPath(bare)) return headTags(meta, path, publicUrl);
  const head = headTags(meta, pathInLocale(locale, bare), publicUrl);
  if (!prefix) return head;
  const alternates = [
    ...LOCALES.map((each) => alternate(each, pathInLocale(each, bare), publicUrl)),
    alternate('x-default', bare, publicUrl),
  ];
  return head + alternates.join('');
}
