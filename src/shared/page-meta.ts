import type { Category } from './categories';
import { sayLocation } from './districts';
import { formatPrice, type MessageValues, type SharedMessageId } from './i18n/message-text';
import type { Locale } from './i18n/locales';
import type { Product } from './products';
import type { SellerProfile } from './reviews';

/*
 * Each page's title and description, and what a shared link to a product shows (Open Graph, Twitter
 * card, schema.org). The browser sets them as it moves between pages (src/client/pageMeta.ts); the
 * server writes them into the head of the pages it renders, where crawlers and link previews
 * (Facebook, WhatsApp) read them (src/server/pages/page-head.ts). They are in the page's language
 * (`shared.meta.*` in src/shared/locales); seller-written names and descriptions stay as written.
 * Each side brings its own `text`: the browser its page's one catalog (react-intl), the server the
 * shared translator, so the browser's first download holds no catalog for this.
 */

export const SITE_NAME = 'PhoneHaat';
/** ISO 4217: what "Tk" is to machines reading the page. */
export const CURRENCY_CODE = 'BDT';

export interface PageMeta {
  title: string;
  description: string;
  /** A product page: the link preview shows its photo, name and price, and search engines its offer. */
  product?: Product;
}

const DESCRIPTION_LENGTH = 160;

/** Whitespace folded, and cut at a word within the length search results show. */
function shortened(text: string, length = DESCRIPTION_LENGTH): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  if (folded.length <= length) return folded;
  const cut = folded.slice(0, length - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), length / 2)).replace(/[\s,.;:]+$/, '')}…`;
}

const titled = (page: string) => `${page} | ${SITE_NAME}`;

/** A shared message in the page's language. */
export type MetaText = (id: SharedMessageId, values?: MessageValues) => string;
/** The page's language, and its messages. */
export interface MetaLanguage {
  locale: Locale;
  text: MetaText;
}

/** A page whose title and description are fixed texts of the catalog. */
const fixedPage =
  (page: string) =>
  ({ text }: MetaLanguage): PageMeta => ({
    title: titled(text(`shared.meta.${page}.title` as SharedMessageId)),
    description: text(`shared.meta.${page}.description` as SharedMessageId),
  });

export const pageMeta = {
  home: ({ text }: MetaLanguage): PageMeta => ({
    title: text('shared.meta.home.title'),
    description: text('shared.meta.home.description'),
  }),
  category: ({ locale, text }: MetaLanguage, category: Category): PageMeta => {
    const bangla = locale === 'bn';
    const name = (bangla && category.nameBn) || category.category_name;
    return {
      title: titled(text('shared.meta.category.title', { name })),
      description: shortened((bangla && category.descriptionBn) || category.category_desc),
    };
  },
  product: ({ locale, text }: MetaLanguage, product: Product): PageMeta => {
    const price = formatPrice(locale, product.resalePrice);
    return {
      title: titled(text('shared.meta.product.title', { name: product.productName, price })),
      description: shortened(
        text('shared.meta.product.description', {
          condition: text(`shared.condition.${product.productCondition}` as SharedMessageId),
          name: product.productName,
          brand: product.brand,
          price,
          location: sayLocation(product.location, text),
          description: product.description,
        }),
      ),
      product,
    };
  },
  seller: ({ text }: MetaLanguage, seller: SellerProfile): PageMeta => {
    return {
      title: titled(text('shared.meta.seller.title', { name: seller.name })),
      description: seller.averages
        ? text('shared.meta.seller.description', {
            name: seller.name,
            sold: seller.soldDeals,
            reviews: seller.reviewCount,
          })
        : text('shared.meta.seller.descriptionNew', { name: seller.name }),
    };
  },
  search: (language: MetaLanguage, words: string): PageMeta => {
    const { text } = language;
    if (!words) return fixedPage('searchAll')(language);
    const short = shortened(words, 60);
    return {
      title: titled(text('shared.meta.search.title', { words: short })),
      description: text('shared.meta.search.description', { words: short }),
    };
  },
  login: fixedPage('login'),
  register: fixedPage('register'),
  blog: fixedPage('blog'),
  faq: fixedPage('faq'),
  privacy: fixedPage('privacy'),
  terms: fixedPage('terms'),
  forgotPassword: fixedPage('forgotPassword'),
  resetPassword: fixedPage('resetPassword'),
  verifyEmail: fixedPage('verifyEmail'),
  unsubscribe: fixedPage('unsubscribe'),
  appeal: fixedPage('appeal'),
  dashboard: fixedPage('dashboard'),
  notFound: fixedPage('notFound'),
};
