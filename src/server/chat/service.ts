import type { Kysely } from 'kysely';
import {
  NEW_ACCOUNT_DAILY_CONVERSATIONS,
  SAME_TEXT_CONVERSATIONS,
  SAME_TEXT_WINDOW_MINUTES,
  type ChatMessage,
  type ChatMessageSend,
  type ChatSide,
  type ConversationDetails,
} from '#shared/chat';
import { checkContacts, ownHostsOf } from '#shared/chat-safety';
import type { KeysetPageQuery } from '#shared/common';
import { paths } from '#shared/paths';
import type { Engine } from '#server/db/connection';
import { insertOnce } from '#server/db/errors';
import { nowIso } from '#server/db/ids';
import type { ChatMessageRow, ConversationRow, Database, ProductRow, UserRow } from '#server/db/schema';
import type { Deps } from '#server/deps';
import { countUse } from '#server/limits/counters';
import { uploadIdOfUrl } from '#server/uploads/names';
import { findOwnUploads } from '#server/uploads/repository';
import { AppError, forbidden, notFound, orNotFound } from '#server/errors';
import { withNotifications, type Notify } from '#server/notifications/service';
import { findProduct } from '#server/products/repository';
import { productOrAccountGone } from '#server/products/service';
import { latestOfferOf, toOffer } from './offers-repository';
import {
  blocksBetween,
  bookingOf,
  conversationFor,
  deleteBlock,
  dropWaitingMail,
  ensureConversation,
  touchConversationsBetween,
  dealPhones,
  insertBlock,
  lockSameText,
  sendingContextOf,
  photoOf,
  findConversation,
  findConversationOf,
  findMessageByClientId,
  insertConversation,
  newConversationOf,
  insertMessage,
  insertMessagePhotos,
  insertSentMessage,
  photosOf,
  listMessages,
  markConversationRead,
  sideOf,
  toChatMessage,
} from './repository';
import { localText, serverMessage } from '#server/i18n/texts';

export type ChatDeps = Pick<Deps, 'db' | 'engine' | 'bell' | 'push' | 'images' | 'config'>;

const DAY_MS = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** The refusal either side of a block gets: the blocked side is not told who blocked whom. */
export const closed = () => forbidden(serverMessage('server.chat.error.closed'));

/** Whether either of two people blocked the other. */
export async function isBlockedEitherWay(db: Kysely<Database>, a: string | null, b: string | null) {
  if (!a || !b) return false;
  const { byA, byB } = await blocksBetween(db, a, b);
  return byA || byB;
}

/** Conversations a limited account starts in a day, counted in the database with the insert. */
const NEW_ACCOUNT_RULE = { max: NEW_ACCOUNT_DAILY_CONVERSATIONS, windowMs: DAY_MS };

/**
 * An account younger than a day or with an address nobody proved starts a few conversations a day:
 * enough to ask about the phones one wants, too few to spam sellers. Others have no limit. The count
 * is a counter row taken in the insert's transaction, so tabs starting conversations at once cannot
 * pass it together, and one that is rolled back is not counted.
 */
async function countStart(trx: Kysely<Database>, buyer: Pick<UserRow, 'id' | 'created_at' | 'is_email_verified'>) {
  const young = buyer.created_at >= ago(DAY_MS);
  if (buyer.is_email_verified && !young) return;
  if ((await countUse(trx, `chat-start:${buyer.id}`, NEW_ACCOUNT_RULE)).allowed) return;
  throw new AppError('RATE_LIMITED', newAccountLimitMessage(buyer.is_email_verified, young));
}

/** The refusal says what lifts the limit: only what the account still lacks, both when it lacks both. */
function newAccountLimitMessage(emailVerified: boolean, young: boolean): string {
  const limit = { max: NEW_ACCOUNT_DAILY_CONVERSATIONS };
  if (!emailVerified && young) return serverMessage('server.chat.error.limitNewAccount', limit);
  if (!emailVerified) return serverMessage('server.chat.error.limitUnverified', limit);
  return serverMessage('server.chat.error.limitYoung', limit);
}

