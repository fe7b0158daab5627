import { jsonForScript } from '#shared/json-in-html';
import { CURRENCY_CODE, SITE_NAME, type PageMeta } from '#shared/page-meta';
import { CURRENCY } from '#shared/messages';
import type { Product } from '#shared/products';

/*
 * The head of a page rendered on the server: its own title and description, and for a link shared
 * on Facebook, WhatsApp or X the Open Graph and Twitter card tags (a product's photo, name and
 * price), with schema.org Product/Offer data for search engines. Link previews read only the HTML
 * the server sends, never what the scripts do later.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);

const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}">`;
const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}">`;

const SCHEMA = 'https://schema.org/';

function availabilityOf(product: Product): string {
  if (product.sellStatus) return `${SCHEMA}SoldOut`;
  return product.hidden ? `${SCHEMA}OutOfStock` : `${SCHEMA}InStock`;
}

/** schema.org's Product with its Offer: a used phone at its price in BDT, from its seller. */
function structuredData(product: Product, pageUrl: string, image: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.productName,
    description: product.description,
    image: [image],
    brand: { '@type': 'Brand', name: product.brand },
    category: product.categoryName,
    itemCondition: `${SCHEMA}UsedCondition`,
    offers: {
      '@type': 'Offer',
      url: pageUrl,
      price: String(product.resalePrice),
      priceCurrency: CURRENCY_CODE,
      availability: availabilityOf(product),
      itemCondition: `${SCHEMA}UsedCondition`,
      seller: { '@type': 'Person', name: product.sellerName },
    },
  };
}

function productTags(product: Product, pageUrl: string, publicUrl: string): string[] {
  // Previews fetch the photo from outside: an address on this server becomes absolute.
  const image = new URL(product.productImg, publicUrl).href;
  return [
    property('og:type', 'product'),
    property('og:image', image),
    property('og:image:alt', product.productName),
    property('product:price:amount', String(product.resalePrice)),
    property('product:price:currency', CURRENCY_CODE),
    named('twitter:card', 'summary_large_image'),
    named('twitter:image', image),
    named('twitter:image:alt', product.productName),
    `<script type="application/ld+json">${jsonForScript(structuredData(product, pageUrl, image))}</script>`,
  ];
}

/** What a link preview's headline says: a product's name and price, or the page's title. */
const shareTitle = ({ title, product }: PageMeta) =>
  product ? `${product.productName}, ${product.resalePrice}${CURRENCY}` : title;

/** The tags for the head of the page at `path` (no query: filters and pages share the page's address). */
export function headTags(meta: PageMeta, path: string, publicUrl: string): string {
  const pageUrl = new URL(path, publicUrl).href;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    named('description', meta.description),
    `<link rel="canonical" href="${escapeHtml(pageUrl)}">`,
    property('og:site_name', SITE_NAME),
    property('og:title', shareTitle(meta)),
    property('og:description', meta.description),
    property('og:url', pageUrl),
    named('twitter:title', shareTitle(meta)),
    named('twitter:description', meta.description),
    ...(meta.product
      ? productTags(meta.product, pageUrl, publicUrl)
      : [property('og:type', 'website'), named('twitter:card', 'summary')]),
  ];
  return tags.join('');
}

const TITLE = /<title>[^<]*<\/title>\s*/;
const DESCRIPTION = /<meta\s+name="description"[^>]*>\s*/;

/** index.html's own title and description taken out, for a page that brings its own. */
export const withoutDefaultHead = (html: string) => html.replace(TITLE, '').replace(DESCRIPTION, '');
