import type { Locale } from '#shared/i18n/locales';
import { intlTag } from './intlTag';
import { pseudoText } from './pseudo';
import { formatPrice } from '#shared/i18n/message-text';

/** How numbers, prices and dates read in one language (useFormat gives the page's). */
export interface Formatters {
  price(amount: number): string;
  number(n: number): string;
  date(value: string | Date): string;
  dateTime(value: string | Date): string;
  relative(value: string | Date): string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "just now", "5 min ago", "3 h ago", "2 days ago", then the date: the client's English wording of
 * how long ago, kept as it was.
 */
function englishAgo(ago: number): string {
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  const days = Math.floor(ago / DAY);
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}

/** The same steps in Bangla through Intl: "এইমাত্র", "৫ মিনিট আগে", "৩ ঘণ্টা আগে", "২ দিন আগে". */
function intlAgo(relative: Intl.RelativeTimeFormat, ago: number): string {
  if (ago < MINUTE) return relative.format(0, 'second');
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return relative.format(-Math.floor(ago / HOUR), 'hour');
  return relative.format(-Math.floor(ago / DAY), 'day');
}

const asDate = (value: string | Date): Date => (typeof value === 'string' ? new Date(value) : value);

/**
 * The formatters of a language. English prices stay the spec's `52000Tk` (its texts print
 * `{resalePrice}Tk`, and its client and tests read them so); Bangla ones are `৫২,০০০ টাকা`, grouped
 * by lakh, in Bengali digits unless the person chose Latin ones.
 */
export function formatters(locale: Locale, latinDigits: boolean, pseudo = false, now = () => Date.now()): Formatters {
  const tag = intlTag(locale, latinDigits);
  const numbers = new Intl.NumberFormat(tag, { maximumFractionDigits: 0 });
  const dates = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', year: 'numeric' });
  const dateTimes = new Intl.DateTimeFormat(tag, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  const relativeTimes = new Intl.RelativeTimeFormat(tag, { numeric: 'auto' });
  const mark = pseudo ? pseudoText : (text: string) => text;
  const date = (value: string | Date) => mark(dates.format(asDate(value)));

  return {
    price: (amount) => mark(formatPrice(locale, amount, latinDigits)),
    number: (n) => mark(numbers.format(n)),
    date,
    dateTime: (value) => mark(dateTimes.format(asDate(value))),
    relative: (value) => {
      const ago = now() - asDate(value).getTime();
      if (ago >= 7 * DAY) return date(value);
      return mark(locale === 'en' ? englishAgo(ago) : intlAgo(relativeTimes, ago));
    },
  };
}

/**
 * The formatters of a page's language, made once per language, digits and pseudo-locale (at most
 * eight): each set builds four Intl formatters (2.3 ms for Bangla, 1.1 ms for English, in Node on
 * the busy shared host), and every card and row that shows a price or a date asked for a set of its
 * own as it first rendered, in the hydration's main-thread time.
 */
const made = new Map<string, Formatters>();

export function formattersOf(locale: Locale, latinDigits: boolean, pseudo: boolean): Formatters {
  const key = `${locale} ${latinDigits} ${pseudo}`;
  let found = made.get(key);
  if (!found) {
    found = formatters(locale, latinDigits, pseudo);
    made.set(key, found);
  }
  return found;
}