const notTheirs = () => forbidden(serverMessage('server.chat.error.notTheirs'));

/** The conversation `id` and the caller's side in it; a stranger's is refused. */
export async function conversationOf(
  db: Kysely<Database>,
  id: string,
  userId: string,
): Promise<{ conversation: ConversationRow; side: ChatSide }> {
  const conversation = orNotFound(await findConversation(db, id), 'Conversation');
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
  buyer: Pick<UserRow, 'id' | 'created_at' | 'is_email_verified'>,
  productId: string,
): Promise<{ _id: string; created: boolean }> {
  const buyerId = buyer.id;
  const product = orNotFound(await findProduct(db, productId), 'Product');
  if (product.seller_id === buyerId) throw forbidden(serverMessage('server.chat.error.ownPhone'));
  return insertOnce({
    find: () => findConversationOf(db, productId, buyerId),
    found: (row): { _id: string; created: boolean } => ({ _id: row.id, created: false }),
    insert: async () => {
      if (product.is_sold || product.is_hidden || product.review_state)
        throw new AppError('CONFLICT', serverMessage('server.chat.error.notOnSale'));
      if (await isBlockedEitherWay(db, buyerId, product.seller_id)) throw closed();
      return db.transaction().execute(async (trx) => {
        await countStart(trx, buyer);
        return { _id: await insertConversation(trx, newConversationOf(product, buyerId), nowIso()), created: true };
      });
    },
    gone: () => productOrAccountGone(db, productId),
  });
}

export async function readConversation(deps: ChatDeps, userId: string, id: string): Promise<ConversationDetails> {
  const { conversation, side } = await conversationOf(deps.db, id, userId);
  const other = side === 'buying' ? conversation.seller_id : conversation.buyer_id;
  const [view, phones, booking, blocks, offer, product] = await Promise.all([
    conversationFor(deps.db, deps.images, id, side),
    dealPhones(deps.db, conversation),
    bookingOf(deps.db, conversation),
    other ? blocksBetween(deps.db, userId, other) : { byA: false, byB: false },
    latestOfferOf(deps.db, id),
    conversation.product_id ? findProduct(deps.db, conversation.product_id) : undefined,
  ]);
  if (!view) throw notFound('Conversation');
  return {
    ...view,
    phones: phones ?? null,
    booking: booking ?? null,
    offer: offer ? toOffer(offer) : null,
    blockedByMe: blocks.byA,
    closed: blocks.byA || blocks.byB,
    forParts: product?.condition_grade === 'for_parts',
  };
}

/**
 * Before the buyer's booking is accepted, a message carries no address and no link off the site,
 * and a mobile number only when its sender confirmed it; after, the deal's numbers are shown anyway.
 */
async function assertSafeToSend(deps: ChatDeps, conversation: ConversationRow, request: ChatMessageSend) {
  const { refused, hasNumber } = checkContacts(request.text, ownHostsOf(new URL(deps.config.PUBLIC_URL).hostname));
  if (!refused && (!hasNumber || request.confirmNumber)) return;
  if (await dealPhones(deps.db, conversation)) return;
  if (refused) {
    const refusal = serverMessage('server.chat.error.contactRefused');
    throw new AppError('BAD_REQUEST', refusal, { text: refusal });
  }
  throw new AppError('CONFIRM_NEEDED', serverMessage('server.chat.error.numberConfirm'), {
    text: serverMessage('server.chat.error.numberWarning'),
  });
}

/**
 * The same text into more than a few conversations within minutes is held: that is how spam looks.
 * Thrown after the message was written, which its transaction then takes back.
 */
function assertNotRepeated(sameText: number) {
  if (sameText < SAME_TEXT_CONVERSATIONS) return;
  throw new AppError(
    'RATE_LIMITED',
    serverMessage('server.chat.error.repeated', { count: SAME_TEXT_CONVERSATIONS, minutes: SAME_TEXT_WINDOW_MINUTES }),
  );
}

