import type { Transaction } from 'kysely';
import { paths } from '#shared/paths';
import { readChatLine, type ChatLine, type DELETED_SIDES } from '#shared/chat-lines';
import type { Database } from '#server/db/schema';
import { languageOf } from '#server/i18n/recipient';
import { localText, write } from '#server/i18n/texts';

/**
 * The line as it stays once the person it names (`name`, the one who wrote it) deleted their
 * account: a booking request keeps neither their name nor where they would meet.
 */
function withoutPerson(line: ChatLine, side: (typeof DELETED_SIDES)[number]): ChatLine {
  if (line.kind === 'bookingAsked') return { kind: 'bookingAskedByDeleted', params: {} };
  const { name: _name, ...params } = line.params;
  return { kind: line.kind, params: { ...params, deleted: side } };
}

/**
 * An account is deleted (in its transaction): the lines PhoneHaat wrote in its name (a booking
 * request names the buyer and where they would meet, an offer's move its maker) and the other
 * sides' "wrote to you" notifications are written again without the person. What they typed
 * stays for the other side, which shows them as "Deleted account".
 */
export async function forgetInChat(trx: Transaction<Database>, userId: string): Promise<void> {
  const lines = await trx
    .selectFrom('chat_messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select(['m.id', 'm.line', 'c.buyer_id'])
    .where('m.sender_id', '=', userId)
    .where('m.kind', '=', 'system')
    .execute();
  for (const row of lines) {
    const line = readChatLine(row.line);
    if (!line) continue;
    const forgotten = JSON.stringify(withoutPerson(line, row.buyer_id === userId ? 'buyer' : 'seller'));
    await trx.updateTable('chat_messages').set({ line: forgotten }).where('id', '=', row.id).execute();
  }
  // The inbox's copy of the newest line (served by each side's index of the person's conversations).
  for (const side of ['buyer', 'seller'] as const) {
    const newest = await trx
      .selectFrom('conversations')
      .select(['id', 'last_message_line'])
      .where(`${side}_id`, '=', userId)
      .where('last_sender_id', '=', userId)
      .where('last_message_line', 'is not', null)
      .execute();
    for (const row of newest) {
      const line = readChatLine(row.last_message_line);
      if (!line || line.kind === 'photos') continue;
      const forgotten = JSON.stringify(withoutPerson(line, side));
      await trx.updateTable('conversations').set({ last_message_line: forgotten }).where('id', '=', row.id).execute();
    }
  }
  await rewriteChatNotifications(trx, userId);
}

/**
 * A conversation's "wrote to you" notifications go to one side only, the other person's messages
 * being what rang them: so every such notification of a conversation the account was in, sent to
 * the side still there, named the account (by its name then, which may have changed since).
 */
async function rewriteChatNotifications(trx: Transaction<Database>, userId: string): Promise<void> {
  const conversations = await trx
    .selectFrom('conversations')
    .select(['id', 'buyer_id', 'seller_id', 'product_name'])
    .where((eb) => eb.or([eb('buyer_id', '=', userId), eb('seller_id', '=', userId)]))
    .execute();
  for (const conversation of conversations) {
    const buying = conversation.buyer_id === userId;
    const other = buying ? conversation.seller_id : conversation.buyer_id;
    if (!other) continue;
    // Written again in the reader's language, as the notification was.
    const sender = localText(buying ? 'server.chat.deletedBuyer' : 'server.chat.deletedSeller');
    const message = write(
      await languageOf(trx, other),
      localText('server.chat.wrote', { sender, product: conversation.product_name }),
    );
    await trx
      .updateTable('notifications')
      .set({ message })
      .where('user_id', '=', other)
      .where('kind', '=', 'chat_message')
      .where('link', '=', paths.conversation(conversation.id))
      .execute();
  }
}
