import type { Kysely } from 'kysely';
import { isMailedKind, MAIL_DELAY_MINUTES } from '#shared/account';
import type { Database } from '#server/db/schema';
import type { LocalText } from '#server/i18n/texts';
import { kindIsOn } from '#server/notifications/opt-outs';
import { queueMail } from './outbox';

/** A notification as the notification service makes it (src/server/notifications/service.ts). */
interface NotificationForMail {
  userId: string;
  kind: string;
  /** Written in the recipient's language when the mail is sent. */
  message: LocalText | string;
  /** Where in the web client the subject is seen (a path). */
  link: string;
}

/**
 * Mails a notification too, in the transaction that makes it, when its kind is one of the deal's
 * events, the account has not turned that kind off, and its address is verified (an address nobody
 * proved may be a stranger's), and the address has not had all the mail of that kind it may have
 * this hour (./limits.ts; the notification itself is kept either way). Answers whether a mail was queued.
 */
export async function queueNotificationMail(
  trx: Kysely<Database>,
  notification: NotificationForMail,
): Promise<boolean> {
  if (!isMailedKind(notification.kind)) return false;
  const user = await trx
    .selectFrom('users')
    .select(['id', 'email', 'is_email_verified'])
    .where('id', '=', notification.userId)
    .where(kindIsOn('mail_opt_outs', 'users.id', notification.kind))
    .executeTakeFirst();
  if (!user?.is_email_verified) return false;
  const { kind, message, link } = notification;
  const delayMinutes = MAIL_DELAY_MINUTES[notification.kind];
  const mail = await queueMail(trx, {
    to: user.email,
    userId: user.id,
    data: { template: 'notification', kind, message, link },
    ...(delayMinutes ? { sendAt: new Date(Date.now() + delayMinutes * 60_000) } : {}),
  });
  return mail.queued;
}
