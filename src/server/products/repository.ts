import type { Insertable, Kysely, Transaction } from 'kysely';
import type { KeysetPageQuery, ListCursor } from '#shared/common';
import { givenReasonWords, type ModerationListingState, type ModeratorReason } from '#shared/moderation';
import type { Condition, Product } from '#shared/products';
import { isReserved, openRequestCounts, reservedAmong } from '#server/bookings/repository';
import { blockedEitherWay } from '#server/chat/repository';
import { byId, newId, nowIso } from '#server/db/ids';
import type { Database, PriceHistoryTable, ProductPhotosTable, ProductRow, ProductsTable } from '#server/db/schema';
import { readPage, readPageAfter } from '#server/db/paging';
import { imageFileName, thumbFileName } from '#server/uploads/names';
import { photoIdsOf } from '#server/uploads/repository';
import type { ImageStore } from '#server/uploads/store';
import { changedAny, changedColumns, changedRows } from '#server/db/changes';
import {
  setSellerVerifiedInIndex,
  syncListing,
  unindexListing,
  unindexSeller,
  type Findable,
} from '#server/search/indexing';
import { EVERYTHING, named, tags } from '#server/cache/tags';
import { droppedFrom, dropColumnsOf, recordFirstPrice, type PriceChange } from './prices';
import type { Engine } from '#server/db/connection';
import { ownTrustOf, soldBeforeOf, trustOf, unsoldOfSameDevice } from '#server/trust/repository';
import { newVerificationCode } from '#server/db/listing-keys';
import { rowById } from '#server/db/keys';
import { compiledOnce } from '#server/db/compiled';
import type { NewListingReview, PreparedTrust } from '#server/trust/service';

/*
 * Every write to a listing is a function of this file, and each keeps the search index in step in
 * the same transaction (search/indexing.ts) and names what it changed for the public cache
 * (cache/tags.ts): no caller has to remember either. The writes take a transaction, so the listing
 * and its index row commit together.
 */

/** Which products a list shows. Every combination is served by one of the products_* indexes. */
export interface ProductFilter {
  categoryId?: string;
  sellerId?: string;
  advertisedOnly?: boolean;
  /** Sold and hidden products show only in their seller's own list. */
  includeSold?: boolean;
  includeHidden?: boolean;
}

