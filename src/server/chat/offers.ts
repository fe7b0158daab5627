import type { Kysely, Transaction } from 'kysely';
import type { ChatSide } from '#shared/chat';
import type { ChatLine, ChatLineKind } from '#shared/chat-lines';
import { OFFER_EXPIRY_HOURS, offerPriceProblem, type MakeOffer, type Offer } from '#shared/offers';
import { messageText } from '#shared/i18n/translate';
import { paths } from '#shared/paths';
import { acceptAtAgreedPrice, asReservedConflict } from '#server/bookings/deal';
import { assertPartsAcknowledged } from '#server/trust/for-parts';
import { acceptedBuyerOf } from '#server/bookings/repository';
import { isUniqueViolation } from '#server/db/errors';
import { nowIso } from '#server/db/ids';
import type { ChatOfferRow, ConversationRow, Database, OfferStatus, UserRow } from '#server/db/schema';
import { AppError, forbidden, orNotFound } from '#server/errors';
import { localText, serverMessage } from '#server/i18n/texts';
import { withNotifications, type Notify } from '#server/notifications/service';
import { findProductDetails, type ProductDetailsRow } from '#server/products/repository';
import { imageFileName } from '#server/uploads/names';
import { findUserById } from '#server/users/repository';
import { expireOffers, findOffer, insertOffer, moveOffer, toOffer } from './offers-repository';
import { lineText } from './lines';
import { insertMessage } from './repository';
import { closed, conversationOf, isBlockedEitherWay, type ChatDeps } from './service';

/*
 * Offers (docs/chat.md): the buyer names a price; the seller accepts, counters or declines; the
 * buyer accepts or declines a counter, or withdraws an offer not answered yet. Each move is one
 * transaction with the line it writes into the conversation and the other side's notification, and
 * only happens from the state it is allowed from, before the offer expires. Accepting one accepts
 * the buyer's booking at the agreed price in the same transaction.
 */

const HOUR_MS = 60 * 60 * 1000;
const expiresFrom = (now: string) => new Date(Date.parse(now) + OFFER_EXPIRY_HOURS * HOUR_MS).toISOString();

const SAME_PRICE = messageText('shared.offers.samePrice');
const notNow = (status: OfferStatus) => new AppError('CONFLICT', messageText(`shared.offers.status.${status}`));

/** The phone of a conversation as it is now, or why no deal can be made on it. */
async function onSale(db: Kysely<Database>, conversation: ConversationRow): Promise<ProductDetailsRow> {
  const product = conversation.product_id ? await findProductDetails(db, conversation.product_id) : undefined;
  if (!product) throw new AppError('CONFLICT', messageText('shared.offers.phoneGone'));
  if (product.is_sold) throw new AppError('ALREADY_SOLD', messageText('shared.offers.phoneSold'));
  if (product.is_hidden) throw new AppError('CONFLICT', messageText('shared.offers.phoneHidden'));
  return product;
}

function assertFairPrice(price: number, asking: number) {
  const problem = offerPriceProblem(price, asking);
  if (problem) throw new AppError('VALIDATION_FAILED', problem, { price: problem });
}

/** Writes the move's line into the conversation, as the one who made it: each reader reads it in their language. */
async function noteInConversation(
  trx: Transaction<Database>,
  conversation: ConversationRow,
  by: { id: string; side: ChatSide },
  offerId: string,
  move: string,
  said: ChatLine,
) {
  await insertMessage(
    trx,
    {
      conversation_id: conversation.id,
      sender_id: by.id,
      client_id: `offer-${offerId}-${move}`,
      kind: 'system',
      body: '',
      line: said,
    },
    by.side,
    nowIso(),
  );
}

/** Tells the other side of the move, in their language, naming the phone. */
const tellOther = (tell: Notify, userId: string | null, conversation: ConversationRow, said: ChatLine) => {
  if (!userId) return Promise.resolve();
  const message = localText('server.chat.offer.told', { said: lineText(said), product: conversation.product_name });
  return tell({ userId, kind: 'chat_offer', message, link: paths.conversation(conversation.id) });
};

