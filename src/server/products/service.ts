import type { Kysely, Transaction } from 'kysely';
import type { MyProductActivity, StoreProductRequest } from '#shared/products';
import { closeOpenRequests, type DealDeps } from '#server/bookings/deal';
import { findBooking, hasAcceptedBooking } from '#server/bookings/repository';
import { findCategory } from '#server/categories/repository';
import type { Config } from '#server/config';
import { isForeignKeyViolation, isUniqueViolation } from '#server/db/errors';
import type { Deps } from '#server/deps';
import { listedAlready } from '#server/trust/review';
import {
  prepareTrust,
  publishListing,
  reviewEditedListing,
  reviewNewListing,
  type ReviewOutcome,
} from '#server/trust/service';
import type { Database } from '#server/db/schema';
import { AppError, forbidden, notFound, orNotFound, unauthenticated } from '#server/errors';
import { uploadIdOfUrl } from '#server/uploads/names';
import { findReport } from '#server/reports/repository';
import { findOwnUploads } from '#server/uploads/repository';
import { findUserById } from '#server/users/repository';
import { onListingVisible } from '#server/alerts/matching';
import { priceChangeOf, recordPriceChange } from './prices';
import { withNotifications } from '#server/notifications/service';
import { paths } from '#shared/paths';
import { PHOTO_TWICE_ID } from '#shared/products';
import {
  findProduct,
  findProductToEdit,
  insertProduct,
  markAdvertised,
  unmarkAdvertised,
  removeProduct,
  setHidden,
  updateProduct,
  type ProductFields,
} from './repository';
import { localText, refusal, serverMessage } from '#server/i18n/texts';

const invalidField = (field: keyof StoreProductRequest, message: string) =>
  new AppError('VALIDATION_FAILED', message, { [field]: message });

const uploadAgain = () => invalidField('productImg', serverMessage('server.products.error.uploadAgain'));

/**
 * The upload ids of a request's photos, the cover first. Every photo must be one this seller
 * uploaded here, so a listing can neither borrow another seller's picture nor point at an outside
 * address. One upload named twice (its path and its full address) is refused like the same URL twice.
 */
async function ownPhotoIds(db: Kysely<Database>, config: Config, sellerId: string, request: StoreProductRequest) {
  const urls = request.photos ?? [request.productImg];
  const ids = urls.map((url) => uploadIdOfUrl(url, config));
  const known = ids.filter((id) => id !== null);
  if (new Set(known).size !== known.length) throw invalidField('photos', PHOTO_TWICE_ID);
  const own = await findOwnUploads(db, known, sellerId);
  if (ids.some((id) => id === null || !own.has(id))) throw uploadAgain();
  return ids as string[];
}

const fieldsOf = (request: StoreProductRequest): ProductFields => ({
  categoryId: request.category_id,
  productName: request.productName,
  brand: request.brand,
  originalPrice: request.originalPrice,
  resalePrice: request.resalePrice,
  yearOfPurchase: request.yearOfPurchase,
  productCondition: request.productCondition,
  sellerMobile: request.sellerMobile,
  location: request.location,
  description: request.description,
});

/**
 * Since the checks, housekeeping removed a photo as unused (it was a day old), or the seller's own
 * account was deleted; categories are never deleted.
 */
async function asPhotoGone(db: Kysely<Database>, sellerId: string, error: unknown): Promise<unknown> {
  if (!isForeignKeyViolation(error)) return error;
  return (await findUserById(db, sellerId)) ? uploadAgain() : unauthenticated();
}

/**
 * Why an insert about a product (a booking, a report) broke a foreign key after the product was
 * read: the product (with its seller, perhaps) is gone, or else the caller's own account is.
 */
export async function productOrAccountGone(db: Kysely<Database>, productId: string): Promise<Error> {
  return (await findProduct(db, productId)) ? unauthenticated() : notFound('Product');
}

type SaveDeps = Pick<Deps, 'db' | 'engine' | 'config' | 'imeiKey' | 'interleave'>;

/** What a save answers besides the id: whether the listing waits for review, and its verification code. */
export interface Saved {
  id: string;
  review: ReviewOutcome | null;
  verificationCode: string;
}

/**
 * Lists a product for `sellerId` with its photos and trust details, in one transaction: public at
 * once, or under review when a rule of docs/trust.md says so.
 */
