import type { FastifyBaseLogger } from 'fastify';
import { paths } from '#shared/paths';
import { closeBookingsOfAccount, type DealDeps } from '#server/bookings/deal';
import { forgetBuyer } from '#server/bookings/forget';
import { forgetInChat } from '#server/chat/forget';
import { withNotifications } from '#server/notifications/service';
import { removeProductsOfSeller, sellerVerifiedChanged } from '#server/products/repository';
import { imageFileNames } from '#server/uploads/names';
import { shownByABooking, shownByAConversation } from '#server/uploads/repository';
import type { ImageStore } from '#server/uploads/store';
import { avatarFileName } from './avatar';
import { setSellerVerified } from './repository';
import { localText } from '#server/i18n/texts';

/**
 * Deletes a buyer or a seller and everything that is theirs, in one transaction: sessions, uploads,
 * products (and, through them, the products' reports), verification request and reports they made,
 * mailed links, mail settings and unsent mail.
 * Bookings stay as history with the person's link and what they copied of the person cleared
 * (forgetBuyer), and chat's lines and notifications that named them are written again (forgetInChat);
 * sent mail stays without its address. Image files go once the rows are gone,
 * except the pictures buyers' orders and conversations still show (a booking keeps its product's
 * picture URL, a conversation its upload id); a file
 * that cannot be removed then is logged, and the account stays deleted.
 */
export async function deleteUserWithRole(
  deps: DealDeps & { images: ImageStore },
  userId: string,
  /** The role the account must have; undefined: any but admin (a person deleting their own account). */
  role: 'buyer' | 'seller' | undefined,
  log: FastifyBaseLogger,
): Promise<number> {
  const { images } = deps;
  const { deleted, unusedUploadIds } = await withNotifications(deps, async (trx, tell) => {
    const user = await trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .where((eb) => (role ? eb('role', '=', role) : eb.or([eb('role', 'is', null), eb('role', '!=', 'admin')])))
      .executeTakeFirst();
    if (!user) return { deleted: 0, unusedUploadIds: [] as string[] };
    const productIds = trx.selectFrom('products').select('id').where('seller_id', '=', userId);
    await closeBookingsOfAccount(trx, tell, userId);
    await trx
      .deleteFrom('reports')
      .where((eb) => eb.or([eb('product_id', 'in', productIds), eb('reporter_id', '=', userId)]))
      .execute();
    await trx.updateTable('bookings').set({ product_id: null }).where('product_id', 'in', productIds).execute();
    await removeProductsOfSeller(trx, userId);
    // Read once no product of theirs is left to book or ask about, so every order and conversation is counted.
    const unused = await trx
      .selectFrom('uploads')
      .select('id')
      .where('owner_id', '=', userId)
      .where((eb) => eb.not(shownByABooking(images)(eb)))
      .where((eb) => eb.not(shownByAConversation(eb)))
      .execute();
    await forgetBuyer(trx, userId);
    await forgetInChat(trx, userId);
    await trx.deleteFrom('verification_requests').where('user_id', '=', userId).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    // Mail not yet sent to the account goes with it; sent and failed mail stay as the outbox's record.
    await trx
      .deleteFrom('mail_outbox')
      .where('user_id', '=', userId)
      .where('state', 'in', ['pending', 'sending'])
      .execute();
    // Sent and failed mail stays as the outbox's record, without the address it went to.
    await trx.updateTable('mail_outbox').set({ to_address: '', data: '{}' }).where('user_id', '=', userId).execute();
    await trx.deleteFrom('account_tokens').where('user_id', '=', userId).execute();
    await trx.deleteFrom('mail_opt_outs').where('user_id', '=', userId).execute();
    await trx.deleteFrom('uploads').where('owner_id', '=', userId).execute();
    const result = await trx.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
    return { deleted: Number(result.numDeletedRows), unusedUploadIds: unused.map((u) => u.id) };
  });
  try {
    if (deleted) await images.remove([avatarFileName(userId), ...unusedUploadIds.flatMap(imageFileNames)]);
  } catch (error) {
    // The rows are gone for good; files left behind only cost disk space, so the delete still succeeded.
    log.error({ err: error, userId, uploadIds: unusedUploadIds }, 'could not remove the pictures of a deleted account');
  }
  return deleted;
}

/** Verifies a seller; their listings show under "verified sellers only" from the same moment. Answers rows changed. */
export async function verifySeller(deps: DealDeps, seller: { id: string; email: string }): Promise<number> {
  return withNotifications(deps, async (trx, tell) => {
    const result = await setSellerVerified(trx, seller.email);
    await sellerVerifiedChanged(trx, seller.id, true);
    const changed = Number(result.numUpdatedRows);
    if (changed > 0) {
      await tell({
        userId: seller.id,
        kind: 'seller_verified',
        message: localText('server.users.verified'),
        link: paths.myProducts,
      });
    }
    return changed;
  });
}
