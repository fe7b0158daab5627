import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql, type ExpressionBuilder, type Kysely, type UpdateQueryBuilder, type UpdateResult } from 'kysely';
import type { AccessTokens } from '#server/auth/tokens';
import { isThisMachine, type Config } from '#server/config';
import { withoutAddresses, withoutSecrets } from '#server/http/log-redaction';
import { compareText } from '#server/db/batches';
import { walSyncOf, type Engine } from '#server/db/connection';
import type { Database, MailLane, MailOutboxRow } from '#server/db/schema';
import { mailQueued } from './outbox';
import { paths } from '#shared/paths';
import { languageOf } from '#server/i18n/recipient';
import { renderMail, type MailData } from './templates';
import { transportFor, type MailTransport } from './transport';

/*
 * The outbox worker. Each round claims the mail that is due (pending and its time has come, or
 * claimed by a worker whose lease ran out: that worker died mid-send), sends it, and marks it sent,
 * or puts it back with a later time, or after MAX_ATTEMPTS marks it failed and logs it. A row is
 * never deleted by sending, so no mail is lost; a claim is a state change that only one worker's
 * update can make, so no two workers send one mail. (A worker killed between the SMTP server's
 * "accepted" and marking the row sent cannot know it was sent; after its lease that one mail goes
 * again, with the same Message-ID. No outbox can do better over SMTP.)
 */

export const MAX_ATTEMPTS = 10;
/** How long a claim holds; longer than the SMTP transport's own timeouts add up to. */
export const LEASE_MS = 5 * 60 * 1000;
/** The most mails a round claims. */
export const BATCH = 20;
const MAIL_POLL_MS = 2000;

/** The wait before attempt n+1: 30 s, 1 min, 2 min, ... at most an hour (about 4 hours in all). */
export const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 60 * 60 * 1000);

interface MailWorkerDeps {
  db: Kysely<Database>;
  engine: Engine;
  config: Pick<Config, 'PUBLIC_URL' | 'MAIL_FROM'>;
  tokens: AccessTokens;
}

interface RoundResult {
  sent: number;
  retried: number;
  failed: number;
}

/** The lane a round of both claims first (a sign-in link or a password reset is waited for). */
const FIRST_LANE: MailLane = 'account';

/**
 * Takes up to BATCH due mails of `lane` (of both, account mail first, without one) for this worker,
 * in one statement, so no two workers get one: on PostgreSQL its pick locks the rows it takes and
 * skips those another worker is claiming right now; on SQLite it runs under the write lock. Every
 * few seconds in each lane, mostly finding nothing: a transaction around a pick and a claim cost
 * four round trips to PostgreSQL where this is one.
 */
