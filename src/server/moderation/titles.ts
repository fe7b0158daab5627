import { readMessageText } from '#shared/i18n/translate';
import {
  localText,
  serverMessage,
  write,
  type Language,
  type LocalText,
  type ServerMessageId,
} from '#server/i18n/texts';

/*
 * A case's title is what people named (a phone, a person) or, for a review or a conversation, a
 * sentence of the server's around those names. That sentence is kept as its catalog id and values
 * (`serverMessage`'s form) and worded when read, in its reader's language; titles kept before in
 * English stay as they were.
 */

const TITLE_IDS = ['server.moderation.title.review', 'server.moderation.title.conversation'] as const;
type TitleId = (typeof TITLE_IDS)[number];

/** A review's case: "Rahim's review of Karim", either name missing once its account is deleted. */
export const reviewTitle = (author: string | undefined, subject: string | undefined) =>
  serverTitle('server.moderation.title.review', {
    author: author ?? '',
    authorKnown: author === undefined ? 'no' : 'yes',
    subject: subject ?? '',
    subjectKnown: subject === undefined ? 'no' : 'yes',
  });

/** A conversation's case: the reported person and the phone it is about. */
export const conversationTitle = (name: string, product: string) =>
  serverTitle('server.moderation.title.conversation', { name, product });

const serverTitle = (id: TitleId, values: Record<string, string>) => serverMessage(id, values);

/** A stored title as a text's value: the server's sentence in the reader's language, a name as it is. */
export function titleValue(title: string): string | LocalText {
  const message = readMessageText(title);
  if (!message || !(TITLE_IDS as readonly string[]).includes(message.id)) return title;
  return localText(message.id as ServerMessageId, message.values);
}

/** A stored title in `language`. */
export function titleIn(title: string, language: Language): string {
  const value = titleValue(title);
  return typeof value === 'string' ? value : write(language, value);
}
