import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ImageStore } from '../uploads/store';
import { imageFileNames } from '../uploads/names';

/**
 * Deletes a buyer or a seller and everything that is theirs, in one transaction: sessions, uploads,
 * products (and, through them, the products' reports), verification request and reports they made.
 * Bookings stay as history with the person's link cleared. Image files go once the rows are gone.
 */
export async function deleteUserWithRole(
  db: Kysely<Database>,
  images: ImageStore,
  userId: string,
  role: 'buyer' | 'seller',
): Promise<number> {
  const { deleted, uploadIds } = await db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select('id').where('id', '=', userId).where('role', '=', role).executeTakeFirst();
    if (!user) return { deleted: 0, uploadIds: [] as string[] };
    const uploads = await trx.selectFrom('uploads').select('id').where('owner_id', '=', userId).execute();
    const productIds = trx.selectFrom('products').select('id').where('seller_id', '=', userId);
    await trx.deleteFrom('reports').where((eb) => eb.or([eb('product_id', 'in', productIds), eb('reporter_id', '=', userId)])).execute();
    await trx.updateTable('bookings').set({ product_id: null }).where('product_id', 'in', productIds).execute();
    await trx.deleteFrom('products').where('seller_id', '=', userId).execute();
    await trx.updateTable('bookings').set({ buyer_id: null }).where('buyer_id', '=', userId).execute();
    await trx.deleteFrom('verification_requests').where('user_id', '=', userId).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    await trx.deleteFrom('uploads').where('owner_id', '=', userId).execute();
    const result = await trx.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
    return { deleted: Number(result.numDeletedRows), uploadIds: uploads.map((u) => u.id) };
  });
  await images.remove(uploadIds.flatMap(imageFileNames));
  return deleted;
}
