import type { Kysely } from 'kysely';
import type { ChatMessage, ChatMessageRequest, ChatSide, Conversation } from '../../shared/chat';
import type { KeysetPageQuery } from '../../shared/common';
import { paths } from '../../shared/paths';
import { insertOnce } from '../db/errors';
import { nowIso } from '../db/ids';
import type { ConversationRow, Database, UserRow } from '../db/schema';
import type { Deps } from '../deps';
import { AppError, forbidden, notFound } from '../errors';
import { withNotifications } from '../notifications/service';
import { findProduct } from '../products/repository';
import { productOrAccountGone } from '../products/service';
import {
  conversationFor,
  findConversation,
  findConversationOf,
  findMessageByClientId,
  insertConversation,
  insertMessage,
  listMessages,
  markConversationRead,
  sideOf,
  toChatMessage,
} from './repository';

export type ChatDeps = Pick<Deps, 'db' | 'bell' | 'images'>;

const notTheirs = () => forbidden('Only the buyer and the seller of this conversation can see it');

/** The conversation `id` and the caller's side in it; a stranger's is refused. */
async function conversationOf(
  db: Kysely<Database>,
  id: string,
  userId: string,
): Promise<{ conversation: ConversationRow; side: ChatSide }> {
  const conversation = await findConversation(db, id);
  if (!conversation) throw notFound('Conversation');
  const side = sideOf(conversation, userId);
  if (!side) throw notTheirs();
  return { conversation, side };
}

/**
 * A buyer opens the conversation about a phone, or is given the one they have: one per phone and
 * buyer, which the unique index holds when two tabs start it at once.
 */
export async function startConversation(
  db: Kysely<Database>,
  buyerId: string,
  productId: string,
): Promise<{ _id: string; created: boolean }> {
  const product = await findProduct(db, productId);
  if (!product) throw notFound('Product');
  if (product.seller_id === buyerId) throw forbidden('This is your own phone: buyers write to you about it');
  return insertOnce({
    find: () => findConversationOf(db, productId, buyerId),
    found: (row): { _id: string; created: boolean } => ({ _id: row.id, created: false }),
    insert: async () => {
      if (product.is_sold || product.is_hidden) throw new AppError('CONFLICT', 'This phone is not on sale right now');
      const values = {
        product_id: product.id,
        buyer_id: buyerId,
        seller_id: product.seller_id,
        product_name: product.product_name,
        product_image_id: product.image_id,
        product_price: product.resale_price,
      };
      return { _id: await insertConversation(db, values, nowIso()), created: true };
    },
    gone: () => productOrAccountGone(db, productId),
  });
}

export async function readConversation(deps: ChatDeps, userId: string, id: string): Promise<Conversation> {
  const { side } = await conversationOf(deps.db, id, userId);
  const view = await conversationFor(deps.db, deps.images, id, side);
  if (!view) throw notFound('Conversation');
  return view;
}

export async function readMessages(db: Kysely<Database>, userId: string, id: string, page: KeysetPageQuery) {
  await conversationOf(db, id, userId);
  return listMessages(db, id, userId, page);
}

/**
 * Sends a message; one sent again with the same `clientId` (a retry after the network dropped) is
 * answered with the stored one. The other side's bell rings when the conversation turns unread for
 * them (one notification per unread stretch, not per message); both sides' open pages read again.
 */
export async function sendMessage(
  deps: ChatDeps,
  sender: Pick<UserRow, 'id' | 'name'>,
  id: string,
  request: ChatMessageRequest,
): Promise<{ message: ChatMessage; created: boolean }> {
  const { db, bell } = deps;
  const { conversation, side } = await conversationOf(db, id, sender.id);
  const retried = (row: NonNullable<Awaited<ReturnType<typeof findMessageByClientId>>>) => {
    if (row.sender_id !== sender.id) throw new AppError('CONFLICT', 'Send the message again: its id is taken');
    return { message: toChatMessage(row, sender.id), created: false };
  };
  const other = side === 'buying' ? conversation.seller_id : conversation.buyer_id;
  const result = await insertOnce({
    find: () => findMessageByClientId(db, id, request.clientId),
    found: retried,
    insert: () => {
      if (side === 'selling' && conversation.last_message_at === null) {
        throw forbidden('The buyer writes first: you can answer once they ask about this phone');
      }
      if (!other) throw new AppError('CONFLICT', 'This account is deleted: your message would reach nobody');
      return withNotifications(deps, async (trx, tell) => {
        const fresh = await findConversation(trx, id);
        const otherReadAt = side === 'buying' ? fresh?.seller_read_at : fresh?.buyer_read_at;
        const hadUnread =
          fresh?.last_message_at != null &&
          fresh.last_sender_id !== other &&
          (otherReadAt == null || fresh.last_message_at > otherReadAt);
        const row = await insertMessage(
          trx,
          { conversation_id: id, sender_id: sender.id, client_id: request.clientId, kind: 'text', body: request.text },
          side,
          nowIso(),
        );
        if (!hadUnread) {
          await tell({
            userId: other,
            kind: 'chat_message',
            message: `${sender.name} wrote to you about ${conversation.product_name}.`,
            link: paths.conversation(id),
          });
        }
        return { message: toChatMessage(row, sender.id), created: true };
      });
    },
  });
  if (result.created) await bell.ring([sender.id, ...(other ? [other] : [])]);
  return result;
}

/** The caller has opened the conversation: the other side's page shows "Seen". */
export async function markRead(deps: ChatDeps, userId: string, id: string): Promise<boolean> {
  const { conversation, side } = await conversationOf(deps.db, id, userId);
  const changed = await markConversationRead(deps.db, conversation, side, nowIso());
  const other = side === 'buying' ? conversation.seller_id : conversation.buyer_id;
  if (changed) await deps.bell.ring([userId, ...(other ? [other] : [])]);
  return changed;
}
