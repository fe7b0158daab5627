import type { Kysely } from 'kysely';
import type { PageQuery } from '../../shared/common';
import type { Condition, Product } from '../../shared/products';
import { newId, nowIso } from '../db/ids';
import type { Database, ProductRow } from '../db/schema';
import { offsetOf } from '../http/paging';
import { imageFileName, thumbFileName } from '../uploads/names';
import type { ImageStore } from '../uploads/store';

/** Which products a list shows. Every combination is served by one of the products_* indexes. */
export interface ProductFilter {
  categoryId?: string;
  sellerId?: string;
  advertisedOnly?: boolean;
  /** Sold products show only in their seller's own list. */
  includeSold?: boolean;
}

const scoped = (db: Kysely<Database>, filter: ProductFilter) => {
  let query = db.selectFrom('products as p');
  if (filter.categoryId !== undefined) query = query.where('p.category_id', '=', filter.categoryId);
  if (filter.sellerId !== undefined) query = query.where('p.seller_id', '=', filter.sellerId);
  if (filter.advertisedOnly) query = query.where('p.is_advertised', '=', true);
  if (!filter.includeSold) query = query.where('p.is_sold', '=', false);
  return query;
};

/** Seller and category details always come from their own tables, so a rename shows everywhere. */
const withDetails = (query: ReturnType<typeof scoped>) =>
  query
    .innerJoin('users as u', 'u.id', 'p.seller_id')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .selectAll('p')
    .select([
      'u.name as seller_name',
      'u.email as seller_email',
      'u.is_verified as is_seller_verified',
      'c.category_name',
    ]);

export type ProductDetailsRow = ProductRow & {
  seller_name: string;
  seller_email: string;
  is_seller_verified: boolean;
  category_name: string;
};

export const toProduct = (row: ProductDetailsRow, images: ImageStore): Product => ({
  _id: row.id,
  brand: row.brand,
  category_id: row.category_id,
  categoryName: row.category_name,
  originalPrice: row.original_price,
  resalePrice: row.resale_price,
  productCondition: row.product_condition as Condition,
  productName: row.product_name,
  sellerName: row.seller_name,
  sellerEmail: row.seller_email,
  sellerMobile: row.seller_mobile,
  sellerIsVerified: row.is_seller_verified,
  yearOfPurchase: row.year_of_purchase,
  location: row.location,
  description: row.description,
  sellStatus: row.is_sold,
  advertiseStatus: row.is_advertised,
  productImg: images.urlOf(imageFileName(row.image_id)),
  productThumb: images.urlOf(thumbFileName(row.image_id)),
  postedOn: row.posted_at,
});

/** One page of a list, newest first, with the total the paging headers report. */
export async function listProducts(db: Kysely<Database>, filter: ProductFilter, page: PageQuery) {
  const [rows, count] = await Promise.all([
    withDetails(scoped(db, filter))
      .orderBy('p.posted_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(page.limit)
      .offset(offsetOf(page))
      .execute(),
    scoped(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

export const findProductDetails = (db: Kysely<Database>, id: string) =>
  withDetails(db.selectFrom('products as p')).where('p.id', '=', id).executeTakeFirst();

export const findProduct = (db: Kysely<Database>, id: string) =>
  db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();

export interface NewProduct {
  sellerId: string;
  categoryId: string;
  imageId: string;
  productName: string;
  brand: string;
  originalPrice: number;
  resalePrice: number;
  yearOfPurchase: number;
  productCondition: Condition;
  sellerMobile: string;
  location: string;
  description: string;
}

export async function insertProduct(db: Kysely<Database>, product: NewProduct): Promise<string> {
  const id = newId();
  await db
    .insertInto('products')
    .values({
      id,
      seller_id: product.sellerId,
      category_id: product.categoryId,
      image_id: product.imageId,
      product_name: product.productName,
      brand: product.brand,
      original_price: product.originalPrice,
      resale_price: product.resalePrice,
      year_of_purchase: product.yearOfPurchase,
      product_condition: product.productCondition,
      seller_mobile: product.sellerMobile,
      location: product.location,
      description: product.description,
      is_sold: false,
      is_advertised: false,
      posted_at: nowIso(),
    })
    .execute();
  return id;
}

/** Answers how many rows changed: 0 when the product was advertised already (or sold meanwhile). */
export async function markAdvertised(db: Kysely<Database>, id: string): Promise<number> {
  const result = await db
    .updateTable('products')
    .set({ is_advertised: true })
    .where('id', '=', id)
    .where('is_advertised', '=', false)
    .where('is_sold', '=', false)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