export async function storeProduct(deps: SaveDeps, sellerId: string, request: StoreProductRequest): Promise<Saved> {
  const { fields, photoIds, trust } = await checkedForm(deps, sellerId, request);
  return saveListing(deps, sellerId, async (trx) => {
    await deps.interleave?.('listing', trx);
    const review = await reviewNewListing(trx, { sellerId, price: request.resalePrice }, trust);
    const listing = { ...fields, sellerId, photoIds, trust: trust.columns, review: review.columns };
    const { id, verificationCode } = await insertProduct(trx, listing);
    if (review.reasons.length === 0) await publishListing(trx, id, 'listed', { indexed: true });
    return { id, review: review.reasons.length > 0 ? { reasons: review.reasons } : null, verificationCode };
  });
}

/**
 * A listing's form checked: its photos are the seller's, its category exists. A new listing's is
 * checked before its transaction; an edit's in it, once the listing's owner is known to be the seller.
 */
async function checkedForm(deps: SaveDeps, sellerId: string, request: StoreProductRequest) {
  const photoIds = await ownPhotoIds(deps.db, deps.config, sellerId, request);
  if (!(await findCategory(deps.db, request.category_id)))
    throw invalidField('category_id', serverMessage('server.products.error.chooseCategory'));
  const trust = prepareTrust(deps.imeiKey, request);
  return { fields: { ...fieldsOf(request), productCondition: trust.productCondition }, photoIds, trust };
}

/**
 * Saves a listing in one transaction. The seller's other unsold listing of the same IMEI, or a photo
 * deleted meanwhile, is answered as such.
 */
async function saveListing<T>(deps: SaveDeps, sellerId: string, save: (trx: Transaction<Database>) => Promise<T>) {
  try {
    return await deps.db.transaction().execute(save);
  } catch (error) {
    if (isUniqueViolation(error)) throw listedAlready();
    throw await asPhotoGone(deps.db, sellerId, error);
  }
}

/** What a seller does to their own listing, as a refusal names it ("You can only hide your own products"). */
type OwnerMove = 'edit' | 'hide' | 'show' | 'advertise' | 'stopAdvertising' | 'delete';

const notOwner = (doing: OwnerMove) => forbidden(serverMessage('server.products.error.ownOnly', { doing }));

/** The product as `sellerId` may change it: a 404 when there is none, a 403 when it is someone else's. */
function owned<T extends { seller_id: string }>(product: T | undefined, sellerId: string, doing: OwnerMove): T {
  const found = orNotFound(product, 'Product');
  if (found.seller_id !== sellerId) throw notOwner(doing);
  return found;
}

/** The product `sellerId` may change (owned). */
const ownProduct = async (db: Kysely<Database>, sellerId: string, productId: string, doing: OwnerMove) =>
  owned(await findProduct(db, productId), sellerId, doing);

const soldAlready = (doing: 'edited' | 'hidden' | 'shown' | 'advertised') =>
  refusal('ALREADY_SOLD', 'server.products.error.soldAlready', { doing });

const reservedAlready = () => refusal('CONFLICT', 'server.products.error.reserved');

/** A moderator keeps the listing off sale: its seller can neither show nor hide it (docs/moderation.md). */
const keptOffSale = (state: string) =>
  refusal(
    'CONFLICT',
    state === 'changes_requested' ? 'server.products.error.changesRequested' : 'server.products.error.takenOffSale',
  );

/**
 * Changes what the seller entered on one of their unsold listings, photos included, in one
 * transaction. Its id, seller, flags, posted date, bookings and reports stay; a changed resale
 * price joins the listing's price history, which says whether it is a drop (prices.ts). Refused (409) while a
 * booking of it is accepted: that buyer is promised the phone as it was listed.
 */
