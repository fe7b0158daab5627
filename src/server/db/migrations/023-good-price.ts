import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection';
import { engineTypes } from './ddl';

/**
 * `search_listings.is_good_price`: the listing asks less than the lower end of the middle half of
 * its model and condition's fair price (the product page's "Good price" chip), so the search can
 * filter by it. Housekeeping sets it again after each fair price computation; a listing written
 * between two reads the fair price kept then. Rows of before are marked here from the fair prices
 * already computed.
 */
export function goodPriceMigration(engine: Engine) {
  const { bool } = engineTypes(engine);
  const falseValue = engine === 'postgres' ? sql`false` : sql`0`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('search_listings')
        .addColumn('is_good_price', bool, (c) => c.notNull().defaultTo(falseValue))
        .execute();
      await sql`update search_listings set is_good_price = ${sql.raw(engine === 'postgres' ? 'true' : '1')}
        where exists (select 1 from fair_prices f where f.model_key = search_listings.text_name
          and f.condition = search_listings.condition and search_listings.price < f.low)`.execute(db);
    },
  };
}
