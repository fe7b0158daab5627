import type { BookingEndCode } from '#shared/bookings';
import type { BookingRow } from '#server/db/schema';
import { localText, write, type Language, type LocalText } from '#server/i18n/texts';

/*
 * Why a booking ended, and who its buyer was once their account is gone: what the server says here
 * is kept as a code (migration 030) and worded when it is read, in its reader's language; what a
 * person typed stays as typed (docs/i18n-server.md, "Our words in the data").
 */

/** A person's own words (a seller's decline, a cancellation), or the server's reason as a code. */
export type EndReason = { said: string } | { code: BookingEndCode };

/** What a person typed, when they typed anything. */
export const saidBy = (words: string | null | undefined): EndReason | null => (words ? { said: words } : null);

/** The server's reason. */
export const serverReason = (code: BookingEndCode): EndReason => ({ code });

const reasonText = (code: BookingEndCode): LocalText => localText(`server.bookings.reason.${code}`);

/** The reason as a notification's value: a person's words as they are, the server's in the reader's language. */
export const reasonValue = (reason: EndReason | null): string | LocalText | null =>
  !reason ? null : 'said' in reason ? reason.said : reasonText(reason.code);

/** The columns a reason is kept in: a person's words, or the server's code. */
export const reasonColumns = (reason: EndReason | null) => ({
  status_reason: reason && 'said' in reason ? reason.said : null,
  status_reason_code: reason && 'code' in reason ? reason.code : null,
});

/** A booking's reason in `language`. */
export const reasonWords = (
  row: Pick<BookingRow, 'status_reason' | 'status_reason_code'>,
  language: Language,
): string | null => (row.status_reason_code ? write(language, reasonText(row.status_reason_code)) : row.status_reason);

/** A booking's buyer as a text's value: their name, or "Deleted account" in the reader's language once it is gone. */
export const buyerValue = (row: Pick<BookingRow, 'buyer_id' | 'buyer_name'>): string | LocalText =>
  row.buyer_id === null ? localText('server.bookings.deletedAccount') : row.buyer_name;

/** A booking's buyer's name in `language`. */
export function buyerNameIn(row: Pick<BookingRow, 'buyer_id' | 'buyer_name'>, language: Language): string {
  const value = buyerValue(row);
  return typeof value === 'string' ? value : write(language, value);
}

/**
 * Where the two meet: what the buyer typed, or, for a booking an accepted offer made (stored as ''),
 * "the place agreed in the conversation" in the reader's language. A deleted buyer's place is ''.
 */
export const placeValue = (row: Pick<BookingRow, 'buyer_id' | 'meet_location'>): string | LocalText =>
  row.buyer_id !== null && row.meet_location === ''
    ? localText('server.bookings.meetInConversation')
    : row.meet_location;

/** Where the two meet, in `language`. */
export function placeIn(row: Pick<BookingRow, 'buyer_id' | 'meet_location'>, language: Language): string {
  const value = placeValue(row);
  return typeof value === 'string' ? value : write(language, value);
}
