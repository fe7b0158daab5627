import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection';
import { createIndex } from './ddl';

/*
 * The search index: one row per phone a buyer can find (unsold, and, with hidden listings, shown),
 * holding the filter and sort columns and the text as the search tokenizer wrote it; the full-text
 * part is FTS5 on SQLite and a tsvector with a GIN index on PostgreSQL. `search_words` is the
 * vocabulary that misspelt query words are corrected against.
 */

/** Bengali signs (candrabindu to visarga, nukta, vowel signs, virama, au length mark, vocalic vowel signs) and the zero-width joiners. */
const BANGLA_TOKEN_CHARS =
  '\u0981\u0982\u0983\u09bc\u09be\u09bf\u09c0\u09c1\u09c2\u09c3\u09c4\u09c5\u09c6\u09c7\u09c8\u09c9\u09ca\u09cb\u09cc\u09cd\u09d7\u09e2\u09e3\u200c\u200d';

/** The statements SQLite's triggers run to keep the full-text index in step with its content table. */
export const ftsTriggerStatements = (() => {
  const columns = 'text_name, text_brand, text_location, text_description';
  const values = (row: string) => `${row}.text_name, ${row}.text_brand, ${row}.text_location, ${row}.text_description`;
  return {
    columns,
    remove: `insert into search_listings_fts (search_listings_fts, rowid, ${columns}) values ('delete', old.id, ${values('old')});`,
    add: `insert into search_listings_fts (rowid, ${columns}) values (new.id, ${values('new')});`,
  };
})();

export function searchMigration(engine: Engine) {
  const postgres = engine === 'postgres';
  const timestamp = postgres ? 'timestamptz' : 'text';
  const bool = postgres ? 'boolean' : 'integer';

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('search_listings')
        .addColumn('id', postgres ? 'bigserial' : 'integer', (c) => c.primaryKey())
        .addColumn('product_id', 'text', (c) => c.notNull().unique().references('products.id').onDelete('cascade'))
        .addColumn('seller_id', 'text', (c) => c.notNull())
        .addColumn('category_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('brand', 'text', (c) => c.notNull())
        .addColumn('brand_key', 'text', (c) => c.notNull())
        .addColumn('condition', 'text', (c) => c.notNull())
        .addColumn('price', 'integer', (c) => c.notNull())
        .addColumn('district', 'text')
        .addColumn('is_seller_verified', bool, (c) => c.notNull())
        .addColumn('posted_at', timestamp, (c) => c.notNull())
        .addColumn('text_name', 'text', (c) => c.notNull())
        .addColumn('text_brand', 'text', (c) => c.notNull())
        .addColumn('text_location', 'text', (c) => c.notNull())
        .addColumn('text_description', 'text', (c) => c.notNull())
        .$call((table) =>
          postgres
            ? table.addColumn('document', sql`tsvector`, (c) =>
                c
                  .generatedAlwaysAs(
                    sql`
                  setweight(to_tsvector('simple', text_name), 'A') ||
                  setweight(to_tsvector('simple', text_brand), 'A') ||
                  setweight(to_tsvector('simple', text_location), 'B') ||
                  setweight(to_tsvector('simple', text_description), 'C')`,
                  )
                  .stored(),
              )
            : table,
        )
        .execute();

      const index = (name: string, columns: string[]) =>
        createIndex(db, `search_listings_${name}`, 'search_listings', columns);
      await index('posted', ['posted_at', 'id']);
      await index('price', ['price', 'id']);
      await index('category_posted', ['category_id', 'posted_at', 'id']);
      await index('category_price', ['category_id', 'price', 'id']);
      await index('brand_posted', ['brand_key', 'posted_at', 'id']);
      await index('brand_price', ['brand_key', 'price', 'id']);
      await index('district_posted', ['district', 'posted_at', 'id']);
      await index('seller', ['seller_id']);
      // Facet counts read only this index, grouped in its order.
      await index('facets', [
        'category_id',
        'brand_key',
        'condition',
        'district',
        'is_seller_verified',
        'posted_at',
        'price',
        'brand',
      ]);

      if (postgres) {
        await sql`create index search_listings_document on search_listings using gin (document)`.execute(db);
      } else {
        await sql`create virtual table search_listings_fts using fts5(
          text_name, text_brand, text_location, text_description,
          content = 'search_listings', content_rowid = 'id',
          tokenize = ${sql.raw(`"unicode61 remove_diacritics 0 tokenchars '${BANGLA_TOKEN_CHARS}'"`)}
        )`.execute(db);
        // Name and brand count most, then the place, then the description.
        await sql`insert into search_listings_fts (search_listings_fts, rank) values ('rank', 'bm25(10.0, 10.0, 4.0, 1.0)')`.execute(
          db,
        );
        const { remove, add } = ftsTriggerStatements;
        await sql.raw(`create trigger search_listings_ai after insert on search_listings begin ${add} end`).execute(db);
        await sql
          .raw(`create trigger search_listings_ad after delete on search_listings begin ${remove} end`)
          .execute(db);
        await sql
          .raw(`create trigger search_listings_au after update on search_listings begin ${remove} ${add} end`)
          .execute(db);
      }

      await db.schema
        .createTable('search_words')
        .addColumn('word', postgres ? sql`text collate "C"` : 'text', (c) => c.primaryKey())
        .addColumn('head', 'text', (c) => c.notNull())
        .addColumn('length', 'integer', (c) => c.notNull())
        .addColumn('listings', 'integer', (c) => c.notNull())
        .execute();
      await createIndex(db, 'search_words_head_length', 'search_words', ['head', 'length']);
      // Left empty: start-up fills an empty index (start/setup.ts), with the search code of the day.
    },
  };
}
