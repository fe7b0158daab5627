import type { Category } from './categories';
import { CURRENCY } from './messages';
import type { Product } from './products';
import type { SellerProfile } from './reviews';

/*
 * Each page's title and description, and what a shared link to a product shows (Open Graph, Twitter
 * card, schema.org). The browser sets them as it moves between pages (src/client/pageMeta.ts); the
 * server writes them into the head of the pages it renders, where crawlers and link previews
 * (Facebook, WhatsApp) read them (src/server/pages/page-head.ts).
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

export const pageMeta = {
  home: (): PageMeta => ({
    title: `${SITE_NAME}: used phones you can trust`,
    description: 'PhoneHaat: buy and sell used mobile phones in Bangladesh from verified sellers, with prices in Tk.',
  }),
  category: (category: Category): PageMeta => ({
    title: titled(`Used ${category.category_name} phones`),
    description: shortened(category.category_desc),
  }),
  product: (product: Product): PageMeta => ({
    title: titled(`${product.productName}, ${product.resalePrice}${CURRENCY}`),
    description: shortened(
      `${product.productCondition} ${product.productName} by ${product.brand} for ${product.resalePrice}${CURRENCY} in ${product.location}. ${product.description}`,
    ),
    product,
  }),
  seller: (seller: SellerProfile): PageMeta => ({
    title: titled(`${seller.name}, seller`),
    description: seller.averages
      ? `${seller.name} on PhoneHaat: ${seller.soldDeals} phones sold, ${seller.reviewCount} reviews by buyers, and their used phones for sale.`
      : `${seller.name} on PhoneHaat: used phones for sale in Bangladesh. No reviews yet.`,
  }),
  search: (words: string): PageMeta =>
    words
      ? {
          title: titled(`“${shortened(words, 60)}”: used phones`),
          description: `Used phones for “${shortened(words, 60)}” in Bangladesh, with prices in Tk: filter by brand, price, condition and district.`,
        }
      : {
          title: titled('All phones'),
          description: 'Every used phone on sale on PhoneHaat: filter by brand, price, condition and district.',
        },
  login: (): PageMeta => ({
    title: titled('Login'),
    description: 'Log in to PhoneHaat to book a used phone, or to sell yours.',
  }),
  register: (): PageMeta => ({
    title: titled('Register'),
    description: 'Open a PhoneHaat account to book used phones from sellers across Bangladesh, or to sell yours.',
  }),
  blog: (): PageMeta => ({
    title: titled('Web Blogs'),
    description:
      'Short answers on React state management, prototypal inheritance, unit testing, and React, Angular or Vue.',
  }),
  faq: (): PageMeta => ({
    title: titled('F.A.Q'),
    description: 'How buying and selling a used phone on PhoneHaat works, from booking to meeting and paying.',
  }),
  privacy: (): PageMeta => ({
    title: titled('Privacy Policy'),
    description: 'What PhoneHaat keeps about you, why, who sees it, and how to have it deleted.',
  }),
  terms: (): PageMeta => ({
    title: titled('Terms & Conditions'),
    description: 'The rules for buying and selling on PhoneHaat, and what happens when they are broken.',
  }),
  forgotPassword: (): PageMeta => ({
    title: titled('Forgot your password?'),
    description: 'Get a link by mail to choose a new PhoneHaat password.',
  }),
  resetPassword: (): PageMeta => ({
    title: titled('Choose a new password'),
    description: 'Choose a new password for your PhoneHaat account.',
  }),
  verifyEmail: (): PageMeta => ({
    title: titled('Verify your email'),
    description: 'Confirm the email address of your PhoneHaat account.',
  }),
  unsubscribe: (): PageMeta => ({
    title: titled('Stop these mails'),
    description: 'Choose which PhoneHaat notifications reach you by mail.',
  }),
  appeal: (): PageMeta => ({
    title: titled('Appeal your suspension'),
    description: 'Appeal the suspension of your PhoneHaat account, from the link in its mail.',
  }),
  dashboard: (): PageMeta => ({
    title: titled('Dashboard'),
    description: 'Your PhoneHaat listings, bookings and orders.',
  }),
  notFound: (): PageMeta => ({
    title: titled('Page not found'),
    description: 'This page does not exist on PhoneHaat.',
  }),
};
