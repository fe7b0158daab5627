import type { MessageFormatElement } from 'react-intl';
import type { Locale } from '#shared/i18n/locales';

/**
 * One language's messages: `{ "<area>.<screen>.<thing>": "ICU message" }`, as text or, in the built
 * app, already parsed (vite.config.ts, precompiledMessages).
 */
export type Catalog = Record<string, string> | Record<string, MessageFormatElement[]>;

/** The catalog files of one language, by file name, as one catalog (keys are prefixed by area, so none collide). */
export const mergeCatalogs = (files: Record<string, Catalog>): Catalog => Object.assign({}, ...Object.values(files));

/**
 * One language's catalog, loaded on its own: a page's JavaScript carries only the language it shows
 * (the build makes each of these a chunk).
 */
export async function loadCatalog(locale: Locale): Promise<Catalog> {
  switch (locale) {
    case 'en':
      return (await import('./catalog.en')).default;
    case 'bn':
      return (await import('./catalog.bn')).default;
  }
}
