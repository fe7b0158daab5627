import type { MessageFormatElement } from 'react-intl';
import type { Catalog } from './catalogFiles';

/*
 * The pseudo-locale, for tests: every message (and every formatted number, price and date) shows
 * inside ⟦ ⟧, so a browser test can list any visible text that did not come from a catalog
 * (tests/e2e/support/translated.ts). A browser opts in with PSEUDO_COOKIE (#shared/i18n/addresses); the server then
 * leaves the page to the browser (no rendered page), which renders it in the pseudo-locale.
 */
export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

export const pseudoText = (text: string): string => `${PSEUDO_OPEN}${text}${PSEUDO_CLOSE}`;

/** Plain text in a parsed message (type 0 is the ICU parser's TYPE.literal, which react-intl does not export). */
const literal = (value: string) => ({ type: 0, value }) as MessageFormatElement;

/** The English catalog with each message marked (the ICU syntax, or its parsed tree, inside stays as it is). */
export const pseudoCatalog = (english: Catalog): Catalog =>
  Object.fromEntries(
    Object.entries(english).map(([id, message]) => [
      id,
      typeof message === 'string' ? pseudoText(message) : [literal(PSEUDO_OPEN), ...message, literal(PSEUDO_CLOSE)],
    ]),
    // Each message keeps its catalog's form: all text, or all parsed.
  ) as Catalog;
