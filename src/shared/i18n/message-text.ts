import type en from '../locales/en.json';
import type { Locale } from './locales';

/*
 * Messages as plain strings, and prices, without any catalog: what the browser's first screen needs
 * (docs/i18n.md, "Only one language in a page's JavaScript"). The catalogs and the translator over
 * them are `./translate`, which the server and the tests use.
 */

export type MessageValues = Readonly<Record<string, string | number>>;
export type SharedMessageId = keyof typeof en;

/**
 * A schema or API message is a plain string, so a message with values travels as its id, a space
 * and its values as JSON (`shared.price.min {"min":"100"}`); `messageText` writes one and
 * `readMessageText` reads it back. Anything else is a text of its own, shown as it is.
 */
export const messageText = (id: SharedMessageId, values?: MessageValues): string =>
  values ? `${id} ${JSON.stringify(values)}` : id;

const MESSAGE_TEXT = /^((?:shared|server)\.[\w.-]+)(?: (\{.*\}))?$/s;

export function readMessageText(text: string): { id: string; values?: MessageValues } | undefined {
  const match = MESSAGE_TEXT.exec(text);
  if (!match) return undefined;
  if (!match[2]) return { id: match[1]! };
  try {
    const values: unknown = JSON.parse(match[2]);
    return values && typeof values === 'object' ? { id: match[1]!, values: values as MessageValues } : undefined;
  } catch {
    return undefined;
  }
}

const bengaliBangla = new Intl.NumberFormat('bn-BD', { maximumFractionDigits: 0 });
const latinBangla = new Intl.NumberFormat('bn-BD', { maximumFractionDigits: 0, numberingSystem: 'latn' });

/**
 * A price as PhoneHaat writes it, the one formatter of the client and the mails: English keeps
 * the spec's `52000Tk`; Bangla groups the lakh way (`৫২,০০০ টাকা`, `১,২৫,০০০ টাকা`) in Bengali
 * digits, or Latin ones for a person who chose them.
 */
export function formatPrice(locale: Locale, amount: number, latinDigits = false): string {
  if (locale === 'en') return `${amount}Tk`;
  return `${(latinDigits ? latinBangla : bengaliBangla).format(amount)} টাকা`;
}

/** A message's value named `price` or `…Price` (`minPrice`, `lowPrice`) is an amount of Tk. */
const PRICE_VALUE = /^price$|Price$/;

/**
 * A message's values with each amount of Tk written by `price` (the reader's formatPrice): the
 * translators pass every message's values through here, so a message says `{price}`, never
 * `{price, number} Tk`, and one formatter writes every price a person reads.
 */
export function withPrices<V>(
  values: Readonly<Record<string, V>> | undefined,
  price: (amount: number) => string,
): Record<string, V | string> | undefined {
  if (!values) return values;
  let written: Record<string, V | string> | undefined;
  for (const [key, value] of Object.entries(values)) {
    if (typeof value !== 'number' || !PRICE_VALUE.test(key)) continue;
    written ??= { ...values };
    written[key] = price(value);
  }
  return written ?? values;
}
