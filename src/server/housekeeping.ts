import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { deleteOldLinkTokens } from '#server/accounts/repository';
import { deleteExpiredSessions } from '#server/auth/repository';
import { expireStaleOffers } from '#server/chat/offers';
import { expireRequests } from '#server/bookings/deal';
import { changedRows } from '#server/db/changes';
import { deleteEndedCounters } from '#server/limits/counters';
import { liftEndedRestrictions } from '#server/moderation/sanctions';
import { publishDueReviews } from '#server/reviews/service';
import type { Deps } from './deps';
import { imageFileNames } from '#server/uploads/names';
import { deleteUnusedUploads } from '#server/uploads/repository';
import { computeFairPrices } from '#server/fair-price/repository';
import { searchChangeNotes } from '#server/search/change-notes';
import { EVERYTHING, tags } from '#server/cache/tags';

/*
 * Records nobody will ever use again, removed now and then by the running server: photos uploaded
 * for a listing that was never saved, sessions past their expiry, and limit counters (login
 * attempts' among them) whose window has ended; booking requests nobody answered in 48 hours
 * expire, and a review whose other side never wrote theirs is published when its 14 days end. Each
 * job is a function the tests call directly; startHousekeeping runs them all on a timer in the real
 * server (main.ts).
 */

/** An upload no product uses and no order shows is kept this long: a seller may still be filling in the form. */
export const UNUSED_UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** How often the jobs run; the first round comes HOUSEKEEPING_FIRST_RUN_MS after start. */
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;
export const HOUSEKEEPING_FIRST_RUN_MS = 60 * 1000;

export type HousekeepingDeps = Pick<Deps, 'db' | 'images' | 'bell' | 'push'>;

export interface HousekeepingJob {
  name: string;
  /** One round of the job; answers how many records it removed. */
  run(deps: HousekeepingDeps, now: Date): Promise<number>;
  /**
   * false: what it removes is never shown publicly (notifications, counters), so its removals do
   * not make the cached public answers start over. A failure still does, as for every job.
   */
  changesPublic?: false;
  /**
   * The public answers what it changes shows in (cache/tags.ts), when known: only those start over
   * after it changed something. Absent, every answer does. A failure still drops every answer.
   */
  changes?: readonly string[];
}

/** Deletes uploads older than a day that no product uses and no order shows, rows first, then their files. */
export async function removeUnusedUploads(deps: HousekeepingDeps, now = new Date()): Promise<number> {
  const createdBefore = new Date(now.getTime() - UNUSED_UPLOAD_MAX_AGE_MS).toISOString();
  const ids = await deleteUnusedUploads(deps.db, deps.images, createdBefore);
  // Without its row nothing can point at the picture any more; a file left by a failure here is logged.
  await deps.images.remove(ids.flatMap(imageFileNames));
  return ids.length;
}

/** Deletes sessions past their expiry (they already stopped working when they expired). */
export async function removeExpiredSessions(deps: HousekeepingDeps): Promise<number> {
  const [result] = await deleteExpiredSessions(deps.db);
  return Number(result?.numDeletedRows ?? 0);
}

/** Sent mail is kept this long as a record of what went out, then dropped; failed mail stays. */
export const SENT_MAIL_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** Drops mail sent more than 30 days ago and mailed links used or expired more than a day ago. */
export async function removeOldMail(deps: HousekeepingDeps, now = new Date()): Promise<number> {
  const sentBefore = new Date(now.getTime() - SENT_MAIL_MAX_AGE_MS).toISOString();
  const mail = await deps.db
    .deleteFrom('mail_outbox')
    .where('state', '=', 'sent')
    .where('sent_at', '<', sentBefore)
    .executeTakeFirst();
  return Number(mail.numDeletedRows) + (await deleteOldLinkTokens(deps.db, now));
}

/** Notifications are kept this long: the bell and the list show the recent ones, and a table read by user must not grow forever. */
export const NOTIFICATION_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;

/** Drops notifications older than 90 days, read or not. */
export async function removeOldNotifications(deps: HousekeepingDeps, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - NOTIFICATION_MAX_AGE_MS).toISOString();
  return changedRows(deps.db.deleteFrom('notifications').where('created_at', '<', before));
}

