import type { Kysely } from 'kysely';
import { isForeignKeyViolation } from '../db/errors';
import type { Database } from '../db/schema';
import { AppError, forbidden, notFound, unauthenticated } from '../errors';
import { findProduct } from '../products/repository';
import { findReport, insertReport } from './repository';

const alreadyReported = () =>
  new AppError('ALREADY_EXISTS', 'You have reported this phone already. An admin will look at it.');

/** Files one report of a product by `reporterId`: never of one's own listing, never twice. */
export async function reportProduct(db: Kysely<Database>, reporterId: string, productId: string): Promise<string> {
  const product = await findProduct(db, productId);
  if (!product) throw notFound('Product');
  if (product.seller_id === reporterId) throw forbidden('You cannot report your own listing');
  if (await findReport(db, productId, reporterId)) throw alreadyReported();
  try {
    return await insertReport(db, productId, reporterId);
  } catch (error) {
    // Two reports racing past the check above: the unique index keeps one, the other gets the same 409.
    if (await findReport(db, productId, reporterId)) throw alreadyReported();
    // The product (with its seller, perhaps) or the reporter's own account was deleted since the lookup.
    if (isForeignKeyViolation(error))
      throw (await findProduct(db, productId)) ? unauthenticated() : notFound('Product');
    throw error;
  }
}
