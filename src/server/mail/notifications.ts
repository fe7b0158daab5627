import type { Kysely } from 'kysely';
import { isMailedKind, MAIL_DELAY_MINUTES } from '#shared/account';
import type { Database } from '#server/db/schema';
import type { LocalText } from '#server/i18n/texts';
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

/** What a notification's mail needs of its recipient, read with their language (notifications/repository.ts). */
export interface MailRecipient {
  email: string;
  isEmailVerified: boolean;
  /** The kinds they turned off for mail (Account settings, the unsubscribe link). */
  mailOff: ReadonlySet<string>;
}

/**
 * Mails a notification too, in the transaction that makes it, when its kind is one of the deal's
 * events, the account (`recipient`, undefined when it is gone) has not turned that kind off, and
 * its address is verified (an address nobody proved may be a stranger's), and the address has not
 * had all the mail of that kind it may have this hour (./limits.ts; the notification itself is
 * kept either way). Answers whether a mail was queued.
 */
export async function queueNotificationMail(
  trx: Kysely<Database>,
  notification: NotificationForMail,
  recipient: MailRecipient | undefined,
): Promise<boolean> {
  if (!isMailedKind(notification.kind)) return false;
  if (!recipient?.isEmailVerified || recipient.mailOff.has(notification.kind)) return false;
  const { userId, kind, message, link } = notification;
  const delayMinutes = MAIL_DELAY_MINUTES[notification.kind];
  const mail = await queueMail(trx, {
    to: recipient.email,
    userId,
    data: { template: 'notification', kind, message, link },
    ...(delayMinutes ? { sendAt: new Date(Date.now() + delayMinutes * 60_000) } : {}),
  });
  return mail.queued;
}