/** The buyer offers a price for the phone of their conversation: one open offer per buyer and phone. */
export async function makeOffer(
  deps: ChatDeps,
  buyer: Pick<UserRow, 'id' | 'name'>,
  conversationId: string,
  request: MakeOffer,
): Promise<Offer> {
  const { conversation, side } = await conversationOf(deps.db, conversationId, buyer.id);
  if (side !== 'buying') throw forbidden(messageText('shared.offers.buyerOnly'));
  const product = await onSale(deps.db, conversation);
  if (await isBlockedEitherWay(deps.db, buyer.id, conversation.seller_id)) throw closed();
  assertFairPrice(request.price, product.resale_price);
  assertPartsAcknowledged(product, request.forParts);
  // An offer on a phone reserved for the buyer themselves may reprice their deal; for another, it waits.
  const reservedFor = await acceptedBuyerOf(deps.db, product.id);
  if (reservedFor !== undefined && reservedFor !== buyer.id) {
    throw new AppError('CONFLICT', messageText('shared.offers.reservedForAnother'));
  }
  const note = request.note ? request.note : null;
  try {
    const row = await withNotifications(deps, async (trx, tell) => {
      const now = nowIso();
      // An offer whose time ran out no longer holds the buyer's one open place.
      await expireOffers(trx, now, { productId: product.id, buyerId: buyer.id });
      const offer = await insertOffer(
        trx,
        {
          conversation_id: conversation.id,
          product_id: product.id,
          buyer_id: buyer.id,
          price: request.price,
          note,
          expires_at: expiresFrom(now),
        },
        now,
      );
      const said: ChatLine = note
        ? { kind: 'offerMadeWithNote', params: { name: buyer.name, price: offer.price, note } }
        : { kind: 'offerMade', params: { name: buyer.name, price: offer.price } };
      await noteInConversation(trx, conversation, { id: buyer.id, side }, offer.id, 'made', said);
      await tellOther(tell, conversation.seller_id, conversation, said);
      return offer;
    });
    return toOffer(row);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('ALREADY_EXISTS', messageText('shared.offers.openAlready'));
    }
    throw error;
  }
}

export const OFFER_MOVES = ['accept', 'counter', 'decline', 'withdraw'] as const;
export type OfferMove = (typeof OFFER_MOVES)[number];

/** Who may make each move from each state: the side the offer waits for. */
const ALLOWED: Record<OfferMove, Partial<Record<OfferStatus, ChatSide>>> = {
  accept: { open: 'selling', countered: 'buying' },
  decline: { open: 'selling', countered: 'buying' },
  counter: { open: 'selling' },
  withdraw: { open: 'buying' },
};
const TO: Record<OfferMove, OfferStatus> = {
  accept: 'accepted',
  counter: 'countered',
  decline: 'declined',
  withdraw: 'withdrawn',
};

interface Answer {
  deps: ChatDeps;
  actor: Pick<UserRow, 'id' | 'name'>;
  side: ChatSide;
  conversation: ConversationRow;
  offer: ChatOfferRow;
}

const byActor = (answer: Answer) => ({ id: answer.actor.id, side: answer.side });

/** The offer `id` as the caller may move it now, or why not. */
async function answerable(deps: ChatDeps, actor: Pick<UserRow, 'id' | 'name'>, id: string, move: OfferMove) {
  const offer = orNotFound(await findOffer(deps.db, id), 'Offer');
  const { conversation, side } = await conversationOf(deps.db, offer.conversation_id, actor.id);
  const other = side === 'buying' ? conversation.seller_id : conversation.buyer_id;
  if (await isBlockedEitherWay(deps.db, actor.id, other)) throw closed();
  const waitsFor = ALLOWED[move][offer.status];
  if (!waitsFor) throw notNow(offer.status);
  if (waitsFor !== side) {
    throw forbidden(
      serverMessage(side === 'buying' ? 'server.chat.error.sellerAnswers' : 'server.chat.error.buyerAnswers'),
    );
  }
  if (offer.expires_at <= nowIso()) throw notNow('expired');
  return { deps, actor, side, conversation, offer } satisfies Answer;
}

/** Moves the offer in `trx`, or explains why not: someone (or the clock) got there first. */
async function move(trx: Transaction<Database>, answer: Answer, to: OfferStatus, counterPrice?: number) {
  const now = nowIso();
  const counter = counterPrice === undefined ? undefined : { price: counterPrice, expiresAt: expiresFrom(now) };
  if (await moveOffer(trx, answer.offer.id, answer.offer.status, to, now, counter)) return;
  const found = await findOffer(trx, answer.offer.id);
  throw notNow(found && found.expires_at > now ? found.status : 'expired');
}

