import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { queueNotificationMail } from '../mail/notifications';
import type { Bell } from './bell';
import { insertNotification, type NewNotification } from './repository';

export type { NewNotification } from './repository';

/**
 * Writes one notification in the transaction of the event it tells about, and for the deal's
 * events a mail too, unless its person turned that kind off (docs/accounts.md).
 */
export async function notify(trx: Transaction<Database>, notification: NewNotification): Promise<void> {
  await insertNotification(trx, notification);
  await queueNotificationMail(trx, notification);
}

export type Notify = (...notifications: NewNotification[]) => Promise<void>;

/**
 * Runs `work` in one transaction in which it may notify people; once it is committed, their open
 * pages are rung. A change that is rolled back notifies nobody.
 */
export async function withNotifications<T>(
  { db, bell }: { db: Kysely<Database>; bell: Bell },
  work: (trx: Transaction<Database>, tell: Notify) => Promise<T>,
): Promise<T> {
  const told = new Set<string>();
  const result = await db.transaction().execute((trx) =>
    work(trx, async (...notifications) => {
      for (const notification of notifications) {
        await notify(trx, notification);
        told.add(notification.userId);
      }
    }),
  );
  await bell.ring(told);
  return result;
}
