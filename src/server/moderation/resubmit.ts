import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { AppError, forbidden, notFound } from '#server/errors';
import { findProduct } from '#server/products/repository';
import { syncListing } from '#server/search/indexing';
import { openCase } from './cases';
import { appendLog } from './repository';
import { listingSnapshot } from './snapshots';

/**
 * The seller resubmits a listing a moderator asked to change: it is on sale again at once, and the
 * server flags it into the queue (a case with its new snapshot) so a moderator looks at the change.
 */
export async function resubmitListing(db: Kysely<Database>, sellerId: string, productId: string): Promise<void> {
  const product = await findProduct(db, productId);
  if (!product) throw notFound('Product');
  if (product.seller_id !== sellerId) throw forbidden('You can only resubmit your own products');
  await db.transaction().execute(async (trx) => {
    const back = await trx
      .updateTable('products')
      .set({ is_hidden: false, moderation_state: null, moderation_reason: null })
      .where('id', '=', productId)
      .where('moderation_state', '=', 'changes_requested')
      .returningAll()
      .executeTakeFirst();
    if (!back) throw new AppError('CONFLICT', 'No moderator asked for changes to this listing');
    await syncListing(trx, productId);
    await appendLog(trx, {
      case_id: null,
      actor_id: sellerId,
      actor_name: 'PhoneHaat',
      is_automated: true,
      action: 'resubmitted',
      subject_type: 'listing',
      subject_id: productId,
      target_user_id: null,
      reason: 'other',
      note: 'The seller edited the listing and resubmitted it.',
      until_at: null,
      before: { state: 'changes_requested', hidden: true },
      after: { state: null, hidden: false },
    });
    await openCase(trx, {
      subjectType: 'listing',
      subjectId: productId,
      subjectUserId: sellerId,
      title: back.product_name,
      reason: 'resubmitted',
      note: null,
      snapshot: await listingSnapshot(trx, back),
      reporterId: null,
    });
  });
}