/**
 * Accepts an open offer (the seller) or a counter (the buyer): the buyer's booking is accepted at the
 * agreed price and the phone is Reserved, in the transaction that moves the offer.
 */
export async function acceptOffer(deps: ChatDeps, actor: Pick<UserRow, 'id' | 'name'>, id: string): Promise<Offer> {
  const answer = await answerable(deps, actor, id, 'accept');
  const { conversation, offer } = answer;
  const product = await onSale(deps.db, conversation);
  const buyer = offer.buyer_id ? await findUserById(deps.db, offer.buyer_id) : undefined;
  if (!buyer) throw new AppError('CONFLICT', messageText('shared.offers.buyerDeleted'));
  const price = offer.status === 'countered' ? offer.counter_price! : offer.price;
  try {
    await withNotifications(deps, async (trx, tell) => {
      await move(trx, answer, 'accepted');
      const productImg = deps.images.urlOf(imageFileName(product.image_id));
      await acceptAtAgreedPrice(trx, { buyer, product, productImg, price });
      const said: ChatLine = { kind: 'offerAccept', params: { name: actor.name, price, buyer: buyer.name } };
      await noteInConversation(trx, conversation, byActor(answer), offer.id, 'accept', said);
      const other = answer.side === 'selling' ? conversation.buyer_id : conversation.seller_id;
      await tellOther(tell, other, conversation, said);
    });
  } catch (error) {
    throw asReservedConflict(error);
  }
  return toOffer((await findOffer(deps.db, id))!);
}

/** The seller names their own price; the buyer accepts or declines it. */
export async function counterOffer(
  deps: ChatDeps,
  actor: Pick<UserRow, 'id' | 'name'>,
  id: string,
  price: number,
): Promise<Offer> {
  const answer = await answerable(deps, actor, id, 'counter');
  const product = await onSale(deps.db, answer.conversation);
  assertFairPrice(price, product.resale_price);
  if (price === answer.offer.price) {
    throw new AppError('VALIDATION_FAILED', SAME_PRICE, {
      price: SAME_PRICE,
    });
  }
  await withNotifications(deps, async (trx, tell) => {
    await move(trx, answer, 'countered', price);
    const said: ChatLine = { kind: 'offerCounter', params: { name: actor.name, price } };
    await noteInConversation(trx, answer.conversation, byActor(answer), id, 'counter', said);
    await tellOther(tell, answer.conversation.buyer_id, answer.conversation, said);
  });
  return toOffer((await findOffer(deps.db, id))!);
}

const CLOSING_LINES: Record<'decline' | 'withdraw', Record<'offer' | 'counter', ChatLineKind>> = {
  decline: { offer: 'offerDeclineOffer', counter: 'offerDeclineCounter' },
  withdraw: { offer: 'offerWithdrawOffer', counter: 'offerWithdrawCounter' },
};

/** Declines an offer (the seller) or a counter (the buyer), or the buyer withdraws an offer not answered yet. */
export async function closeOffer(
  deps: ChatDeps,
  actor: Pick<UserRow, 'id' | 'name'>,
  id: string,
  how: 'decline' | 'withdraw',
): Promise<Offer> {
  const answer = await answerable(deps, actor, id, how);
  const { conversation, offer } = answer;
  const countered = offer.status === 'countered';
  const said: ChatLine = {
    kind: CLOSING_LINES[how][countered ? 'counter' : 'offer'],
    params: { name: actor.name, price: countered ? offer.counter_price! : offer.price },
  };
  await withNotifications(deps, async (trx, tell) => {
    await move(trx, answer, TO[how]);
    await noteInConversation(trx, conversation, byActor(answer), id, how, said);
    const other = answer.side === 'selling' ? conversation.buyer_id : conversation.seller_id;
    await tellOther(tell, other, conversation, said);
  });
  return toOffer((await findOffer(deps.db, id))!);
}

/** Housekeeping: offers and counters nobody answered within 48 hours expire. */
export const expireStaleOffers = (deps: Pick<ChatDeps, 'db'>, now = new Date()) =>
  expireOffers(deps.db, now.toISOString());
