import { sql } from 'kysely';
import { addColumns, createIndex, createTable, engineMigration, ownedBy } from './ddl';

/**
 * Listings a seller can keep right: several photos in order (the first is the cover, kept in
 * `products.image_id` too so bookings and reports read it as before), a hidden flag that takes a
 * phone off sale, and the resale price before the last edit changed it. The public lists' indexes
 * gain `is_hidden` after `is_sold`, so lists of phones on sale stay index reads.
 */
export const listingsMigration = engineMigration(async (db, { timestamp, bool, offByDefault }) => {
  await addColumns(db, 'products', [
    ['is_hidden', bool, offByDefault],
    ['previous_resale_price', 'integer'],
    ['edited_at', timestamp],
  ]);

  await createTable(
    db,
    'product_photos',
    [
      ownedBy('product_id', 'products'),
      ['upload_id', 'text', (c) => c.notNull().references('uploads.id')],
      ['position', 'integer', (c) => c.notNull().check(sql`position >= 0 and position < 6`)],
    ],
    {
      primaryKey: ['product_photos_pk', ['product_id', 'position']],
      unique: ['product_photos_once', ['product_id', 'upload_id']],
    },
  );
  await createIndex(db, 'product_photos_upload', 'product_photos', ['upload_id']);
  await sql`insert into product_photos (product_id, upload_id, position) select id, image_id, 0 from products`.execute(
    db,
  );

  const onSale: Array<[name: string, columns: string[]]> = [
    ['products_category_posted', ['category_id', 'is_sold', 'is_hidden', 'posted_at', 'id']],
    ['products_advertised_posted', ['is_advertised', 'is_sold', 'is_hidden', 'posted_at', 'id']],
    ['products_sold_posted', ['is_sold', 'is_hidden', 'posted_at', 'id']],
  ];
  for (const [name, columns] of onSale) {
    await db.schema.dropIndex(name).execute();
    await createIndex(db, name, 'products', columns);
  }
});
