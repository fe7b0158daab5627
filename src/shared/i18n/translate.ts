import { IntlMessageFormat } from 'intl-messageformat';
import bn from '../locales/bn.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import { DEFAULT_LOCALE, type Locale } from './locales';
import { formatPrice, readMessageText, withPrices, type MessageValues } from './message-text';

export {
  formatPrice,
  messageText,
  readMessageText,
  withPrices,
  type MessageValues,
  type SharedMessageId,
} from './message-text';

/*
 * Messages outside React: the shared schemas' messages, the API's error messages, and (through
 * `createTranslator` with the server's own catalogs) mails, notifications and pushes. Each catalog
 * is a flat `{ id: ICU message }` object per language.
 */

export type Catalog = Readonly<Record<string, string>>;
export type Catalogs = Readonly<Record<Locale, Catalog>>;
/** `latinDigits`: numbers in a Bangla message in Latin digits, for a person who chose them. */
export type Translate = (locale: Locale, id: string, values?: MessageValues, latinDigits?: boolean) => string;

/** Parsed messages kept at most; the catalogs are far smaller, so in practice each is parsed once. */
const MAX_PARSED = 2000;

/** A translator over `catalogs`: an id missing in `locale` falls back to English, then to the id itself. */
export function createTranslator(catalogs: Catalogs): Translate {
  const parsed = new Map<string, IntlMessageFormat>();
  const formatOf = (locale: Locale, id: string, latinDigits: boolean): IntlMessageFormat | undefined => {
    const key = `${locale}${latinDigits ? '-latn' : ''}\u0000${id}`;
    const cached = parsed.get(key);
    if (cached) return cached;
    const source = catalogs[locale][id] ?? catalogs[DEFAULT_LOCALE][id];
    if (source === undefined) return undefined;
    const format = new IntlMessageFormat(source, locale === 'en' ? 'en' : latinDigits ? 'bn-BD-u-nu-latn' : 'bn-BD');
    if (parsed.size >= MAX_PARSED) parsed.delete(parsed.keys().next().value!);
    parsed.set(key, format);
    return format;
  };
  return (locale, id, values, latinDigits = false) => {
    const format = formatOf(locale, id, latinDigits);
    return format
      ? String(format.format(withPrices(values, (amount) => formatPrice(locale, amount, latinDigits))))
      : id;
  };
}

export const sharedCatalogs = { en, bn } satisfies Catalogs;

/** A message of `src/shared/locales` in `locale`. */
export const translate: Translate = createTranslator(sharedCatalogs);

/** A schema or API message in `locale`: a shared id (with its values) translated, any other text as it is. */
export function translateText(locale: Locale, text: string, translator: Translate = translate): string {
  const message = readMessageText(text);
  return message ? translator(locale, message.id, message.values) : text;
}
