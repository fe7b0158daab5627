import { z } from './zod';

/*
 * The lines PhoneHaat writes into a conversation (a booking request, an offer's moves) and what the
 * inbox shows for a message of photos only are stored as a kind and its values, never as a
 * sentence: each reader sees them in their own language (`shared.chatLine.<kind>` in the shared
 * catalogs, which the client and the server's mails both read). Names, places and notes are what
 * people typed and go in as they are.
 */

export const CHAT_LINE_KINDS = [
  'bookingAsked',
  'bookingAskedByDeleted',
  'offerMade',
  'offerMadeWithNote',
  'offerAccept',
  'offerCounter',
  'offerDeclineOffer',
  'offerDeclineCounter',
  'offerWithdrawOffer',
  'offerWithdrawCounter',
  'photos',
] as const;
export type ChatLineKind = (typeof CHAT_LINE_KINDS)[number];

/**
 * Who a line names once their account is deleted: `name` gives way to `deleted`, which the
 * message says as "A buyer/seller whose account is now deleted".
 */
export const DELETED_SIDES = ['buyer', 'seller'] as const;

export const chatLineSchema = z.object({
  kind: z.enum(CHAT_LINE_KINDS),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type ChatLine = z.infer<typeof chatLineSchema>;

/** The catalog id of a line's sentence. */
export const chatLineMessageId = (line: ChatLine) => `shared.chatLine.${line.kind}` as const;

/** A line's values for its message, a deleted person named by the catalog's words for them. */
export function chatLineValues<Name>(
  line: ChatLine,
  deletedName: (side: (typeof DELETED_SIDES)[number]) => Name,
): Record<string, string | number | Name> {
  const { deleted, ...params } = line.params;
  if (deleted !== 'buyer' && deleted !== 'seller') return line.params;
  return { ...params, name: deletedName(deleted) };
}

/** A stored line (JSON text) back as a line; anything else is no line. */
export function readChatLine(stored: string | null): ChatLine | null {
  if (stored === null) return null;
  try {
    const parsed = chatLineSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
