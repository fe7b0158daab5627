import type { Page } from '@playwright/test';
import { paths } from '#shared/paths';
import { expect, test } from './support/fixtures';

/*
 * Bangla text is drawn with the Bengali web font on every screen, phone and desktop (issue 24,
 * docs/i18n.md): a Bengali character drawn with another font is an empty box here, where the
 * system has no Bengali font, as on many phones and PCs. Chromium tells the fonts it drew each
 * element's text with (the DevTools protocol's CSS.getPlatformFontsForNode).
 */

const SIZES = [
  ['phone', { width: 360, height: 740 }],
  ['desktop', { width: 1280, height: 800 }],
] as const;
const BENGALI = /[\u0980-\u09FF]/u;
const PROBE = 'data-font-probe';

/**
 * The visible elements whose own text has Bengali, each with its text and how many characters of its
 * whole text (Chromium counts the glyphs of its children's text too) are not Bengali.
 */
async function markBanglaElements(page: Page): Promise<Array<{ text: string; otherCharacters: number }>> {
  return page.evaluate(
    ({ probe, bengali }) => {
      const pattern = new RegExp(bengali, 'u');
      const found: Array<{ text: string; otherCharacters: number }> = [];
      for (const element of Array.from(document.querySelectorAll('body *'))) {
        const text = Array.from(element.childNodes)
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .map((node) => node.textContent ?? '')
          .join('');
        if (!pattern.test(text) || element.getBoundingClientRect().width === 0) continue;
        element.setAttribute(probe, String(found.length));
        const whole = [...(element.textContent ?? '')];
        found.push({ text, otherCharacters: whole.filter((character) => !pattern.test(character)).length });
      }
      return found;
    },
    { probe: PROBE, bengali: BENGALI.source },
  );
}

/** The Bangla texts on the page drawn, even in part, with a font other than the web font. */
async function banglaInOtherFonts(page: Page): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready);
  const elements = await markBanglaElements(page);
  expect(elements.length).toBeGreaterThan(0);
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: `[${PROBE}]` });
    const wrong: string[] = [];
    for (const nodeId of nodeIds) {
      const { attributes } = await cdp.send('DOM.getAttributes', { nodeId });
      const element = elements[Number(attributes[attributes.indexOf(PROBE) + 1])]!;
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      const inOthers = fonts.filter((font) => !font.isCustomFont).reduce((sum, font) => sum + font.glyphCount, 0);
      if (inOthers > element.otherCharacters) {
        wrong.push(
          `${element.text.trim()} (${fonts.map((font) => `${font.familyName} ${font.glyphCount}`).join(', ')})`,
        );
      }
    }
    return wrong;
  } finally {
    await cdp.detach();
  }
}

async function expectBanglaDrawnAndFitting(page: Page, width: number) {
  await expect(page.locator('html[data-ready]')).toHaveCount(1);
  expect(await banglaInOtherFonts(page)).toEqual([]);
  // Nothing wider than the window: no Bangla label pushes the page sideways on a 360 px phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const [size, viewport] of SIZES) {
  test(`every Bangla label is drawn with the Bengali font and fits (${size})`, async ({
    page,
    registerSeller,
    createListing,
    loginAs,
  }) => {
    test.slow();
    await page.setViewportSize(viewport);
    const seller = await registerSeller();
    const listing = await createListing(seller);
    for (const address of ['/bn/', `/bn${paths.product(listing._id)}`, `/bn${paths.search}?q=iphone`]) {
      await page.goto(address);
      await expectBanglaDrawnAndFitting(page, viewport.width);
    }
    await loginAs(page, seller);
    await page.context().addCookies([{ name: 'lang', value: 'bn', url: page.url() }]);
    await page.goto(paths.addProduct);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ফোন যোগ করুন');
    await expectBanglaDrawnAndFitting(page, viewport.width);
  });
}
