import type { Transaction } from 'kysely';
import { paths } from '#shared/paths';
import { DELETED_BUYER_SUBJECT } from '#server/bookings/forget';
import type { Database } from '#server/db/schema';
import { languageOf } from '#server/i18n/recipient';
import { localText, write } from '#server/i18n/texts';

/** The line a deleted buyer's booking request leaves in the conversation, in place of their name and meeting place. */
export const DELETED_BUYER_ASKED = `${DELETED_BUYER_SUBJECT} asked to book this phone.`;

/**
 * An account is deleted (in its transaction): the lines the server wrote in its name (a booking
 * request names the buyer and where they would meet) and the other sides' "wrote to you"
 * notifications are written again without the person. What they typed stays for the other side,
 * which shows them as "Deleted account".
 */
export async function forgetInChat(trx: Transaction<Database>, userId: string): Promise<void> {
  // Before the lines change: the inbox's copy of the newest line is found by its old words.
  // Only a buyer's side has such lines, so the buyer's index finds the conversations.
  await trx
    .updateTable('conversations')
    .set({ last_message_text: DELETED_BUYER_ASKED })
    .where('buyer_id', '=', userId)
    .where('last_sender_id', '=', userId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('chat_messages')
          .select('chat_messages.id')
          .whereRef('chat_messages.conversation_id', '=', 'conversations.id')
          .where('chat_messages.sender_id', '=', userId)
          .where('chat_messages.kind', '=', 'system')
          .whereRef('chat_messages.body', '=', 'conversations.last_message_text'),
      ),
    )
    .execute();
  await trx
    .updateTable('chat_messages')
    .set({ body: DELETED_BUYER_ASKED })
    .where('sender_id', '=', userId)
    .where('kind', '=', 'system')
    .execute();
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
