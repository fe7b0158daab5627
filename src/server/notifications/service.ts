import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/schema';
import { queueNotificationMail } from '#server/mail/notifications';
import type { Bell } from './bell';
import { insertNotification, type NewNotification } from './repository';

export type { NewNotification } from './repository';

export type Notify = (...notifications: NewNotification[]) => Promise<void>;

/**
 * Runs `work` in one transaction in which it may notify people: each notification is written when
 * told, and for the deal's events a mail too, unless its person turned that kind off
 * (docs/accounts.md). Once it is committed, their open pages are rung. A change that is rolled
 * back notifies nobody.
 *
 * The mails are queued last, in the order of their recipients: each takes its recipient's mail
 * counter (src/server/mail/limits.ts), a row PostgreSQL holds locked until the commit, so two
 * transactions telling the same people always take those rows in one order and never deadlock.
 */
export async function withNotifications<T>(
  { db, bell }: { db: Kysely<Database>; bell: Bell },
  work: (trx: Transaction<Database>, tell: Notify) => Promise<T>,
): Promise<T> {
  const told: NewNotification[] = [];
  const result = await db.transaction().execute(async (trx) => {
    const done = await work(trx, async (...notifications) => {
      for (const notification of notifications) {
        await insertNotification(trx, notification);
        told.push(notification);
      }
    });
    const byRecipient = [...told].sort((a, b) => compare(`${a.userId} ${a.kind}`, `${b.userId} ${b.kind}`));
    for (const notification of byRecipient) await queueNotificationMail(trx, notification);
    return done;
  });
  await bell.ring(told.map((notification) => notification.userId));
  return result;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
