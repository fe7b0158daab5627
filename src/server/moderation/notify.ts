import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { queueMail } from '#server/mail/outbox';
import type { NewNotification, Notify } from '#server/notifications/service';

/** A decision's notification; `appealLogId` puts the decision's signed appeal link in the mail. */
export type ToldWithMail = NewNotification & { appealLogId?: string };

/**
 * Tells a person of a moderator's decision: a notification and a mail. The mail is not one of the
 * kinds a person can turn off (it is a statement of what was done to them); it goes to a verified
 * address only, like every notification mail.
 */
export async function tellWithMail(trx: Kysely<Database>, tell: Notify, told: ToldWithMail) {
  const { appealLogId, ...notification } = told;
  await tell(notification);
  const user = await trx
    .selectFrom('users')
    .select(['email', 'is_email_verified'])
    .where('id', '=', notification.userId)
    .executeTakeFirst();
  if (!user?.is_email_verified) return;
  const { kind, message, link } = notification;
  await queueMail(trx, {
    to: user.email,
    userId: notification.userId,
    data: { template: 'moderation', kind, message, link, ...(appealLogId ? { appealLogId } : {}) },
  });
}

/**
 * Tells several people, their mails queued in the order of their ids: each mail takes its
 * recipient's counter row (locked until the commit on PostgreSQL), so two decisions telling the
 * same people always lock in one order and never deadlock (as withNotifications does).
 */
export async function tellAllWithMail(trx: Kysely<Database>, tell: Notify, notifications: ToldWithMail[]) {
  const ordered = [...notifications].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  for (const notification of ordered) await tellWithMail(trx, tell, notification);
}