export async function editProduct(
  deps: SaveDeps,
  sellerId: string,
  productId: string,
  request: StoreProductRequest,
): Promise<{ changed: number; review: ReviewOutcome | null }> {
  return saveListing(deps, sellerId, async (trx) => {
    // The listing is read once, in the transaction, and its owner checked before the form, so a
    // stranger's edit is a 403 whatever its form holds.
    const product = owned(await findProductToEdit(trx, productId, deps.engine), sellerId, 'edit');
    const { fields, photoIds, trust } = await checkedForm({ ...deps, db: trx }, sellerId, request);
    // A buyer was promised this phone as it is: its price and photos stay until that deal ends.
    // Asked in a statement of its own, after the lock: on PostgreSQL the locked read answers from
    // before its wait, and a booking cancelled meanwhile would still hold the edit back.
    if (!product.is_sold && (await hasAcceptedBooking(trx, productId))) throw reservedAlready();
    await deps.interleave?.('edit', trx);
    const price = request.resalePrice;
    const priceChange = await priceChangeOf(trx, productId, price, Date.now());
    const changed = await updateProduct(trx, product, { ...fields, photoIds, trust: trust.columns }, priceChange);
    if (changed === 0) throw soldAlready('edited');
    if (priceChange) await recordPriceChange(trx, productId, price, priceChange);
    const review = await reviewEditedListing(trx, product, request.resalePrice, trust);
    const stillPublic = product.review_state === null && review.reasons.length === 0;
    if (stillPublic && request.resalePrice < product.resale_price) {
      await onListingVisible(trx, productId, 'price_dropped');
    }
    return { changed, review: review.reasons.length > 0 ? review : null };
  });
}

/**
 * Takes one of the seller's unsold listings off sale (`hidden`) or puts it back; answers how many
 * rows changed (0 when it already was). Hiding ends the phone's open bookings with a reason.
 */
export async function hideProduct(
  deps: DealDeps,
  sellerId: string,
  productId: string,
  hidden: boolean,
): Promise<number> {
  const product = await ownProduct(deps.db, sellerId, productId, hidden ? 'hide' : 'show');
  if (product.is_sold) throw soldAlready(hidden ? 'hidden' : 'shown');
  if (product.moderation_state) throw keptOffSale(product.moderation_state);
  return withNotifications(deps, async (trx, tell) => {
    const changed = await setHidden(trx, productId, hidden);
    // No one can book a hidden phone, so no one is kept waiting on it: open requests are declined
    // (an accepted booking cancelled), each buyer told why, in the same transaction as the hide.
    if (hidden) await closeOpenRequests(trx, tell, productId, 'seller_hid');
    if (!hidden && changed > 0) await onListingVisible(trx, productId, 'shown');
    return changed;
  });
}

/** Advertises one of the seller's own unsold products; answers how many rows changed (0 if it already was). */
export async function advertiseProduct(db: Kysely<Database>, sellerId: string, productId: string): Promise<number> {
  const product = await ownProduct(db, sellerId, productId, 'advertise');
  if (product.is_sold) throw soldAlready('advertised');
  return markAdvertised(db, productId);
}

/** Stops advertising one of the seller's own products; answers how many rows changed (0 if it was not advertised). */
export async function stopAdvertising(db: Kysely<Database>, sellerId: string, productId: string): Promise<number> {
  await ownProduct(db, sellerId, productId, 'stopAdvertising');
  return unmarkAdvertised(db, productId);
}

/**
 * Deletes a product in one transaction: its reports go with it, its open bookings end (their buyers
 * are told), and bookings stay as the buyers' history with their product link cleared. `ownerId`
 * limits the deletion to that seller's products; without it (an admin) any product may go, and its
 * seller is told. The photo stays: bookings still show it.
 */
export async function deleteProduct(deps: DealDeps, productId: string, ownerId?: string): Promise<number> {
  return withNotifications(deps, async (trx, tell) => {
    const product = orNotFound(await findProduct(trx, productId), 'Product');
    if (ownerId !== undefined && product.seller_id !== ownerId) throw notOwner('delete');
    const byAdmin = ownerId === undefined;
    await closeOpenRequests(trx, tell, productId, byAdmin ? 'listing_removed' : 'seller_removed');
    await trx.deleteFrom('reports').where('product_id', '=', productId).execute();
    await trx.updateTable('bookings').set({ product_id: null }).where('product_id', '=', productId).execute();
    const deleted = await removeProduct(trx, productId);
    if (byAdmin) {
      await tell({
        userId: product.seller_id,
        kind: 'listing_removed',
        message: localText('server.products.removedByAdmin', { product: product.product_name }),
        link: paths.myProducts,
      });
    }
    return deleted;
  });
}

/** When the user booked and reported the product, if they did; a 404 when there is no such product. */
export async function activityOf(db: Kysely<Database>, userId: string, productId: string): Promise<MyProductActivity> {
  if (!(await findProduct(db, productId))) throw notFound('Product');
  const [booking, report] = await Promise.all([findBooking(db, userId, productId), findReport(db, productId, userId)]);
  return {
    bookedAt: booking?.booked_at ?? null,
    bookingStatus: booking?.status ?? null,
    reportedAt: report?.reported_at ?? null,
  };
}
