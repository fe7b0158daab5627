import { sql } from 'kysely';
import { createIndex, createTable, engineMigration, idColumn, linkTo, ownedBy, required } from './ddl';

/** The first schema. Every list query of the API has an index that matches its filter and order. */
export const initialMigration = engineMigration(async (db, { timestamp, bool, offByDefault }) => {
  await createTable(db, 'users', [
    idColumn,
    ['email', 'text', (c) => c.notNull().unique()],
    ['password_hash', 'text'],
    ...required('text', 'name', 'photo_url'),
    ['role', 'text', (c) => c.check(sql`role in ('buyer', 'seller', 'admin')`)],
    ['is_verified', bool, offByDefault],
    ['is_email_verified', bool, offByDefault],
    ['google_sub', 'text', (c) => c.unique()],
    ...required(timestamp, 'created_at'),
  ]);
  await createIndex(db, 'users_role_created', 'users', ['role', 'created_at', 'id']);

  await createTable(db, 'sessions', [
    idColumn,
    ownedBy('user_id', 'users'),
    ['token_hash', 'text', (c) => c.notNull().unique()],
    ...required(timestamp, 'created_at', 'expires_at'),
  ]);
  await createIndex(db, 'sessions_user', 'sessions', ['user_id']);

  await createTable(db, 'login_failures', [
    ['key', 'text', (c) => c.primaryKey()],
    ...required('integer', 'failures'),
    ...required(timestamp, 'window_started_at'),
  ]);

  await createTable(db, 'categories', [
    idColumn,
    ['category_name', 'text', (c) => c.notNull().unique()],
    ...required('text', 'category_img', 'category_desc'),
    ...required('integer', 'position'),
  ]);

  await createTable(db, 'uploads', [
    idColumn,
    ownedBy('owner_id', 'users'),
    ...required('integer', 'width', 'height'),
    ...required(timestamp, 'created_at'),
  ]);
  await createIndex(db, 'uploads_owner', 'uploads', ['owner_id']);

  await createTable(db, 'products', [
    idColumn,
    ownedBy('seller_id', 'users'),
    ['category_id', 'text', (c) => c.notNull().references('categories.id')],
    ['image_id', 'text', (c) => c.notNull().references('uploads.id')],
    ...required('text', 'product_name', 'brand'),
    ...required('integer', 'original_price', 'resale_price', 'year_of_purchase'),
    ['product_condition', 'text', (c) => c.notNull().check(sql`product_condition in ('Exellent', 'Good', 'Fair')`)],
    ...required('text', 'seller_mobile', 'location', 'description'),
    ['is_sold', bool, offByDefault],
    ['is_advertised', bool, offByDefault],
    ...required(timestamp, 'posted_at'),
  ]);
  await createIndex(db, 'products_category_posted', 'products', ['category_id', 'is_sold', 'posted_at', 'id']);
  await createIndex(db, 'products_advertised_posted', 'products', ['is_advertised', 'is_sold', 'posted_at', 'id']);
  await createIndex(db, 'products_sold_posted', 'products', ['is_sold', 'posted_at', 'id']);
  await createIndex(db, 'products_seller_posted', 'products', ['seller_id', 'posted_at', 'id']);
  await createIndex(db, 'products_image', 'products', ['image_id']);

  await createTable(
    db,
    'bookings',
    [
      idColumn,
      linkTo('buyer_id', 'users'),
      linkTo('product_id', 'products'),
      ...required('text', 'product_name'),
      ...required('integer', 'product_price'),
      ...required('text', 'product_img', 'category_name', 'buyer_name', 'buyer_email', 'phone_number', 'meet_location'),
      ...required(timestamp, 'booked_at'),
    ],
    { unique: ['bookings_one_per_buyer_and_product', ['buyer_id', 'product_id']] },
  );
  await createIndex(db, 'bookings_buyer_booked', 'bookings', ['buyer_id', 'booked_at', 'id']);
  await createIndex(db, 'bookings_product', 'bookings', ['product_id']);

  await createTable(db, 'verification_requests', [
    idColumn,
    ['user_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade')],
    ...required(timestamp, 'requested_at'),
  ]);
  await createIndex(db, 'verification_requests_requested', 'verification_requests', ['requested_at', 'id']);

  await createTable(
    db,
    'reports',
    [
      idColumn,
      ownedBy('product_id', 'products'),
      ownedBy('reporter_id', 'users'),
      ...required(timestamp, 'reported_at'),
    ],
    { unique: ['reports_one_per_user_and_product', ['product_id', 'reporter_id']] },
  );
  await createIndex(db, 'reports_reported', 'reports', ['reported_at', 'id']);
  await createIndex(db, 'reports_reporter', 'reports', ['reporter_id']);
});
