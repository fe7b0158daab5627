import { EventEmitter } from 'node:events';
import type { Kysely } from 'kysely';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';
import type { MailData } from './templates';

/** Told of every mail this process queues, so its own worker (if it runs one) need not wait for its next poll. */
export const mailQueued = new EventEmitter().setMaxListeners(0);

/**
 * Puts a mail in the outbox. Called with the transaction of the event that causes it, so the mail
 * exists exactly when the event does: a rolled-back sign-up mails nobody, a committed one cannot
 * lose its mail. The worker (./worker.ts) sends it.
 */
export async function queueMail(
  db: Kysely<Database>,
  mail: { to: string; userId: string | null; data: MailData },
  now = new Date(),
): Promise<string> {
  const id = newId(now.getTime());
  await db
    .insertInto('mail_outbox')
    .values({
      id,
      user_id: mail.userId,
      to_address: mail.to,
      template: mail.data.template,
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
  return id;
}
