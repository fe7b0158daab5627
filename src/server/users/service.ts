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
import { deleteUserRow, setSellerVerified } from './repository';
import { localText } from '#server/i18n/texts';

/**
 * Deletes a buyer or a seller, in one transaction. The schema's cascades remove what is only theirs
 * when the user row goes (sessions, uploads, verification request, reports they made, mailed links,
 * mail settings, notifications, alerts, blocks, reviews; a listing's photos, reports and index rows
 * with the listing; bookings and conversations lose their link). Written here by hand is only what
 * must be ordered or notified: the bookings the deletion ends (their people are told), the listings
 * (through the products repository, so search and the public cache hear of it, and before their
 * pictures, which the listings still point to), which pictures buyers' orders and conversations
 * still show (read before the rows go), what bookings and chat copied of the person (written again
 * without them), and the mail outbox, which has no key to users: unsent mail goes, sent mail stays
 * without its address. Image files go once the rows are gone; a file that cannot be removed then
 * is logged, and the account stays deleted.
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
    await closeBookingsOfAccount(trx, tell, userId);
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
    // Mail not yet sent to the account goes with it (the outbox has no key to users, so no cascade).
    await trx
      .deleteFrom('mail_outbox')
      .where('user_id', '=', userId)
      .where('state', 'in', ['pending', 'sending'])
      .execute();
    // Sent and failed mail stays as the outbox's record, without the address it went to.
    await trx.updateTable('mail_outbox').set({ to_address: '', data: '{}' }).where('user_id', '=', userId).execute();
    return { deleted: await deleteUserRow(trx, userId), unusedUploadIds: unused.map((u) => u.id) };
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
