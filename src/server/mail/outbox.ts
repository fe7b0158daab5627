import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Kysely } from 'kysely';
import { newId } from '#server/db/ids';
import type { Database } from '#server/db/schema';
import { countUse, type Counted } from '#server/limits/counters';
import { laneOf, MAIL_LIMITS, mailKindOf } from './limits';
import type { MailData } from './templates';

/** Told of every mail this process queues, so its own worker (if it runs one) need not wait for its next poll. */
export const mailQueued = new EventEmitter().setMaxListeners(0);

/** The counter of a recipient and kind; the address hashed, so the counters hold no address. */
const recipientKey = (to: string, data: MailData) =>
  `mail:${createHash('sha256').update(to.toLowerCase()).digest('base64url')} ${mailKindOf(data)}`;

export type Queued = { queued: true; id: string } | ({ queued: false } & Counted);

/**
 * Puts a mail in the outbox, unless its recipient had all the mail of its kind the limits allow
 * (./limits.ts): then nothing is queued and the caller is told how long until more may go. Called
 * with the transaction of the event that causes it, so the mail exists exactly when the event does:
 * a rolled-back sign-up mails nobody (nor counts against its address), a committed one cannot lose
 * its mail. The worker (./worker.ts) sends it.
 */
export async function queueMail(
  db: Kysely<Database>,
  mail: { to: string; userId: string | null; data: MailData },
  now = new Date(),
): Promise<Queued> {
  const limit = await countUse(db, recipientKey(mail.to, mail.data), MAIL_LIMITS[mail.data.template], now);
  if (!limit.allowed) return { queued: false, ...limit };
  const id = newId(now.getTime());
  await db
    .insertInto('mail_outbox')
    .values({
      id,
      user_id: mail.userId,
      to_address: mail.to,
      template: mail.data.template,
      lane: laneOf(mail.data),
      data: JSON.stringify(mail.data),
      state: 'pending',
      attempts: 0,
      next_attempt_at: now.toISOString(),
      lease_until: null,
      last_error: null,
      created_at: now.toISOString(),
      sent_at: null,
    })
    .execute();
  mailQueued.emit('queued');
  return { queued: true, id };
}
