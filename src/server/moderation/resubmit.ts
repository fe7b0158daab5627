import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { AppError, forbidden, orNotFound } from '#server/errors';
import { serverMessage } from '#server/i18n/texts';
import { findProduct, setModerationState } from '#server/products/repository';
import { onListingVisible } from '#server/alerts/matching';
import { openCase } from './cases';
import { appendLog } from './repository';
import { listingSnapshot } from './snapshots';

/**
 * The seller resubmits a listing a moderator asked to change: it is on sale again at once, and the
 * server flags it into the queue (a case with its new snapshot) so a moderator looks at the change.
 */
export async function resubmitListing(db: Kysely<Database>, sellerId: string, productId: string): Promise<void> {
  const product = orNotFound(await findProduct(db, productId), 'Product');
  if (product.seller_id !== sellerId) throw forbidden(serverMessage('server.moderation.error.resubmitOwnOnly'));
  await db.transaction().execute(async (trx) => {
    if (!(await setModerationState(trx, productId, { state: null, hidden: false }, 'changes_requested')))
      throw new AppError('CONFLICT', serverMessage('server.moderation.error.noChangesAsked'));
    const back = await trx.selectFrom('products').selectAll().where('id', '=', productId).executeTakeFirstOrThrow();
    await onListingVisible(trx, productId, 'shown');
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
      // Worded when read, in its reader's language (views.ts, SERVER_NOTES).
      note: null,
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
