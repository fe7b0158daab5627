import type { Kysely, Transaction } from 'kysely';
import { compareText } from '#server/db/batches';
import type { Database } from '#server/db/schema';
import { queueNotificationMail } from '#server/mail/notifications';
import type { PushSender } from '#server/push/sender';
import type { Bell } from './bell';
import { ENGLISH, write, type LocalText } from '#server/i18n/texts';
import { insertNotifications, recipientsOf, type Recipient, type WrittenNotification } from './repository';

/** A notification to make: its sentence is written in its recipient's language when it is made. */
export type NewNotification = Omit<WrittenNotification, 'message'> & { message: LocalText | string };

export type Notify = (...notifications: NewNotification[]) => Promise<void>;

/**
 * Runs `work` in one transaction in which it may notify people: each notification is written when
 * told, and for the deal's events a mail too, unless its person turned that kind off
 * (docs/accounts.md). Each is written in its recipient's language (`users.locale`,
 * docs/i18n-server.md), whoever acted. Once it is committed, their open pages are rung and, for the kinds that
 * push, their devices are pushed to (docs/app.md). A change that is rolled back notifies nobody.
 *
 * The mails are queued last, in the order of their recipients: each takes its recipient's mail
 * counter (src/server/mail/limits.ts), a row PostgreSQL holds locked until the commit, so two
 * transactions telling the same people always take those rows in one order and never deadlock.
 */
export async function withNotifications<T>(
  { db, bell, push }: { db: Kysely<Database>; bell: Bell; push: PushSender },
  work: (trx: Transaction<Database>, tell: Notify) => Promise<T>,
): Promise<T> {
  const told: Array<{ notification: NewNotification; written: WrittenNotification }> = [];
  // Read once per person, all of a call's people at once (an alert round tells thousands
  // together), with what their mail needs: one read where there were two.
  const recipients = new Map<string, Recipient | undefined>();
  const result = await db.transaction().execute(async (trx) => {
    const done = await work(trx, async (...notifications) => {
      const unread = [...new Set(notifications.map((n) => n.userId))].filter((id) => !recipients.has(id));
      const read = await recipientsOf(trx, unread);
      for (const id of unread) recipients.set(id, read.get(id));
      const written = notifications.map((notification) => {
        const language = recipients.get(notification.userId)?.language ?? ENGLISH;
        return { notification, written: { ...notification, message: write(language, notification.message) } };
      });
      await insertNotifications(
        trx,
        written.map((each) => each.written),
      );
      told.push(...written);
    });
    const byRecipient = told
      .map((each) => each.notification)
      .sort((a, b) => compareText(`${a.userId} ${a.kind}`, `${b.userId} ${b.kind}`));
    for (const notification of byRecipient) {
      await queueNotificationMail(trx, notification, recipients.get(notification.userId));
    }
    return done;
  });
  // A subscription saved after the read in the transaction misses this push, as one saved just after
  // the devices were read for it always did: a push is a nudge, the bell has the notification.
  push.enqueue(told.filter((each) => recipients.get(each.written.userId)?.hasDevices).map((each) => each.written));
  bell.ring(told.map((each) => each.notification.userId));
  return result;
}
