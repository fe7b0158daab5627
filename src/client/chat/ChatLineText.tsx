import { chatLineMessageId, chatLineValues, type ChatLine } from '#shared/chat-lines';
import { useT } from '#client/i18n';

/** A line PhoneHaat wrote into a conversation, in the reader's language; names and places as people typed them. */
export function useChatLineText(): (line: ChatLine) => string {
  const t = useT();
  return (line) =>
    t(
      chatLineMessageId(line),
      chatLineValues(line, (side) => t(`shared.chatLine.deleted.${side}`)),
    );
}
