import { onListingVisible, type VisibleBecause } from '#server/alerts/matching';
import type { Kysely, Transaction } from 'kysely';
import type { StoreProductRequest } from '#shared/products';
import { paths } from '#shared/paths';
import { SPEC_CONDITION_OF_GRADE, type ReviewReason } from '#shared/trust';
import type { Database, ProductRow } from '#server/db/schema';
import { AppError, orNotFound } from '#server/errors';
import { withNotifications, type Notify } from '#server/notifications/service';
import type { Deps } from '#server/deps';
import { listingReviewed } from '#server/products/repository';
import { modelKeyOf } from '#server/db/listing-keys';
import { changedColumns } from '#server/db/changes';
import { storedImei, type ImeiKey, type StoredImei } from './imei';
import { decideReview, reasonsOf, reviewColumns, setReview, trustColumns, type TrustColumns } from './repository';
import { reviewReasons } from './review';
import { localText, serverMessage, type LocalText } from '#server/i18n/texts';

/**
 * A listing becomes visible to buyers: saved with nothing to review, or approved by the admin. The
 * one place where that happens, so whatever must follow it (the search index; saved-search alerts)
 * is added here. Runs inside the transaction that made it public. `indexed`: the write that made
 * it public indexed it as it is (a new listing's insert), so it is not indexed a second time.
 */
export async function publishListing(
  trx: Kysely<Database>,
  productId: string,
  why: VisibleBecause,
  { indexed = false } = {},
): Promise<void> {
  if (!indexed) await listingReviewed(trx, productId);
  await onListingVisible(trx, productId, why);
}

/** A save's trust details, hashed and ready to write: what the products service needs from a request. */
export interface PreparedTrust {
  imeis: StoredImei[];
  columns: ReturnType<typeof trustColumns>;
  /** The spec's productCondition, from the grade when one is given. */
  productCondition: StoreProductRequest['productCondition'];
}

export function prepareTrust(imeiKey: ImeiKey, request: StoreProductRequest): PreparedTrust {
  const imei = request.imei ? storedImei(imeiKey, request.imei) : undefined;
  const imei2 = request.imei2 ? storedImei(imeiKey, request.imei2) : undefined;
  const fields: TrustColumns = {
    imei,
    imei2,
    origin: request.origin,
    conditionGrade: request.conditionGrade,
    checklist: request.checklist,
    batteryHealth: request.batteryHealth,
    accountSignedOut: request.accountSignedOut,
    neirChecked: request.neirAnswer === 'valid',
    modelKey: modelKeyOf(request.productName),
  };
  return {
    imeis: [imei, imei2].filter((one) => one !== undefined),
    columns: trustColumns(fields),
    productCondition: request.conditionGrade
      ? SPEC_CONDITION_OF_GRADE[request.conditionGrade]
      : request.productCondition,
  };
}

export interface ReviewOutcome {
  reasons: ReviewReason[];
}

/** A new listing's review: why it waits for the admin (none: public at once), and its columns as stored. */
export interface NewListingReview extends ReviewOutcome {
  columns: ReturnType<typeof reviewColumns>;
}

/**
 * Before a new listing is written (in the same transaction): whether it goes to review, which a rule
 * of docs/trust.md says, or is public at once. Assessed first so the listing is stored as it will be
 * and indexed once: written public and then held, it was indexed, counted into the words and taken
 * out again; written public, indexed a second time to publish it.
 */
export async function reviewNewListing(
  trx: Transaction<Database>,
  listing: { sellerId: string; price: number },
  trust: PreparedTrust,
): Promise<NewListingReview> {
  const { reasons, median } = await reviewReasons(trx, {
    sellerId: listing.sellerId,
    imeis: trust.imeis,
    modelKey: trust.columns.model_key,
    price: listing.price,
  });
  return { reasons, columns: reviewColumns(reasons, median) };
}

/**
 * After an edit (in the same transaction). A listing waiting for review is assessed again in full;
 * a public one only on what changed (a new IMEI, a lower price), so an edit does not undo the
 * admin's approval; a rejected one goes back to the admin.
 */
export async function reviewEditedListing(
  trx: Transaction<Database>,
  before: ProductRow,
  price: number,
  trust: PreparedTrust,
): Promise<ReviewOutcome> {
  const waiting = before.review_state !== null;
  const storedHashes = new Set([before.imei_hash, before.imei2_hash]);
  const { reasons, median } = await reviewReasons(trx, {
    productId: before.id,
    sellerId: before.seller_id,
    imeis: waiting ? trust.imeis : trust.imeis.filter((imei) => !storedHashes.has(imei.hash)),
    modelKey: trust.columns.model_key,
    price: waiting || price < before.resale_price ? price : undefined,
  });
  const stillRejected = reasons.length === 0 && before.review_state === 'rejected';
  const kept = stillRejected ? reasonsOf(before) : reasons;
  const keptMedian = stillRejected ? before.review_model_median : median;
  // Most edits leave the review as it was: the edit's own write has indexed and named the listing.
  if (Object.keys(changedColumns(before, reviewColumns(kept, keptMedian))).length === 0) return { reasons: kept };
  await setReview(trx, before.id, kept, keptMedian);
  if (kept.length === 0 && waiting) await publishListing(trx, before.id, 'listed');
  else await listingReviewed(trx, before.id);
  return { reasons: kept };
}

type DecideDeps = Pick<Deps, 'db' | 'bell' | 'push'>;

const tellSeller = (tell: Notify, product: Pick<ProductRow, 'seller_id'>, message: LocalText | string) =>
  tell({ userId: product.seller_id, kind: 'listing_reviewed', message, link: paths.myProducts });

const notWaiting = () => new AppError('CONFLICT', serverMessage('server.trust.error.listingNotWaiting'));

/** The admin's Approve (rejectedFor null) or Reject of a listing under review; the seller is told. */
export async function decideListing(deps: DecideDeps, productId: string, rejectedFor: string | null): Promise<number> {
  return withNotifications(deps, async (trx, tell) => {
    const product = orNotFound(
      await trx.selectFrom('products').selectAll().where('id', '=', productId).executeTakeFirst(),
      'Product',
    );
    if (!(await decideReview(trx, productId, rejectedFor))) throw notWaiting();
    if (rejectedFor === null) {
      await publishListing(trx, productId, 'approved');
      await tellSeller(tell, product, localText('server.trust.approved', { product: product.product_name }));
    } else {
      await tellSeller(
        tell,
        product,
        localText('server.trust.rejected', { product: product.product_name, reason: rejectedFor }),
      );
    }
    return 1;
  });
}
