import { expect, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './settings';

/*
 * The pseudo-locale check (docs/i18n.md): with the pseudo cookie, every catalog message (and every
 * formatted price, number and date) shows inside ⟦ ⟧ (src/client/i18n/pseudo.ts, which the browser
 * tests cannot import: it is client code). Text left outside the marks did not come from a catalog.
 * Seller- or buyer-written text is exempt where the screen marks it: `translate="no"` or
 * `data-user-text` on the element that shows it.
 */
const PSEUDO_COOKIE = 'i18n-pseudo';

/** Shows every page this browser opens from now on in the pseudo-locale (call before page.goto). */
export async function usePseudoLocale(page: Page): Promise<void> {
  await page.context().addCookies([{ name: PSEUDO_COOKIE, value: '1', url: E2E_BASE_URL }]);
}

/** The visible texts and attributes of the page (exempt elements left out) that are not inside ⟦ ⟧. */
function untranslatedTexts(): string[] {
  const EXEMPT = '[translate="no"], [data-user-text], script, style, noscript, template';
  const ATTRIBUTES = ['placeholder', 'aria-label', 'alt', 'title'];
  const hasWords = (text: string) => /\p{L}/u.test(text);
  const outsideMarks = (text: string) => {
    let rest = text;
    for (let previous = ''; previous !== rest;) {
      previous = rest;
      rest = rest.replace(/⟦[^⟦⟧]*⟧/gu, '\uE001');
    }
    return rest
      .split(/[\uE000\uE001⟦⟧\n]/u)
      .map((part) => part.trim())
      .filter(hasWords);
  };
  const visible = (element: Element) =>
    !element.closest(EXEMPT) && (element as HTMLElement).checkVisibility?.({ visibilityProperty: true }) !== false;

  // The page's text in document order, one piece per text node, so a message split by markup
  // (rich text) still has its two marks in the same string.
  const pieces: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent && visible(parent) && node.textContent) pieces.push(node.textContent);
  }
  const found = outsideMarks(pieces.join('\uE000'));
  for (const element of document.body.querySelectorAll('*')) {
    if (!visible(element)) continue;
    for (const name of ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value) found.push(...outsideMarks(value).map((text) => `[${name}] ${text}`));
    }
  }
  return [...new Set(found)];
}

/**
 * Fails listing every visible text of the page that is not from a catalog. The page must have been
 * opened in the pseudo-locale (usePseudoLocale).
 */
export async function expectAllTranslated(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => document.documentElement.dataset.pseudo !== undefined),
    'the page is shown in the pseudo-locale: call usePseudoLocale(page) before opening it',
  ).toBe(true);
  expect(await page.evaluate(untranslatedTexts), 'text on the page that is not from a message catalog').toEqual([]);
}
