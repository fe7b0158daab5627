import { sql } from 'kysely';
import { addColumns, engineMigration } from './ddl';

/**
 * `search_listings.is_good_price`: the listing asks less than the lower end of the middle half of
 * its model and condition's fair price (the product page's "Good price" chip), so the search can
 * filter by it. Housekeeping sets it again after each fair price computation; a listing written
 * between two reads the fair price kept then. Rows of before are marked here from the fair prices
 * already computed.
 */
export const goodPriceMigration = engineMigration(async (db, { bool, offByDefault, trueDefault }) => {
  await addColumns(db, 'search_listings', [['is_good_price', bool, offByDefault]]);
  await sql`update search_listings set is_good_price = ${trueDefault}
    where exists (select 1 from fair_prices f where f.model_key = search_listings.text_name
      and f.condition = search_listings.condition and search_listings.price < f.low)`.execute(db);
});