const scoped = (db: Kysely<Database>, filter: ProductFilter) => {
  let query = db.selectFrom('products as p');
  if (filter.categoryId !== undefined) query = query.where('p.category_id', '=', filter.categoryId);
  if (filter.sellerId !== undefined) query = query.where('p.seller_id', '=', filter.sellerId);
  if (filter.advertisedOnly) query = query.where('p.is_advertised', '=', true);
  if (!filter.includeSold) query = query.where('p.is_sold', '=', false);
  if (!filter.includeHidden) query = query.where('p.is_hidden', '=', false);
  // Listings waiting on the admin's review are public nowhere; their seller's own list has them.
  if (!filter.includeHidden) query = query.where('p.review_state', 'is', null);
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

/** A listing's photos, cover first, as upload ids. */
type PhotoIds = Map<string, string[]>;

/** The photos of each of `productIds`, in order. */
export const photosOf = (db: Kysely<Database>, productIds: string[]): Promise<PhotoIds> =>
  photoIdsOf(db, 'product_photos', productIds);

const photoOf = (uploadId: string, images: ImageStore) => ({
  url: images.urlOf(imageFileName(uploadId)),
  thumb: images.urlOf(thumbFileName(uploadId)),
});

interface Extras {
  photoIds: PhotoIds;
  reserved: Set<string>;
  soldBefore: Map<string, string>;
}

const toProduct = (
  row: ProductDetailsRow,
  { photoIds, reserved, soldBefore }: Extras,
  images: ImageStore,
): Product => ({
  _id: row.id,
  brand: row.brand,
  category_id: row.category_id,
  categoryName: row.category_name,
  originalPrice: row.original_price,
  resalePrice: row.resale_price,
  productCondition: row.product_condition as Condition,
  productName: row.product_name,
  sellerName: row.seller_name,
  sellerId: row.seller_id,
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
  // A listing always has its cover among its photos; the fallback only covers a read racing an edit.
  photos: (photoIds.get(row.id) ?? [row.image_id]).map((id) => photoOf(id, images)),
  hidden: row.is_hidden,
  reserved: reserved.has(row.id),
  previousPrice: droppedFrom(row, Date.now()),
  editedOn: row.edited_at,
  postedOn: row.posted_at,
  trust: trustOf(row, soldBefore.get(row.id) ?? null),
});

/** Rows as the API answers them, with their photos and whether a buyer has them reserved. */
export async function toProducts(db: Kysely<Database>, rows: ProductDetailsRow[], images: ImageStore) {
  const ids = rows.map((row) => row.id);
  const [photoIds, reserved, soldBefore] = await Promise.all([
    photosOf(db, ids),
    reservedAmong(db, ids),
    soldBeforeOf(db, rows),
  ]);
  return rows.map((row) => toProduct(row, { photoIds, reserved, soldBefore }, images));
}

/** The seller's own rows, each with how many booking requests are open on it. */
export async function toMyProducts(db: Kysely<Database>, rows: ProductDetailsRow[], images: ImageStore) {
  const [products, open] = await Promise.all([
    toProducts(db, rows, images),
    openRequestCounts(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  return products.map((product, index) => {
    const row = rows[index]!;
    const given = { code: row.moderation_reason_code, note: row.moderation_reason };
    const moderation = row.moderation_state
      ? { state: row.moderation_state, reason: givenReasonWords(given) ?? '', reasonCode: given.code, note: given.note }
      : null;
    return { ...product, openRequests: open.get(product._id) ?? 0, moderation, ownTrust: ownTrustOf(row) };
  });
}

/**
 * One page of a list, newest first, with the total the paging headers report: a numbered page, or
 * the page after a cursor (the listings posted before it, or at the same time with a smaller id),
 * which the same index serves without skipping rows.
 */
export async function listProducts(db: Kysely<Database>, filter: ProductFilter, page: KeysetPageQuery) {
  const ids = idsOf(db, filter);
  const counted = countedScope(filter);
  const total = counted === undefined ? scoped(db, filter) : () => listingCount(db, counted);
  if (!page.after) return readPage(pageOf(db, ids), total, page);
  const { postedAt, id } = page.after;
  const after = ids.where(({ eb, refTuple, tuple }) => eb(refTuple('p.posted_at', 'p.id'), '<', tuple(postedAt, id)));
  return readPageAfter(pageOf(db, after), total, page.limit);
}

/** The ids of a list, newest first. */
const idsOf = (db: Kysely<Database>, filter: ProductFilter) =>
  scoped(db, filter).select('p.id').orderBy('p.posted_at', 'desc').orderBy('p.id', 'desc');

/**
 * A page of a list as readPage reads it: its ids first, from the list's index alone (every column
 * the filter reads is in the index, migration 038), then the rows of those ids with their details,
 * put newest first here (at most 21 rows, where the database would sort them in a table of its own).
 * A deep page so steps over index entries, not over rows read with their seller and category: page
 * 200 read about 12,000 pages of the database at 100,000 listings and 16,000 at a million, now 200.
 */
const pageOf = (db: Kysely<Database>, ids: ReturnType<typeof idsOf>) => (limit: number, offset?: number) => ({
  execute: async () => {
    const page = offset === undefined ? ids.limit(limit) : ids.limit(limit).offset(offset);
    const rows = await selectProductDetails(db).where('p.id', 'in', page).execute();
    return rows.sort(newestFirst);
  },
});

/** The lists' order: by posting time, then id (both ISO text or hex of one length), newest first. */
const newestFirst = (a: ProductRow, b: ProductRow) =>
  a.posted_at === b.posted_at ? descending(a.id, b.id) : descending(a.posted_at, b.posted_at);

const descending = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);

/**
 * The listing_counts scope that holds the size of a public list (migration 021 keeps it), or
 * undefined for a list counted as it is read: a seller's, whose listings are a short range of an
 * index, and the seller's own with sold and hidden ones.
 */
function countedScope(filter: ProductFilter): string | undefined {
  if (filter.sellerId !== undefined || filter.includeSold || filter.includeHidden) return undefined;
  if (filter.categoryId !== undefined) return filter.advertisedOnly ? undefined : `category:${filter.categoryId}`;
  return filter.advertisedOnly ? 'advertised' : 'all';
}

/**
 * A public list's size, as the triggers keep it: the sum of the scope's rows (one per slot on
 * PostgreSQL, migration 039), none for a list that never had a listing.
 */
export async function listingCount(db: Kysely<Database>, scope: string): Promise<number> {
  const row = await db
    .selectFrom('listing_counts')
    .select((eb) => eb.fn.sum<number | string | null>('count').as('count'))
    .where('scope', '=', scope)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The cursor that names `product` in a list (its sort key). */
export const cursorOfProduct = (product: Product): ListCursor => ({ postedAt: product.postedOn, id: product._id });

/** Products (`p`) with the details the API answers; the caller picks which. */
export const selectProductDetails = (db: Kysely<Database>) => withDetails(db.selectFrom('products as p'));

export const findProductDetails = byId(
  (db: Kysely<Database>, id: string) => selectProductDetails(db).where('p.id', '=', id).executeTakeFirst(),
  undefined,
);

/**
 * A listing as a booking request reads it, in one read where there were four: its details, whether
 * `buyerId` and its seller blocked each other, whether it is reserved (a booking accepted), and the
 * buyer's own booking of it, if any (its id and status: at most one, bookings_one_per_buyer_and_product).
 * Compiled once: Kysely building this query cost more CPU than SQLite reading it.
 */
const productToBook = compiledOnce((db, v: { id: string; buyerId: string }) =>
  selectProductDetails(db)
    .leftJoin('bookings as b', (join) => join.onRef('b.product_id', '=', 'p.id').on('b.buyer_id', '=', v.buyerId))
    .select([
      blockedEitherWay(v.buyerId, 'p.seller_id').as('is_blocked'),
      isReserved('p.id').as('is_reserved'),
      'b.id as booking_id',
      'b.status as booking_status',
    ])
    .where('p.id', '=', v.id),
);

export const findProductToBook = byId(
  async (db: Kysely<Database>, id: string, buyerId: string) => (await productToBook(db, { id, buyerId }))[0],
  undefined,
);

/** A listing's row by its id. */
export const findProduct = rowById('products');

/**
 * A listing as its edit reads it, once, first in its transaction (its owner, what it changes).
 * Locked on PostgreSQL, so that the price history the edit reads next is the one its update
 * follows, and a second edit at once waits for this one; FOR NO KEY UPDATE, as the update it comes
 * before takes, so a booking, a conversation or a report inserted for the listing meanwhile (each
 * takes FOR KEY SHARE of it by its foreign key) does not wait for the edit. SQLite has no such
 * clause: its transaction holds the write lock.
 */
export const findProductToEdit = byId(
  (db: Kysely<Database>, id: string, engine: Engine) =>
    db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', id)
      .$if(engine === 'postgres', (query) => query.forNoKeyUpdate())
      .executeTakeFirst(),
  undefined,
);

export interface ProductFields {
  categoryId: string;
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

interface NewProduct extends ProductFields {
  sellerId: string;
  /** Upload ids, the cover first. */
  photoIds: string[];
  trust: PreparedTrust['columns'];
  /** Its review's columns, assessed before it is written (trust/service.ts, reviewNewListing). */
  review: NewListingReview['columns'];
}

/** The columns a seller's own entries fill, as they are stored. */
const enteredColumns = (product: ProductFields) => ({
  category_id: product.categoryId,
  product_name: product.productName,
  brand: product.brand,
  original_price: product.originalPrice,
  resale_price: product.resalePrice,
  year_of_purchase: product.yearOfPurchase,
  product_condition: product.productCondition,
  seller_mobile: product.sellerMobile,
  location: product.location,
  description: product.description,
});

/** Stores the product with its photos (`photoIds[0]` the cover), and indexes it; answers its id and code. */
export async function insertProduct(
  db: Transaction<Database>,
  product: NewProduct,
): Promise<{ id: string; verificationCode: string }> {
  const id = newId();
  const postedAt = nowIso();
  const verificationCode = newVerificationCode();
  await db
    .insertInto('products')
    .values({
      ...enteredColumns(product),
      ...product.trust,
      ...product.review,
      verification_code: verificationCode,
      id,
      seller_id: product.sellerId,
      image_id: product.photoIds[0] as string,
      is_sold: false,
      is_advertised: false,
      posted_at: postedAt,
    })
    .execute();
  await insertPhotos(db, id, product.photoIds);
  await recordFirstPrice(db, id, product.resalePrice, postedAt);
  await listingChanged(db, id);
  return { id, verificationCode };
}

export interface ListingRows {
  product: Insertable<ProductsTable>;
  photos: Insertable<ProductPhotosTable>[];
  prices: Insertable<PriceHistoryTable>[];
}

/** Stores listings made elsewhere (the demo data) as they are, and indexes them. */
export async function insertListingRows(trx: Transaction<Database>, listings: ListingRows[]): Promise<void> {
  if (listings.length === 0) return;
  await trx
    .insertInto('products')
    .values(listings.map((l) => l.product))
    .execute();
  await trx
    .insertInto('product_photos')
    .values(listings.flatMap((l) => l.photos))
    .execute();
  await trx
    .insertInto('price_history')
    .values(listings.flatMap((l) => l.prices))
    .execute();
  for (const { product } of listings) await syncListing(trx, product.id);
  named([EVERYTHING]);
}

/** A new listing's photos, in order. */
const insertPhotos = (db: Kysely<Database>, productId: string, photoIds: string[]) =>
  db
    .insertInto('product_photos')
    .values(photoIds.map((uploadId, position) => ({ product_id: productId, upload_id: uploadId, position })))
    .execute();

async function replacePhotos(db: Kysely<Database>, productId: string, photoIds: string[]) {
  await db.deleteFrom('product_photos').where('product_id', '=', productId).execute();
  await insertPhotos(db, productId, photoIds);
}

/**
 * Writes a seller's edit, only while the product is unsold (so an edit racing a sale changes
 * nothing; `before` is its row as the transaction read it), with the drop a changed price makes
 * (prices.ts, priceChangeOf). Answers how many rows changed; the price history is recordPriceChange's.
 */
export async function updateProduct(
  db: Transaction<Database>,
  before: ProductRow,
  product: ProductFields & { photoIds: string[]; trust: PreparedTrust['columns'] },
  priceChange: PriceChange | undefined,
): Promise<number> {
  // Only what the seller changed (a price edit sets the price): the indexes and triggers of the
  // other columns are left alone (changedColumns). Of two edits of one listing at once, the second
  // reads the row the first wrote (it waits for the first's lock, findProductToEdit), so the listing
  // ends as the whole form of the last, never a mix of the two. The cover is always set: it goes
  // with the photos, which are compared below with what is stored when the row is locked.
  const changed = await changedRows(
    db
      .updateTable('products')
      .set({
        ...changedColumns(before, { ...enteredColumns(product), ...product.trust }),
        ...(priceChange ? dropColumnsOf(priceChange) : {}),
        image_id: product.photoIds[0] as string,
        edited_at: nowIso(),
      })
      .where('id', '=', before.id)
      .where('is_sold', '=', false),
  );
  if (changed === 0) return 0;
  const photos = (await photosOf(db, [before.id])).get(before.id) ?? [];
  if (photos.join() !== product.photoIds.join()) await replacePhotos(db, before.id, product.photoIds);
  await listingChanged(db, before.id);
  return changed;
}

/** Sets a flag of an unsold product; answers how many rows changed (0 when it already was so, or is sold). */
const setFlagOfUnsold = (db: Kysely<Database>, id: string, flag: 'is_hidden' | 'is_advertised', value: boolean) =>
  changedRows(
    db
      .updateTable('products')
      .set(flag, value)
      .where('id', '=', id)
      .where(flag, '=', !value)
      .where('is_sold', '=', false),
  );

/** Takes an unsold listing off sale or puts it back; answers how many rows changed. */
export async function setHidden(db: Transaction<Database>, id: string, hidden: boolean): Promise<number> {
  const changed = await setFlagOfUnsold(db, id, 'is_hidden', hidden);
  await listingChanged(db, id);
  return changed;
}

/** Marks an unsold product sold; false when it was sold already (a sale that raced this one). */
/**
 * A moderator's hold on a listing (docs/moderation.md): `state` takes it off sale, null gives it back
 * (`hidden` as its seller had it). `onlyFrom` changes it only while it is still in that state (an
 * undo must not overrule a later decision). Answers whether the row changed.
 */
export async function setModerationState(
  trx: Transaction<Database>,
  productId: string,
  hold: { state: ModerationListingState; reason: ModeratorReason | null } | { state: null; hidden: boolean },
  onlyFrom?: ModerationListingState,
): Promise<boolean> {
  const values =
    hold.state === null
      ? { is_hidden: hold.hidden, moderation_state: null, moderation_reason_code: null, moderation_reason: null }
      : {
          is_hidden: true,
          moderation_state: hold.state,
          moderation_reason_code: hold.reason?.code ?? null,
          moderation_reason: hold.reason?.note ?? null,
        };
  let update = trx.updateTable('products').set(values).where('id', '=', productId);
  if (onlyFrom) update = update.where('moderation_state', '=', onlyFrom);
  const changed = await changedAny(update);
  if (changed) await listingChanged(trx, productId);
  return changed;
}

/** `deregistered`: the seller confirmed de-registering the phone from their NID (docs/trust.md). */
export async function markSold(trx: Transaction<Database>, productId: string, deregistered = false): Promise<boolean> {
  const soldAt = nowIso();
  const sold = await changedAny(
    trx
      .updateTable('products')
      .set({ is_sold: true, sold_at: soldAt, ...(deregistered ? { deregistered_at: soldAt } : {}) })
      .where('id', '=', productId)
      .where('is_sold', '=', false),
  );
  if (sold) {
    await listingChanged(trx, productId);
    // A copy of the same phone an admin let on sale shows this sale in its device history now.
    named((await unsoldOfSameDevice(trx, productId)).map(tags.listing));
  }
  return sold;
}

/** Deletes one listing (what refers to it is the caller's to clear first); answers rows deleted. */
export async function removeProduct(trx: Transaction<Database>, productId: string): Promise<number> {
  await unindexListing(trx, productId);
  const result = await trx.deleteFrom('products').where('id', '=', productId).executeTakeFirst();
  await listingChanged(trx, productId);
  return Number(result.numDeletedRows);
}

/** Deletes every listing of a seller whose account goes. */
export async function removeProductsOfSeller(trx: Transaction<Database>, sellerId: string): Promise<void> {
  const listings = await trx
    .selectFrom('products')
    .select(['id', 'category_id'])
    .where('seller_id', '=', sellerId)
    .execute();
  await unindexSeller(trx, sellerId);
  await trx.deleteFrom('products').where('seller_id', '=', sellerId).execute();
  // Every search: the seller's listings left all at once, their words unread.
  named(
    listings.flatMap(({ id, category_id }) =>
      listingTags(id, [tags.search], [{ categoryId: category_id, sellerId }], true),
    ),
  );
}

/** A seller's verified badge, earned or lost, shows on their listings in search at once. */
export async function sellerVerifiedChanged(trx: Transaction<Database>, sellerId: string, verified: boolean) {
  await setSellerVerifiedInIndex(trx, sellerId, verified);
  named([tags.seller(sellerId), tags.search]);
}

export const markAdvertised = (db: Kysely<Database>, id: string) =>
  advertisingChanged(id, setFlagOfUnsold(db, id, 'is_advertised', true));

/** Takes a product out of the Advertised Phone section, sold or not; answers 0 when it was not in it. */
export const unmarkAdvertised = (db: Kysely<Database>, id: string) =>
  advertisingChanged(
    id,
    changedRows(
      db.updateTable('products').set('is_advertised', false).where('id', '=', id).where('is_advertised', '=', true),
    ),
  );

async function advertisingChanged(id: string, changing: Promise<number>): Promise<number> {
  const changed = await changing;
  if (changed > 0) named([tags.listing(id), tags.advertisedList]);
  return changed;
}

/**
 * What a write to a listing changes in public answers: the listing wherever it shows, the searches
 * that could count it before or after (`searchTags`, search/answer-tags.ts) and the fair prices;
 * and, for each of `places` (where it was findable and where it is, when the write moved it into or
 * out of the public lists, or to another category), the lists that hold or could now hold it (the
 * lists are in the order listings were posted, so nothing else moves one; the seller's list is
 * also their page's count of sales). Not the seller: the name and badge their other listings show
 * are the same, and at a shop's pace of new listings each one dropped every page and search that
 * showed any of its phones. The advertised list only for a listing `advertised`: the flag changes by
 * markAdvertised and unmarkAdvertised alone, which name that list themselves, so a new listing
 * (never advertised) or a sold one that was not leaves it as it is.
 */
function listingTags(
  productId: string,
  searchTags: readonly string[],
  places: ReadonlyArray<Findable | undefined>,
  advertised: boolean,
): string[] {
  const changed = new Set([tags.listing(productId), ...searchTags, tags.fairPrice]);
  for (const place of places) {
    if (!place) continue;
    const { categoryId, sellerId } = place;
    const lists = [tags.allList, tags.categoryList(categoryId), tags.sellerList(sellerId)];
    for (const tag of advertised ? [...lists, tags.advertisedList] : lists) changed.add(tag);
  }
  return [...changed];
}

/** After a write to a listing: the search index follows it, and the public cache hears what changed. */
async function listingChanged(trx: Kysely<Database>, productId: string): Promise<void> {
  const { before, after, advertised, searchTags } = await syncListing(trx, productId);
  const moved = before?.categoryId !== after?.categoryId || before?.sellerId !== after?.sellerId;
  named(listingTags(productId, searchTags, moved ? [before, after] : [], advertised));
}

/**
 * A listing's review or photo changed elsewhere (trust/): it may have come on sale or left it, or
 * changed a badge; index it and name it like the writes above.
 */
export const listingReviewed = (trx: Kysely<Database>, productId: string) => listingChanged(trx, productId);
