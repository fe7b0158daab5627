import { paths } from '#shared/paths';
import type { Config } from '#server/config';
import type { DealDeps } from '#server/bookings/deal';
import { isForeignKeyViolation } from '#server/db/errors';
import { AppError, forbidden, orNotFound } from '#server/errors';
import { localText, serverMessage } from '#server/i18n/texts';
import { withNotifications } from '#server/notifications/service';
import { findProduct, listingReviewed } from '#server/products/repository';
import { uploadIdOfUrl } from '#server/uploads/names';
import { findOwnUploads } from '#server/uploads/repository';
import { decidePhoto, setVerificationPhoto } from './repository';

const UPLOAD_AGAIN = serverMessage('server.trust.error.uploadAgain');
const uploadAgain = () => new AppError('VALIDATION_FAILED', UPLOAD_AGAIN, { photo: UPLOAD_AGAIN });

const alreadySold = () => new AppError('ALREADY_SOLD', serverMessage('server.trust.error.soldNoVerification'));

/**
 * The seller sends the photo of the phone beside its code (an upload of their own); it waits for
 * the admin, and a new one replaces the one before, whatever its state.
 */
export async function sendVerificationPhoto(
  deps: { db: DealDeps['db']; config: Config },
  sellerId: string,
  productId: string,
  photoUrl: string,
): Promise<number> {
  const { db, config } = deps;
  const product = orNotFound(await findProduct(db, productId), 'Product');
  if (product.seller_id !== sellerId) throw forbidden(serverMessage('server.trust.error.verifyOwnOnly'));
  if (product.is_sold) throw alreadySold();
  const uploadId = uploadIdOfUrl(photoUrl, config);
  if (uploadId === null || !(await findOwnUploads(db, [uploadId], sellerId)).has(uploadId)) throw uploadAgain();
  try {
    return await db.transaction().execute(async (trx) => {
      const before = orNotFound(await findProduct(trx, productId), 'Product');
      const changed = await setVerificationPhoto(trx, productId, uploadId);
      if (changed === 0) throw alreadySold();
      // A photo approved before no longer counts: "Photo verified" leaves its page and the search's filter.
      if (before.photo_state === 'approved') await listingReviewed(trx, productId);
      return changed;
    });
  } catch (error) {
    // Housekeeping removed the upload as unused between the check and the write.
    throw isForeignKeyViolation(error) ? uploadAgain() : error;
  }
}

/** The admin approves (rejectedFor null) or rejects a verification photo; the seller is told. */
export async function decideVerificationPhoto(
  deps: DealDeps,
  productId: string,
  rejectedFor: string | null,
): Promise<number> {
  return withNotifications(deps, async (trx, tell) => {
    const product = orNotFound(await findProduct(trx, productId), 'Product');
    if (!(await decidePhoto(trx, productId, rejectedFor)))
      throw new AppError('CONFLICT', serverMessage('server.trust.error.photoNotWaiting'));
    // "Photo verified" is one of the search's filters.
    await listingReviewed(trx, productId);
    await tell({
      userId: product.seller_id,
      kind: 'listing_reviewed',
      message:
        rejectedFor === null
          ? localText('server.trust.photoApproved', { product: product.product_name })
          : localText('server.trust.photoRejected', { product: product.product_name, reason: rejectedFor }),
      link: paths.myProducts,
    });
    return 1;
  });
}