/**
 * Drops limit counters whose window has ended (src/server/limits/counters.ts), login attempts'
 * too: one row per address and account ever tried would otherwise pile up.
 */
export const removeEndedLimitCounters = (deps: HousekeepingDeps, now = new Date()) => deleteEndedCounters(deps.db, now);

/**
 * Drops alert deliveries told more than 90 days ago (served by alert_matches_undelivered): the
 * ledger does not grow forever, and a phone still for sale that long may alert once again.
 */
export async function removeOldAlertMatches(deps: HousekeepingDeps, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - NOTIFICATION_MAX_AGE_MS).toISOString();
  return changedRows(deps.db.deleteFrom('alert_matches').where('delivered_at', '<', before));
}

/** Every housekeeping job, run in this order each round. */
export const housekeepingJobs: readonly HousekeepingJob[] = [
  { name: 'unused uploads', run: removeUnusedUploads },
  { name: 'expired sessions', run: removeExpiredSessions },
  { name: 'expired booking requests', run: expireRequests },
  { name: 'expired offers', run: expireStaleOffers, changesPublic: false },
  { name: 'reviews at their deadline', run: publishDueReviews },
  { name: 'old mail and mailed links', run: removeOldMail },
  { name: 'old notifications', run: removeOldNotifications, changesPublic: false },
  { name: 'ended limit counters', run: removeEndedLimitCounters, changesPublic: false },
  { name: 'ended restrictions', run: (deps, now) => liftEndedRestrictions(deps.db, now), changesPublic: false },
  // Read publicly by the fair-price answer and, through the good-price marks, by the searches only.
  { name: 'fair prices', run: (deps, now) => computeFairPrices(deps.db, now), changes: [tags.fairPrice, tags.search] },
  { name: 'old alert matches', run: removeOldAlertMatches, changesPublic: false },
];

/**
 * One round: every job in turn; a job that fails is logged and the others still run. Answers what
 * the round may have changed in public answers (tags; none when nothing): what a job that removed
 * or wrote records names, and everything when one failed part way.
 */
export async function runHousekeeping(
  deps: HousekeepingDeps,
  log: FastifyBaseLogger,
  jobs: readonly HousekeepingJob[] = housekeepingJobs,
  now = new Date(),
): Promise<string[]> {
  const changed = new Set<string>();
  for (const job of jobs) {
    try {
      const removed = await job.run(deps, now);
      if (removed > 0) log.info({ job: job.name, removed }, 'housekeeping');
      if (removed > 0 && job.changesPublic !== false) for (const tag of job.changes ?? [EVERYTHING]) changed.add(tag);
    } catch (error) {
      log.error({ err: error, job: job.name }, 'housekeeping job failed');
      changed.add(EVERYTHING);
    }
  }
  return [...changed];
}

export interface HousekeepingOptions {
  intervalMs?: number;
  firstRunMs?: number;
  jobs?: readonly HousekeepingJob[];
}

/**
 * Runs the jobs on `app`'s deps every hour, on timers that never keep the process alive. Closing the
 * app stops them and waits for a round under way, so the database is not closed under it. Call it
 * before the app is ready (it adds an onClose hook).
 */
export function startHousekeeping(app: FastifyInstance, options: HousekeepingOptions = {}): void {
  const {
    intervalMs = HOUSEKEEPING_INTERVAL_MS,
    firstRunMs = HOUSEKEEPING_FIRST_RUN_MS,
    jobs = housekeepingJobs,
  } = options;
  let round: Promise<void> | undefined;
  const runRound = () => {
    if (round) return; // the last round is still going: skip this one rather than pile up
    // A job may change what the public lists show; the answers it names (every answer, unless the
    // job knows which) start over after a round that changed anything, and only then: starting
    // over costs every answer again.
    // Its writes to the search index (the good prices) are told to the other processes as a request's are.
    const mark = searchChangeNotes.mark();
    round = runHousekeeping(app.deps, app.log, jobs)
      .then((changed) => Promise.all([app.tellSearchChanges(mark), app.publicCache.bump(changed)]))
      .then(() => undefined)
      .finally(() => {
        round = undefined;
      });
  };
  const first = setTimeout(runRound, firstRunMs).unref();
  const every = setInterval(runRound, intervalMs).unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(every);
    await round;
  });
}
