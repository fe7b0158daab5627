import type { Kysely } from 'kysely';
import { searchParamsOf, type AlertSearch } from '#shared/alerts';
import { englishSentence } from '#server/alerts/sentence';
import { MAX_PRICE } from '#shared/products';
import { paths } from '#shared/paths';
import { newId } from '#server/db/ids';
import type { AlertFrequency, Database } from '#server/db/schema';
import { modelKeyOf, replaceFairPrices } from '#server/fair-price/repository';
import { indexedText, wordsOf } from '#server/search/text';
import { CATEGORY_CATALOGUE } from './categories';

/*
 * The demo's saved searches with their matches, and enough past sales for fair prices on two
 * models (iPhone 12 in Exellent condition, Galaxy A52 in Good), so a first visitor sees both.
 */

const DAY = 24 * 3_600_000;

/**
 * Past sales: [model, condition, price, which seller, days ago]; three sellers each, so they count.
 * Seller 2 is one whose account has since gone (its sales stay, without the account).
 */
const DEMO_SALES: Array<[string, string, number, 0 | 1 | 2, number]> = [
  ['iPhone 12', 'Exellent', 40_000, 0, 70],
  ['iPhone 12', 'Exellent', 41_500, 1, 55],
  ['iPhone 12', 'Exellent', 42_000, 2, 41],
  ['iPhone 12', 'Exellent', 43_500, 0, 30],
  ['iPhone 12', 'Exellent', 44_000, 2, 12],
  ['iPhone 12', 'Exellent', 45_000, 1, 4],
  ['Galaxy A52', 'Good', 21_000, 2, 80],
  ['Galaxy A52', 'Good', 22_000, 0, 48],
  ['Galaxy A52', 'Good', 22_500, 1, 33],
  ['Galaxy A52', 'Good', 23_000, 2, 20],
  ['Galaxy A52', 'Good', 24_000, 0, 6],
];

const categoryId = (name: string) => CATEGORY_CATALOGUE.find((c) => c.name === name)!.id;

/** The buyer's saved searches; their matches are the demo listings that pass them. */
const DEMO_ALERTS: Array<{ search: AlertSearch; frequency: AlertFrequency }> = [
  { search: { q: 'galaxy', maxPrice: 25_000 }, frequency: 'instant' },
  { search: { q: '', category: categoryId('Google Pixel'), condition: 'Fair' }, frequency: 'daily' },
];

interface DemoListingRow {
  id: string;
  product_name: string;
  brand: string;
  category_id: string;
  product_condition: string;
  resale_price: number;
  description: string;
  is_sold: boolean;
  is_hidden: boolean;
}

const passes = (search: AlertSearch, listing: DemoListingRow) => {
  const text = ` ${indexedText(`${listing.product_name} ${listing.brand} ${listing.description}`)} `;
  return (
    !listing.is_sold &&
    !listing.is_hidden &&
    wordsOf(search.q).every((word) => text.includes(` ${word} `)) &&
    (!search.category || search.category === listing.category_id) &&
    (!search.condition || search.condition === listing.product_condition) &&
    listing.resale_price <= (search.maxPrice ?? MAX_PRICE)
  );
};

export async function seedDemoAlertsAndSales(
  trx: Kysely<Database>,
  ids: { buyer: string; sellers: [string, string] },
  listings: DemoListingRow[],
  now: number,
): Promise<void> {
  await trx
    .insertInto('sales')
    .values(
      DEMO_SALES.map(([model, condition, price, seller, daysAgo]) => ({
        id: newId(now - daysAgo * DAY),
        product_id: null,
        seller_id: seller === 2 ? null : ids.sellers[seller],
        model_key: modelKeyOf(model),
        condition,
        price,
        sold_at: new Date(now - daysAgo * DAY).toISOString(),
      })),
    )
    .execute();

  for (const [index, { search, frequency }] of DEMO_ALERTS.entries()) {
    const createdAt = now - (10 - index) * DAY;
    const sentAt = new Date(now - 2 * 3_600_000).toISOString();
    const alertId = newId(createdAt);
    const category = CATEGORY_CATALOGUE.find((c) => c.id === search.category);
    const sentence = englishSentence(search, category?.name);
    await trx
      .insertInto('saved_alerts')
      .values({
        id: alertId,
        user_id: ids.buyer,
        search: searchParamsOf(search),
        sentence,
        words: JSON.stringify(wordsOf(search.q).map((word) => ({ word, prefix: false }))),
        category_id: search.category ?? '',
        brand_key: '',
        condition: search.condition ?? '',
        district: '',
        min_price: 0,
        max_price: search.maxPrice ?? MAX_PRICE,
        is_verified_only: false,
        frequency,
        created_at: new Date(createdAt).toISOString(),
        last_sent_at: sentAt,
      })
      .execute();
    const matched = listings.filter((listing) => passes(search, listing));
    if (matched.length === 0) continue;
    await trx
      .insertInto('alert_matches')
      .values(
        matched.map((listing) => ({
          id: newId(now - 3 * 3_600_000),
          alert_id: alertId,
          user_id: ids.buyer,
          product_id: listing.id,
          occasion: 'first' as const,
          price: listing.resale_price,
          matched_at: sentAt,
          delivered_at: sentAt,
        })),
      )
      .onConflict((oc) => oc.columns(['user_id', 'product_id', 'occasion']).doNothing())
      .execute();
    await trx
      .insertInto('notifications')
      .values({
        id: newId(now - 2 * 3_600_000),
        user_id: ids.buyer,
        kind: 'alert_match',
        message: `${matched.length} phones match your alert "${sentence}": ${matched
          .slice(0, 3)
          .map((listing) => `${listing.product_name} for ${listing.resale_price.toLocaleString('en-US')} Tk`)
          .join(', ')}.`,
        link: paths.myAlerts,
        created_at: sentAt,
      })
      .execute();
  }
  await replaceFairPrices(trx, new Date(now));
}
