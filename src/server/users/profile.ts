import type { StartSellingRequest } from '#shared/users';
import type { Deps } from '#server/deps';
import type { UserRow } from '#server/db/schema';
import { messageText } from '#shared/i18n/translate';
import { AppError, forbidden } from '#server/errors';
import { serverMessage } from '#server/i18n/texts';
import { imageFileName, uploadIdOfUrl } from '#server/uploads/names';
import { findOwnUploads } from '#server/uploads/repository';
import { avatarFileName, drawAvatar, hueOf } from './avatar';
import { completeProfile, becomeSeller, updateProfile } from './repository';

type ProfileDeps = Pick<Deps, 'db' | 'images' | 'config'>;

const notYours = () =>
  new AppError('VALIDATION_FAILED', serverMessage('server.users.error.photoNotYours'), {
    photoURL: messageText('shared.common.profilePhoto'),
  });

/**
 * The photo a profile change stores, or undefined to keep the one there is. A picture of this
 * server must be the account's own: one of its uploads (named by its URL as POST /uploads gave it)
 * or the photo it has already (a drawn avatar included); a link elsewhere is taken as the spec's photo URL.
 */
async function photoToStore(
  deps: ProfileDeps,
  user: UserRow,
  photoURL: string | undefined,
): Promise<string | undefined> {
  if (!photoURL || photoURL === user.photo_url) return undefined;
  const uploadId = uploadIdOfUrl(photoURL, deps.config);
  if (uploadId) {
    if (!(await findOwnUploads(deps.db, [uploadId], user.id)).has(uploadId)) throw notYours();
    return deps.images.urlOf(imageFileName(uploadId));
  }
  if (photoURL.startsWith('/')) throw notYours();
  return photoURL;
}

/** Draws the account an avatar with its initials and answers where it is served. */
async function drawnAvatar(deps: ProfileDeps, user: UserRow, name: string): Promise<string> {
  await deps.images.put(avatarFileName(user.id), await drawAvatar(name, hueOf(user.id)));
  return deps.images.urlOf(avatarFileName(user.id));
}

/**
 * POST /addUser: stores the name and photo, and the role when none is set yet (so a second call
 * cannot switch roles). An account without any photo gets an avatar drawn with its initials.
 */
export async function saveProfile(
  deps: ProfileDeps,
  user: UserRow,
  profile: { name: string; photoURL?: string | undefined; role: 'buyer' | 'seller' },
): Promise<void> {
  const photo =
    (await photoToStore(deps, user, profile.photoURL)) ??
    (user.photo_url || (await drawnAvatar(deps, user, profile.name)));
  await completeProfile(deps.db, user.id, { name: profile.name, photoUrl: photo, role: profile.role });
}

/** POST /auth/update: a new name, and a new photo only when one is given. */
export async function updateAccount(
  deps: ProfileDeps,
  user: UserRow,
  update: { displayName: string; photoURL?: string | undefined },
): Promise<void> {
  const photo = (await photoToStore(deps, user, update.photoURL)) ?? user.photo_url;
  await updateProfile(deps.db, user.id, update.displayName, photo);
}

/**
 * A buyer starts selling: the account becomes a seller (unverified, like every new seller) and keeps
 * everything it had as a buyer, its orders included. A seller calling it again updates the same
 * fields. The admin account moderates and neither buys nor sells.
 */
export async function startSelling(deps: ProfileDeps, user: UserRow, request: StartSellingRequest): Promise<void> {
  if (user.role === 'admin') throw forbidden(serverMessage('server.users.error.adminCannotSell'));
  await becomeSeller(deps.db, user.id, { name: request.name, phoneNumber: request.phoneNumber });
}
