import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Kysely } from 'kysely';
import { groupBy, slices } from '#server/db/batches';
import { newId } from '#server/db/ids';
import { compiledInsert } from '#server/db/keys';
import type { Database, MailLane } from '#server/db/schema';
import { countUse, countUses, type Counted } from '#server/limits/counters';
import { laneOf, MAIL_LIMITS, mailKindOf } from './limits';
import type { MailData } from './templates';

/**
 * Told of the lane of every mail this process queues to go at once, so its own worker (if it runs
 * one) need not wait for its next poll; a mail that waits (`sendAt`) is found by a later poll.
 */
export const mailQueued = new EventEmitter<{ queued: [MailLane] }>().setMaxListeners(0);

/** Tells this process's worker of the lanes of `rows` that hold a mail due now. */
function tellQueued(rows: ReadonlyArray<{ lane: MailLane; next_attempt_at: string }>, now: Date) {
  const nowIso = now.toISOString();
  for (const lane of new Set(rows.filter((row) => row.next_attempt_at <= nowIso).map((row) => row.lane))) {
    mailQueued.emit('queued', lane);
  }
}

/** The counter of a recipient and kind; the address hashed, so the counters hold no address. */
const recipientKey = (to: string, data: MailData) =>
  `mail:${createHash('sha256').update(to.toLowerCase()).digest('base64url')} ${mailKindOf(data)}`;

/** A mail to queue; `sendAt`: not before then (a chat message's mail waits to see whether it is read first). */
export interface NewMail {
  to: string;
  userId: string | null;
  data: MailData;
  sendAt?: Date;
}

export type Queued = { queued: true; id: string } | ({ queued: false } & Counted);

/**
 * Puts a mail in the outbox, unless its recipient had all the mail of its kind the limits allow
 * (./limits.ts): then nothing is queued and the caller is told how long until more may go. Called
 * with the transaction of the event that causes it, so the mail exists exactly when the event does:
 * a rolled-back sign-up mails nobody (nor counts against its address), a committed one cannot lose
 * its mail. The worker (./worker.ts) sends it.
 */
export async function queueMail(db: Kysely<Database>, mail: NewMail, now = new Date()): Promise<Queued> {
  const limit = await countUse(db, recipientKey(mail.to, mail.data), MAIL_LIMITS[mail.data.template], now);
  if (!limit.allowed) return { queued: false, ...limit };
  const row = outboxRow(mail, now);
  await insertOne(db, row);
  tellQueued([row], now);
  return { queued: true, id: row.id };
}

/** Rows per insert: well within either engine's limit of parameters per statement. */
const MAILS_PER_INSERT = 500;

/**
 * queueMail for many mails at once (an alert round's): the limits of all their recipients counted
 * in one statement per template and 500 recipients, those within them inserted 500 to a statement.
 * Answers how many were queued.
 */
export async function queueMails(db: Kysely<Database>, mails: NewMail[], now = new Date()): Promise<number> {
  const queued: NewMail[] = [];
  for (const [template, ofTemplate] of groupBy(mails, (mail) => mail.data.template)) {
    const keys = ofTemplate.map((mail) => recipientKey(mail.to, mail.data));
    const uses = new Map<string, number>();
    for (const key of keys) uses.set(key, (uses.get(key) ?? 0) + 1);
    const counted = await countUses(db, uses, MAIL_LIMITS[template], now);
    const left = new Map([...counted].map(([key, { allowed }]) => [key, allowed]));
    ofTemplate.forEach((mail, index) => {
      const allowed = left.get(keys[index]!)!;
      left.set(keys[index]!, allowed - 1);
      if (allowed > 0) queued.push(mail);
    });
  }
  const rows = queued.map((mail) => outboxRow(mail, now));
  for (const slice of slices(rows, MAILS_PER_INSERT)) await db.insertInto('mail_outbox').values(slice).execute();
  tellQueued(rows, now);
  return queued.length;
}

/** A mail of an event (a message, a booking, a sign-up: one a request), by a statement compiled once. */
const insertOne = compiledInsert('mail_outbox', [
  'id',
  'user_id',
  'to_address',
  'template',
  'lane',
  'data',
  'state',
  'attempts',
  'next_attempt_at',
  'lease_until',
  'last_error',
  'created_at',
  'sent_at',
]);

function outboxRow(mail: NewMail, now: Date) {
  return {
    id: newId(now.getTime()),
    user_id: mail.userId,
    to_address: mail.to,
    template: mail.data.template,
    lane: laneOf(mail.data),
    data: JSON.stringify(mail.data),
    state: 'pending' as const,
    attempts: 0,
    next_attempt_at: (mail.sendAt ?? now).toISOString(),
    lease_until: null,
    last_error: null,
    created_at: now.toISOString(),
    sent_at: null,
  };
}
