import { sql } from 'kysely';
import { createIndex, engineMigration } from './ddl';

/** The first schema. Every list query of the API has an index that matches its filter and order. */
export const initialMigration = engineMigration(async (db, { timestamp, bool, falseDefault }) => {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('photo_url', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.check(sql`role in ('buyer', 'seller', 'admin')`))
    .addColumn('is_verified', bool, (c) => c.notNull().defaultTo(falseDefault))
    .addColumn('is_email_verified', bool, (c) => c.notNull().defaultTo(falseDefault))
    .addColumn('google_sub', 'text', (c) => c.unique())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await createIndex(db, 'users_role_created', 'users', ['role', 'created_at', 'id']);

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .execute();
  await createIndex(db, 'sessions_user', 'sessions', ['user_id']);

  await db.schema
    .createTable('login_failures')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('category_name', 'text', (c) => c.notNull().unique())
    .addColumn('category_img', 'text', (c) => c.notNull())
    .addColumn('category_desc', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await createIndex(db, 'uploads_owner', 'uploads', ['owner_id']);

  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seller_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('category_id', 'text', (c) => c.notNull().references('categories.id'))
    .addColumn('image_id', 'text', (c) => c.notNull().references('uploads.id'))
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('original_price', 'integer', (c) => c.notNull())
    .addColumn('resale_price', 'integer', (c) => c.notNull())
    .addColumn('year_of_purchase', 'integer', (c) => c.notNull())
    .addColumn('product_condition', 'text', (c) =>
      c.notNull().check(sql`product_condition in ('Exellent', 'Good', 'Fair')`),
    )
    .addColumn('seller_mobile', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('is_sold', bool, (c) => c.notNull().defaultTo(falseDefault))
    .addColumn('is_advertised', bool, (c) => c.notNull().defaultTo(falseDefault))
    .addColumn('posted_at', timestamp, (c) => c.notNull())
    .execute();
  await createIndex(db, 'products_category_posted', 'products', ['category_id', 'is_sold', 'posted_at', 'id']);
  await createIndex(db, 'products_advertised_posted', 'products', ['is_advertised', 'is_sold', 'posted_at', 'id']);
  await createIndex(db, 'products_sold_posted', 'products', ['is_sold', 'posted_at', 'id']);
  await createIndex(db, 'products_seller_posted', 'products', ['seller_id', 'posted_at', 'id']);
  await createIndex(db, 'products_image', 'products', ['image_id']);

  await db.schema
    .createTable('bookings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('buyer_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('product_id', 'text', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('product_price', 'integer', (c) => c.notNull())
    .addColumn('product_img', 'text', (c) => c.notNull())
    .addColumn('category_name', 'text', (c) => c.notNull())
    .addColumn('buyer_name', 'text', (c) => c.notNull())
    .addColumn('buyer_email', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('meet_location', 'text', (c) => c.notNull())
    .addColumn('booked_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('bookings_one_per_buyer_and_product', ['buyer_id', 'product_id'])
    .execute();
  await createIndex(db, 'bookings_buyer_booked', 'bookings', ['buyer_id', 'booked_at', 'id']);
  await createIndex(db, 'bookings_product', 'bookings', ['product_id']);

  await db.schema
    .createTable('verification_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('requested_at', timestamp, (c) => c.notNull())
    .execute();
  await createIndex(db, 'verification_requests_requested', 'verification_requests', ['requested_at', 'id']);

  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('reporter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reported_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('reports_one_per_user_and_product', ['product_id', 'reporter_id'])
    .execute();
  await createIndex(db, 'reports_reported', 'reports', ['reported_at', 'id']);
  await createIndex(db, 'reports_reporter', 'reports', ['reporter_id']);
});
