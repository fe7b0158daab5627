import type { Kysely } from 'kysely';
import type { MyProductActivity, StoreProductRequest } from '../../shared/products';
import { findBooking } from '../bookings/repository';
import { findCategory } from '../categories/repository';
import type { Config } from '../config';
import { isForeignKeyViolation } from '../db/errors';
import { isId } from '../db/ids';
import type { Database } from '../db/schema';
import { AppError, forbidden, notFound, unauthenticated } from '../errors';
import { uploadIdOfUrl } from '../uploads/names';
import { findReport } from '../reports/repository';
import { findOwnUpload } from '../uploads/repository';
import { findUserById } from '../users/repository';
import { findProduct, insertProduct, markAdvertised } from './repository';

const invalidField = (field: keyof StoreProductRequest, message: string) =>
  new AppError('VALIDATION_FAILED', message, { [field]: message });

/**
 * Lists a product for `sellerId`. The photo must be one this seller uploaded here, so a listing can
 * neither borrow another seller's picture nor point at an outside address.
 */
export async function storeProduct(
  db: Kysely<Database>,
  config: Config,
  sellerId: string,
  request: StoreProductRequest,
): Promise<string> {
  const uploadAgain = () => invalidField('productImg', 'Please upload the product image again, then save the product');
  const uploadId = uploadIdOfUrl(request.productImg, config.PUBLIC_URL);
  if (!uploadId || !(await findOwnUpload(db, uploadId, sellerId))) throw uploadAgain();
  if (!(await findCategory(db, request.category_id))) throw invalidField('category_id', 'Please choose a category');

  try {
    return await insertProduct(db, {
      sellerId,
      categoryId: request.category_id,
      imageId: uploadId,
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
  } catch (error) {
    // Since the checks above, housekeeping removed the photo as unused (it was a day old), or the
    // seller's own account was deleted; categories are never deleted.
    if (!isForeignKeyViolation(error)) throw error;
    throw (await findUserById(db, sellerId)) ? uploadAgain() : unauthenticated();
  }
}

/** Advertises one of the seller's own unsold products; answers how many rows changed (0 if it already was). */
export async function advertiseProduct(db: Kysely<Database>, sellerId: string, productId: string): Promise<number> {
  const product = isId(productId) ? await findProduct(db, productId) : undefined;
  if (!product) throw notFound('Product');
  if (product.seller_id !== sellerId) throw forbidden('You can only advertise your own products');
  if (product.is_sold) throw new AppError('ALREADY_SOLD', 'This product is sold already, so it cannot be advertised');
  return markAdvertised(db, productId);
}

/**
 * Deletes a product in one transaction: its reports go with it, while bookings stay as the buyers'
 * history with their product link cleared. `ownerId` limits the deletion to that seller's products;
 * without it (an admin) any product may go. The photo stays: bookings still show it.
 */
export async function deleteProduct(db: Kysely<Database>, productId: string, ownerId?: string): Promise<number> {
  if (!isId(productId)) throw notFound('Product');
  return db.transaction().execute(async (trx) => {
    const product = await findProduct(trx, productId);
    if (!product) throw notFound('Product');
    if (ownerId !== undefined && product.seller_id !== ownerId)
      throw forbidden('You can only delete your own products');
    await trx.deleteFrom('reports').where('product_id', '=', productId).execute();
    await trx.updateTable('bookings').set({ product_id: null }).where('product_id', '=', productId).execute();
    const result = await trx.deleteFrom('products').where('id', '=', productId).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

/** When the user booked and reported the product, if they did; a 404 when there is no such product. */
export async function activityOf(db: Kysely<Database>, userId: string, productId: string): Promise<MyProductActivity> {
  if (!isId(productId) || !(await findProduct(db, productId))) throw notFound('Product');
  const [booking, report] = await Promise.all([findBooking(db, userId, productId), findReport(db, productId, userId)]);
  return { bookedAt: booking?.booked_at ?? null, reportedAt: report?.reported_at ?? null };
}
