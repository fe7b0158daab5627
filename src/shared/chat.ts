import { BOOKING_STATUSES } from './bookings';
import { chatLineSchema } from './chat-lines';
import {
  hasNoNul,
  idField,
  idSchema,
  namedListingFields,
  NUL_MESSAGE_ID,
  timestampOrNullSchema,
  timestampSchema,
} from './common';
import { offerSchema } from './offers';
import { z } from './zod';
import { messageText } from './i18n/message-text';

/** A message is at most this long (characters), so one cannot fill a conversation or a mail. */
export const CHAT_MESSAGE_MAX = 2000;
/** Photos one message carries at most. */
export const CHAT_PHOTOS_MAX = 3;

/** POST /conversations: a buyer opens the conversation about a phone (or gets the one there is). */
export const startConversationSchema = z.object({ productId: idSchema });
export type StartConversation = z.infer<typeof startConversationSchema>;

export const startedConversationSchema = z.object({ ...idField, created: z.boolean() });

/**
 * POST /conversations/:id/messages. `clientId` is made by the sending page once per message, so a
 * message sent again after the network dropped is stored once (unique per conversation).
 */
export const chatMessageRequestSchema = z
  .object({
    clientId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'clientId is 8 to 64 letters, digits, - or _'),
    text: z
      .string({ error: messageText('shared.chat.writeFirst') })
      .trim()
      .max(CHAT_MESSAGE_MAX, messageText('shared.common.maxLength', { max: CHAT_MESSAGE_MAX }))
      .refine(hasNoNul, NUL_MESSAGE_ID)
      .default(''),
    /** Pictures uploaded through POST /uploads (the `url` it answered), at most CHAT_PHOTOS_MAX. */
    photos: z
      .array(z.string().max(2048), { error: messageText('shared.chat.photosList') })
      .max(CHAT_PHOTOS_MAX, messageText('shared.chat.photosMax', { max: CHAT_PHOTOS_MAX }))
      .default([]),
    /** The sender saw the warning about sharing a mobile number before a deal, and sends it anyway. */
    confirmNumber: z.boolean().optional(),
  })
  .refine((message) => message.text !== '' || message.photos.length > 0, {
    message: messageText('shared.chat.writeFirst'),
    path: ['text'],
  });
export type ChatMessageRequest = z.input<typeof chatMessageRequestSchema>;
export type ChatMessageSend = z.infer<typeof chatMessageRequestSchema>;

/** What the phone is now, as both sides see it next to their conversation. */
export const PHONE_STATUSES = ['Available', 'Reserved', 'Sold', 'Hidden', 'Removed'] as const;
export type PhoneStatus = (typeof PHONE_STATUSES)[number];

export const CHAT_SIDES = ['buying', 'selling'] as const;
export type ChatSide = (typeof CHAT_SIDES)[number];
export const chatSideParamsSchema = z.object({ side: z.enum(CHAT_SIDES) });

/** The name shown for the other side once their account is deleted. */
export const DELETED_ACCOUNT = 'Deleted account';

/** A conversation as one of its two sides sees it (an inbox row, and the top of the conversation). */
export const conversationSchema = z.object({
  ...idField,
  ...namedListingFields,
  productImg: z.string(),
  price: z.number(),
  status: z.enum(PHONE_STATUSES),
  /** The caller's side in it. */
  side: z.enum(CHAT_SIDES),
  otherName: z.string(),
  /** The newest message's text; a line PhoneHaat wrote, or a message of photos only, in English. */
  lastMessage: z.string().nullable(),
  /** The newest message as a line, when it is one: what the web client writes in its reader's language. */
  lastLine: chatLineSchema.nullable(),
  lastMessageAt: timestampOrNullSchema,
  /** The last message is the other side's and the caller has not opened the conversation since. */
  unread: z.boolean(),
  /** When the other side last opened the conversation: the caller's messages until then are "Seen". */
  otherReadAt: timestampOrNullSchema,
});
export type Conversation = z.infer<typeof conversationSchema>;

/** One conversation opened: once a booking is accepted, each side sees the other's number. */
export const conversationDetailsSchema = conversationSchema.extend({
  phones: z.object({ buyer: z.string(), seller: z.string() }).nullable(),
  /** The buyer's booking of the phone, for the deal's actions on the conversation's card. */
  booking: z.object({ ...idField, status: z.enum(BOOKING_STATUSES), agreedPrice: z.number().nullable() }).nullable(),
  /** The conversation's newest offer, whatever became of it; null before the first. */
  offer: offerSchema.nullable(),
  /** The caller blocked the other side (they unblock in Account settings). */
  blockedByMe: z.boolean(),
  /** Messages cannot go either way: one of the two blocked the other (the blocked side is not told which). */
  closed: z.boolean(),
  /** The phone is graded For parts: an offer on it needs the buyer's `forParts: true` (docs/trust.md). */
  forParts: z.boolean(),
});
export type ConversationDetails = z.infer<typeof conversationDetailsSchema>;

/** The people the caller blocked, for Account settings. */
export const blockedPersonSchema = z.object({
  ...idField,
  name: z.string(),
  blockedAt: timestampSchema,
  /** A blocked seller's email as their listings show it, so the blocker's lists can leave them out; null for a buyer. */
  sellerEmail: z.string().nullable(),
});
export type BlockedPerson = z.infer<typeof blockedPersonSchema>;

/** What the blocked side is told: nothing about who did what. */
export const CONVERSATION_CLOSED = 'This conversation is closed. You cannot message or book here.';
/** At most this many conversations a day for an account younger than a day or with an unverified email. */
export const NEW_ACCOUNT_DAILY_CONVERSATIONS = 5;
/** The same text to more than this many conversations within SAME_TEXT_WINDOW_MINUTES is held. */
export const SAME_TEXT_CONVERSATIONS = 3;
export const SAME_TEXT_WINDOW_MINUTES = 10;

export const chatMessageSchema = z.object({
  ...idField,
  clientId: z.string(),
  /** `system`: a line the server wrote about the deal (a booking request), not typed by anyone. */
  kind: z.enum(['text', 'system']),
  /** What was typed; for a `system` line, its English (as the API always answered). */
  text: z.string(),
  /** A `system` line as a kind and its values, which the web client writes in its reader's language. */
  line: chatLineSchema.nullable(),
  /** The pictures sent with it: each one's full picture and its thumbnail. */
  photos: z.array(z.object({ url: z.string(), thumbUrl: z.string() })),
  sentAt: timestampSchema,
  /** Sent by the caller. */
  mine: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Quick replies above the composer, by the caller's side. */
export const QUICK_REPLIES: Record<ChatSide, readonly string[]> = {
  buying: ['Is the price negotiable?', 'Battery health?', 'Where can we meet?'],
  selling: ['The price is fixed', 'Yes, a little', 'I can meet at ...'],
};
