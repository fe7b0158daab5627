import { chatLineMessageId, chatLineValues, readChatLine, type ChatLine } from '#shared/chat-lines';
import { ENGLISH, localText, write, type LocalText } from '#server/i18n/texts';

/** A line PhoneHaat wrote into a conversation, as a text to write in its reader's language. */
export const lineText = (line: ChatLine): LocalText =>
  localText(
    chatLineMessageId(line),
    chatLineValues(line, (side) => localText(`shared.chatLine.deleted.${side}`)),
  );

/**
 * The English of a stored line: the `text` and `lastMessage` the API has always answered (the
 * spec's client reads them), beside the line itself, which the web client writes in its reader's language.
 */
export function englishOf(stored: string | null, typed: string): { text: string; line: ChatLine | null } {
  const line = readChatLine(stored);
  return { text: line ? write(ENGLISH, lineText(line)) : typed, line };
}
