import type { Kysely } from 'kysely';
import { readChatLine } from '#shared/chat-lines';
import type { Snapshot } from '#shared/moderation';
import type { ConversationRow, Database, ProductRow, UserRow } from '#server/db/schema';
import { photosOf } from '#server/products/repository';
import { imageFileName } from '#server/uploads/names';
import type { ImageStore } from '#server/uploads/store';
import type { StoredSnapshot } from './cases';

/** How many messages before the reported one a conversation's snapshot keeps. */
export const MESSAGES_BEFORE = 10;

export async function listingSnapshot(db: Kysely<Database>, product: ProductRow): Promise<StoredSnapshot> {
  const photos = await photosOf(db, [product.id]);
  return {
    type: 'listing',
    productName: product.product_name,
    brand: product.brand,
    resalePrice: product.resale_price,
    originalPrice: product.original_price,
    condition: product.product_condition,
    location: product.location,
    sellerMobile: product.seller_mobile,
    description: product.description,
    photoIds: photos.get(product.id)?.length ? photos.get(product.id)! : [product.image_id],
  };
}

/**
 * The reported message (the other side's newest, or the one named) and the ten before it, as they
 * were, with who wrote each. Null when the other side has written nothing to report. A line
 * PhoneHaat wrote is kept as its kind and values, and a deleted sender as null: the admin's client
 * words them in its reader's language (docs/i18n-server.md).
 */
export async function conversationSnapshot(
  db: Kysely<Database>,
  conversation: ConversationRow,
  reportedUserId: string,
  messageId: string | undefined,
): Promise<{ snapshot: StoredSnapshot; messageId: string } | null> {
  const reported = await db
    .selectFrom('chat_messages')
    .selectAll()
    .where('conversation_id', '=', conversation.id)
    .where('sender_id', '=', reportedUserId)
    .$if(messageId !== undefined, (q) => q.where('id', '=', messageId!))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!reported) return null;
  const rows = await db
    .selectFrom('chat_messages as m')
    .leftJoin('users as u', 'u.id', 'm.sender_id')
    .select(['m.id', 'm.sender_id', 'm.kind', 'm.body', 'm.line', 'm.created_at', 'u.name'])
    .where('m.conversation_id', '=', conversation.id)
    .where(({ eb, refTuple, tuple }) =>
      eb(refTuple('m.created_at', 'm.id'), '<=', tuple(reported.created_at, reported.id)),
    )
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(MESSAGES_BEFORE + 1)
    .execute();
  const messages = rows.reverse().map((row) => ({
    _id: row.id,
    senderName: row.kind === 'system' ? 'PhoneHaat' : row.name,
    fromReported: row.sender_id === reportedUserId,
    kind: row.kind,
    text: row.body,
    line: readChatLine(row.line),
    sentAt: row.created_at,
  }));
  return {
    snapshot: {
      type: 'conversation',
      productName: conversation.product_name,
      messages,
      reportedMessageId: reported.id,
    },
    messageId: reported.id,
  };
}

export async function userSnapshot(db: Kysely<Database>, user: UserRow): Promise<StoredSnapshot> {
  const { count } = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('seller_id', '=', user.id)
    .executeTakeFirstOrThrow();
  return {
    type: 'user',
    name: user.name,
    photoUrl: user.photo_url,
    memberSince: user.created_at,
    listings: Number(count),
  };
}

/** A stored snapshot as the API shows it: photos as addresses. */
export function shownSnapshot(json: string, images: ImageStore): Snapshot {
  const stored = JSON.parse(json) as StoredSnapshot;
  if (stored.type !== 'listing') return stored;
  const { photoIds, ...rest } = stored;
  return { ...rest, photos: photoIds.map((id) => images.urlOf(imageFileName(id))) };
}