/** The caller blocks the other side of a conversation: neither can message or book the other. */
export async function blockOther(deps: ChatDeps, userId: string, id: string): Promise<boolean> {
  const { conversation, side } = await conversationOf(deps.db, id, userId);
  const other = side === 'buying' ? conversation.seller_id : conversation.buyer_id;
  if (!other) throw new AppError('CONFLICT', serverMessage('server.chat.error.deletedAlready'));
  const { byA } = await blocksBetween(deps.db, userId, other);
  if (byA) return false;
  await deps.db.transaction().execute(async (trx) => {
    const now = nowIso();
    await insertBlock(trx, userId, other, now);
    await touchConversationsBetween(trx, userId, other, now);
  });
  deps.bell.ring([userId, other]);
  return true;
}

/** The caller unblocks someone they blocked; their conversations open again on both sides' pages. */
export async function unblock(deps: ChatDeps, userId: string, blockedId: string): Promise<number> {
  const deleted = await deps.db.transaction().execute(async (trx) => {
    const count = await deleteBlock(trx, blockedId, userId);
    if (count) await touchConversationsBetween(trx, userId, blockedId, nowIso());
    return count;
  });
  if (deleted) deps.bell.ring([userId, blockedId]);
  return deleted;
}

export async function readMessages(deps: ChatDeps, userId: string, id: string, page: KeysetPageQuery) {
  await conversationOf(deps.db, id, userId);
  return listMessages(deps.db, deps.images, id, userId, page);
}

/** The uploads of the photos a message names: pictures the sender uploaded here, or a 400 that says so. */
async function photosToSend(deps: ChatDeps, senderId: string, urls: string[]): Promise<string[]> {
  const ids = urls.map((url) => uploadIdOfUrl(url, deps.config));
  const own = await findOwnUploads(
    deps.db,
    ids.filter((id): id is string => id !== null),
    senderId,
  );
  if (ids.every((id) => id !== null && own.has(id)) && new Set(ids).size === ids.length) return ids as string[];
  const refusal = serverMessage('server.chat.error.photosRefused');
  throw new AppError('BAD_REQUEST', refusal, { photos: refusal });
}

/** The conversation a message goes into, with its checks read at once; a stranger's is refused. */
async function sendingContext(db: Kysely<Database>, senderId: string, id: string, request: ChatMessageSend) {
  const context = orNotFound(await sendingContextOf(db, id, request.clientId), 'Conversation');
  const side = sideOf(context.conversation, senderId);
  if (!side) throw notTheirs();
  return { ...context, side };
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
  request: ChatMessageSend,
): Promise<{ message: ChatMessage; created: boolean }> {
  const { db, bell } = deps;
  const context = await sendingContext(db, sender.id, id, request);
  const { conversation, side } = context;
  const retried = (row: ChatMessageRow) => {
    if (row.sender_id !== sender.id) throw new AppError('CONFLICT', serverMessage('server.chat.error.idTaken'));
    return { message: toChatMessage(row, sender.id), created: false };
  };
  // The context read was the first look for a retry; a request that loses the insert's race looks again.
  let firstLook = context.retriedId === null;
  const find = async () => {
    if (!firstLook) return findMessageByClientId(db, id, request.clientId);
    firstLook = false;
    return undefined;
  };
  const other = side === 'buying' ? conversation.seller_id : conversation.buyer_id;
  const result = await insertOnce({
    find,
    found: retried,
    insert: async () => {
      if (side === 'selling' && conversation.last_message_at === null) {
        throw forbidden(serverMessage('server.chat.error.buyerFirst'));
      }
      if (!other) throw new AppError('CONFLICT', serverMessage('server.chat.error.nobodyToReach'));
      if (context.blocked) throw closed();
      await assertSafeToSend(deps, conversation, request);
      const uploadIds = await photosToSend(deps, sender.id, request.photos);
      const message = await withNotifications(deps, (trx, tell) =>
        storeMessage(trx, deps.engine, tell, { conversation, side, other, sender, request, uploadIds }),
      );
      const photos = uploadIds.map((upload) => photoOf(deps.images, upload));
      return { message: { ...message, photos }, created: true };
    },
  });
  if (!result.created) {
    const photos = (await photosOf(db, deps.images, [result.message._id])).get(result.message._id) ?? [];
    return { ...result, message: { ...result.message, photos } };
  }
  bell.ring([sender.id, ...(other ? [other] : [])]);
  return result;
}

