import type { Catalog } from './catalogFiles';

/*
 * The pseudo-locale, for tests: every message (and every formatted number, price and date) shows
 * inside ⟦ ⟧, so a browser test can list any visible text that did not come from a catalog
 * (tests/e2e/support/translated.ts). A browser opts in with the PSEUDO_COOKIE; the server then
 * leaves the page to the browser (no rendered page), which renders it in the pseudo-locale.
 */
export const PSEUDO_COOKIE = 'i18n-pseudo';
export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

export const pseudoText = (text: string): string => `${PSEUDO_OPEN}${text}${PSEUDO_CLOSE}`;

/** The English catalog with each message marked (the ICU syntax inside stays as it is). */
export const pseudoCatalog = (english: Catalog): Catalog =>
  Object.fromEntries(Object.entries(english).map(([id, message]) => [id, pseudoText(message)]));

export const pseudoRequested = (cookieHeader: string): boolean =>
  cookieHeader.split(';').some((part) => part.trim() === `${PSEUDO_COOKIE}=1`);
