import type { Kysely } from 'kysely';
import { insertOnce } from '#server/db/errors';
import type { Database } from '#server/db/schema';
import { AppError, forbidden, notFound } from '#server/errors';
import { findProduct } from '#server/products/repository';
import { productOrAccountGone } from '#server/products/service';
import { findReport, insertReport } from './repository';

const alreadyReported = () =>
  new AppError('ALREADY_EXISTS', 'You have reported this phone already. An admin will look at it.');

/** Files one report of a product by `reporterId`: never of one's own listing, never twice. */
export async function reportProduct(db: Kysely<Database>, reporterId: string, productId: string): Promise<string> {
  const product = await findProduct(db, productId);
  if (!product) throw notFound('Product');
  if (product.seller_id === reporterId) throw forbidden('You cannot report your own listing');
  return insertOnce({
    find: () => findReport(db, productId, reporterId),
    found: () => {
      throw alreadyReported();
    },
    insert: () => insertReport(db, productId, reporterId),
    gone: () => productOrAccountGone(db, productId),
  });
}