/** Writes the message and its photos; tells the other side when the conversation turns unread for them. */
async function storeMessage(
  trx: Kysely<Database>,
  engine: Engine,
  tell: Notify,
  sending: {
    conversation: ConversationRow;
    side: ChatSide;
    other: string;
    sender: Pick<UserRow, 'id' | 'name'>;
    request: ChatMessageSend;
    uploadIds: string[];
  },
): Promise<ChatMessage> {
  const { conversation, side, other, sender, request, uploadIds } = sending;
  const id = conversation.id;
  if (request.text) await lockSameText(trx, engine, { senderId: sender.id, text: request.text });
  const { row, before, sameText } = await insertSentMessage(
    trx,
    engine,
    { conversation_id: id, sender_id: sender.id, client_id: request.clientId, body: request.text },
    side,
    nowIso(),
    { photoCount: uploadIds.length, windowMs: SAME_TEXT_WINDOW_MINUTES * 60 * 1000 },
  );
  // Photos alone have no words to repeat.
  if (request.text) assertNotRepeated(sameText);
  await insertMessagePhotos(trx, row.id, uploadIds);
  const otherReadAt = side === 'buying' ? before?.seller_read_at : before?.buyer_read_at;
  const hadUnread =
    before?.last_message_at != null &&
    before.last_sender_id !== other &&
    (otherReadAt == null || before.last_message_at > otherReadAt);
  if (!hadUnread) {
    await tell({
      userId: other,
      kind: 'chat_message',
      message: localText('server.chat.wrote', { sender: sender.name, product: conversation.product_name }),
      link: paths.conversation(id),
    });
  }
  return toChatMessage(row, sender.id);
}

/** The caller has opened the conversation: the other side's page shows "Seen". */
export async function markRead(deps: ChatDeps, userId: string, id: string): Promise<boolean> {
  const { conversation, side } = await conversationOf(deps.db, id, userId);
  const changed = await markConversationRead(deps.db, conversation, side, nowIso());
  if (changed) await dropWaitingMail(deps.db, userId, id);
  const other = side === 'buying' ? conversation.seller_id : conversation.buyer_id;
  if (changed) deps.bell.ring([userId, ...(other ? [other] : [])]);
  return changed;
}

/**
 * A booking request opens the buyer's conversation about the phone (or goes into the one there is)
 * with a line the server writes, in the booking's transaction: the seller can answer there.
 */
export async function noteBookingRequest(
  trx: Kysely<Database>,
  request: {
    bookingId: string;
    buyer: Pick<UserRow, 'id' | 'name'>;
    product: Pick<ProductRow, 'id' | 'seller_id' | 'product_name' | 'image_id' | 'resale_price'>;
    meetLocation: string;
  },
): Promise<void> {
  const { buyer, product } = request;
  const now = nowIso();
  const conversation = await ensureConversation(trx, newConversationOf(product, buyer.id), now);
  await insertMessage(
    trx,
    {
      conversation_id: conversation.id,
      sender_id: buyer.id,
      // A booking asked again after a decline is a new line: the time keeps the id unique.
      client_id: `booking-${request.bookingId}-${Date.parse(now)}`,
      kind: 'system',
      body: '',
      line: { kind: 'bookingAsked', params: { buyer: buyer.name, place: request.meetLocation } },
    },
    'buying',
    now,
  );
}