async function claimDue(
  db: Kysely<Database>,
  engine: Engine,
  now: Date,
  lane: MailLane | undefined,
): Promise<MailOutboxRow[]> {
  const nowIso = now.toISOString();
  const leaseUntil = new Date(now.getTime() + LEASE_MS).toISOString();
  const isDue = (eb: ExpressionBuilder<Database, 'mail_outbox'>) =>
    eb.and([
      eb.or([
        eb.and([eb('state', '=', 'pending'), eb('next_attempt_at', '<=', nowIso)]),
        eb.and([eb('state', '=', 'sending'), eb('lease_until', '<=', nowIso)]),
      ]),
      ...(lane ? [eb('lane', '=', lane)] : []),
    ]);
  const due = db
    .selectFrom('mail_outbox')
    .select('id')
    .where(isDue)
    .orderBy(sql`case when lane = ${sql.lit(FIRST_LANE)} then 0 else 1 end`)
    .orderBy('next_attempt_at')
    .limit(BATCH);
  const claim = (update: UpdateQueryBuilder<Database, 'mail_outbox', 'mail_outbox', UpdateResult>) =>
    update
      .set((eb) => ({ state: 'sending', lease_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
      .returningAll()
      .execute();
  // SQLite runs the statement under its write lock, so no other claim comes between its pick and
  // its change; the rows are taken by their ids (with the due test again, it walked the lane's
  // every row, sent ones too). PostgreSQL skips the rows another worker is claiming right now, and
  // makes the pick once, in a table of its own (as an `in (…)` of the update it may run a pick with
  // a limit more than once and claim more than BATCH rows); the due test again leaves alone a row
  // picked but claimed meanwhile.
  const claimed =
    engine === 'postgres'
      ? await claim(
          db
            .with(
              (cte) => cte('picked').materialized(),
              () => due.forUpdate().skipLocked(),
            )
            .updateTable('mail_outbox')
            .where('id', 'in', (eb) => eb.selectFrom('picked').select('picked.id'))
            .where(isDue),
        )
      : await claim(db.updateTable('mail_outbox').where('id', 'in', due));
  // Sent in the order chosen: an update returns its rows in no particular one.
  return claimed.sort((a, b) => laneRank(a) - laneRank(b) || compareText(a.next_attempt_at, b.next_attempt_at));
}

const laneRank = (row: MailOutboxRow) => (row.lane === FIRST_LANE ? 0 : 1);

/** The row as this worker claimed it: a later claim (after our lease ran out) has more attempts. */
const stillOurs = (row: MailOutboxRow) => (eb: ExpressionBuilder<Database, 'mail_outbox'>) =>
  eb.and([eb('id', '=', row.id), eb('state', '=', 'sending'), eb('attempts', '=', row.attempts)]);

/** One round: claims what is due (in `lane`, or in both) and tries each once. Tests call this directly. */
export async function deliverDueMail(
  deps: MailWorkerDeps,
  transport: MailTransport,
  log: FastifyBaseLogger,
  now = new Date(),
  lane?: MailLane,
): Promise<RoundResult> {
  const result: RoundResult = { sent: 0, retried: 0, failed: 0 };
  const claimed = await claimDue(deps.db, deps.engine, now, lane);
  // Sent only once its claim is on the disk (docs/reliability.md, "Crashes"): a claim lost in a
  // crash would send the mail again with this attempt not counted.
  if (claimed.length > 0) await walSyncOf(deps.db)?.onDisk();
  for (const row of claimed) {
    try {
      const data = JSON.parse(row.data) as MailData;
      const rendered = await renderMail(data, {
        publicUrl: deps.config.PUBLIC_URL,
        language: await languageOf(deps.db, row.user_id),
        unsubscribeUrl: row.user_id
          ? async (kind) =>
              `${deps.config.PUBLIC_URL}/unsubscribe?token=${encodeURIComponent(await deps.tokens.signUnsubscribe(row.user_id!, kind))}`
          : undefined,
        appealUrl: row.user_id
          ? async (logId) =>
              `${deps.config.PUBLIC_URL}${paths.appeal}?token=${encodeURIComponent(await deps.tokens.signAppeal(row.user_id!, logId))}`
          : undefined,
      });
      await transport.send({ id: row.id, from: deps.config.MAIL_FROM, to: row.to_address, ...rendered });
      // The data may hold a single-use token: once the mail is out, the outbox need not keep it.
      await deps.db
        .updateTable('mail_outbox')
        .set({ state: 'sent', sent_at: new Date().toISOString(), lease_until: null, last_error: null, data: '{}' })
        .where(stillOurs(row))
        .execute();
      result.sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      await deps.db
        .updateTable('mail_outbox')
        .set({
          state: giveUp ? 'failed' : 'pending',
          lease_until: null,
          last_error: message.slice(0, 1000),
          next_attempt_at: new Date(now.getTime() + backoffMs(row.attempts)).toISOString(),
        })
        .where(stillOurs(row))
        .execute();
      if (giveUp) {
        result.failed += 1;
        log.error(
          { mailId: row.id, template: row.template, attempts: row.attempts, err: withoutAddresses(message) },
          'mail failed for good',
        );
      } else {
        result.retried += 1;
        log.warn(
          { mailId: row.id, template: row.template, attempts: row.attempts, err: withoutAddresses(message) },
          'mail not sent, will retry',
        );
      }
    }
  }
  return result;
}

/** How many mails are waiting or failed: /api/health could show it; the tests read it. */
export async function outboxCounts(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['state', sql<number>`count(*)`.as('count')])
    .groupBy('state')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.state, Number(r.count)])) as Partial<
    Record<MailOutboxRow['state'], number>
  >;
}

/**
 * The log line of a mail written to a file (no SMTP_URL): its subject and link in the message
 * itself, so it reads on its own among the request lines. Never the address; the link's token only
 * while PUBLIC_URL is this machine (someone trying the site locally follows it from the log), since
 * on a public server the log is read by others than the mail's owner.
 */
export function writtenMailLine(publicUrl: string, mail: { subject: string; link: string }): string {
  const link = isThisMachine(publicUrl) ? mail.link : withoutSecrets(mail.link);
  return `mail written: "${withoutAddresses(mail.subject)}" ${link}`;
}

interface MailWorkerOptions {
  intervalMs?: number;
  transport?: MailTransport;
}

/** The outbox's lanes, each worked by its own loop, so a verification link never waits behind a flood of notifications. */
const LANES: readonly MailLane[] = ['account', 'deal'];

/**
 * Runs rounds every MAIL_POLL_MS in one process of the cluster (where housekeeping runs; other
 * machines' workers are kept apart by the claims), one loop per lane side by side. Closing the app
 * stops them after the rounds under way.
 */
export function startMailWorker(app: FastifyInstance, options: MailWorkerOptions = {}): void {
  const { config } = app.deps;
  const transport =
    options.transport ?? transportFor(config, (mail) => app.log.info(writtenMailLine(config.PUBLIC_URL, mail)));
  const intervalMs = options.intervalMs ?? MAIL_POLL_MS;
  const rounds = new Map<MailLane, Promise<unknown>>();
  let closed = false;
  const tick = (only?: MailLane) => {
    for (const lane of only ? [only] : LANES) {
      if (rounds.has(lane) || closed) continue;
      const round = deliverDueMail(app.deps, transport, app.log, new Date(), lane)
        .catch((error: unknown) => app.log.error({ err: error, lane }, 'mail round failed'))
        .finally(() => rounds.delete(lane));
      rounds.set(lane, round);
    }
  };
  const every = setInterval(tick, intervalMs).unref();
  setImmediate(tick);
  // A mail queued here to go now is usually still in its transaction: a moment later it is committed
  // and due, in its lane. (Mail queued by another process waits for the next poll.)
  const soon = (lane: MailLane) => void setTimeout(tick, 100, lane).unref();
  mailQueued.on('queued', soon);
  app.addHook('onClose', async () => {
    closed = true;
    mailQueued.off('queued', soon);
    clearInterval(every);
    await Promise.all(rounds.values());
    transport.close();
  });
}
