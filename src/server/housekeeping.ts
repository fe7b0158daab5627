import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { deleteOldLinkTokens } from '#server/accounts/repository';
import { deleteExpiredSessions } from '#server/auth/repository';
import { expireStaleOffers } from '#server/chat/offers';
import { expireRequests } from '#server/bookings/deal';
import { EVERYTHING, onNamedOutside } from '#server/cache/tags';
import { changedRows } from '#server/db/changes';
import { deleteEndedCounters } from '#server/limits/counters';
import { liftEndedRestrictions } from '#server/moderation/sanctions';
import { publishDueReviews } from '#server/reviews/service';
import type { Deps } from './deps';
import { imageFileNames } from '#server/uploads/names';
import { deleteUnusedUploads } from '#server/uploads/repository';
import { computeFairPrices } from '#server/fair-price/repository';
import { searchChangeNotes } from '#server/search/change-notes';

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
/** How often the jobs run; the first round comes `firstRunMs` after start (HOUSEKEEPING_DELAY_S). */
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

export type HousekeepingDeps = Pick<Deps, 'db' | 'images' | 'bell' | 'push'>;

export interface HousekeepingJob {
  name: string;
  /** One round of the job; answers how many records it removed. */
  run(deps: HousekeepingDeps, now: Date): Promise<number>;
  /**
   * false: what it changes is never shown publicly (sessions, mail, counters), or its repositories
   * name what they change (cache/tags.ts: a review published, a phone's fair price or good-price
   * mark), so its removals do not make the cached public answers start over. A failure still does,
   * as for every job.
   */
  changesPublic?: false;
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
  // An upload in no listing, a session, a mail: nothing a visitor reads.
  { name: 'unused uploads', run: removeUnusedUploads, changesPublic: false },
  { name: 'expired sessions', run: removeExpiredSessions, changesPublic: false },
  // A request never reserved the phone (bookings/repository.ts names a reservation that ends).
  { name: 'expired booking requests', run: expireRequests, changesPublic: false },
  { name: 'expired offers', run: expireStaleOffers, changesPublic: false },
  { name: 'reviews at their deadline', run: publishDueReviews, changesPublic: false },
  { name: 'old mail and mailed links', run: removeOldMail, changesPublic: false },
  { name: 'old notifications', run: removeOldNotifications, changesPublic: false },
  { name: 'ended limit counters', run: removeEndedLimitCounters, changesPublic: false },
  { name: 'ended restrictions', run: (deps, now) => liftEndedRestrictions(deps.db, now), changesPublic: false },
  { name: 'fair prices', run: (deps, now) => computeFairPrices(deps.db, now), changesPublic: false },
  { name: 'old alert matches', run: removeOldAlertMatches, changesPublic: false },
];

/**
 * One round: every job in turn; a job that fails is logged and the others still run. Answers whether
 * the round may have changed something: a job removed records, or one failed part way.
 */
export async function runHousekeeping(
  deps: HousekeepingDeps,
  log: FastifyBaseLogger,
  jobs: readonly HousekeepingJob[] = housekeepingJobs,
  now = new Date(),
): Promise<boolean> {
  let changed = false;
  for (const job of jobs) {
    try {
      const removed = await job.run(deps, now);
      if (removed > 0) log.info({ job: job.name, removed }, 'housekeeping');
      changed ||= removed > 0 && job.changesPublic !== false;
    } catch (error) {
      log.error({ err: error, job: job.name }, 'housekeeping job failed');
      changed = true;
    }
  }
  return changed;
}

export interface HousekeepingOptions {
  intervalMs?: number;
  firstRunMs: number;
  jobs?: readonly HousekeepingJob[];
}

/**
 * Runs the jobs on `app`'s deps every hour, on timers that never keep the process alive. Closing the
 * app stops them and waits for a round under way, so the database is not closed under it. Call it
 * before the app is ready (it adds an onClose hook).
 */
export function startHousekeeping(app: FastifyInstance, options: HousekeepingOptions): void {
  const { intervalMs = HOUSEKEEPING_INTERVAL_MS, firstRunMs, jobs = housekeepingJobs } = options;
  let round: Promise<void> | undefined;
  const runRound = () => {
    if (round) return; // the last round is still going: skip this one rather than pile up
    // The jobs' repositories name what they change, dropped as named (cache/hooks.ts): inside a
    // transaction, before it commits, so an answer computed in between may hold what was before.
    // What a job named is dropped again as soon as it ends, committed (not after the whole round,
    // which at a million listings takes seconds); everything only after a round in which a job failed
    // or did not name its changes (starting over costs every answer again).
    // Its writes to the search index (the good prices) are told to the other processes as a request's are.
    const mark = searchChangeNotes.mark();
    const names = new Set<string>();
    const stopHearing = onNamedOutside((changed) => changed.forEach((tag) => names.add(tag)));
    const dropNamed = async () => {
      const changed = [...names];
      names.clear();
      if (changed.length > 0) await app.publicCache.bump(changed);
    };
    const dropping = jobs.map((job) => ({
      ...job,
      run: (deps: HousekeepingDeps, now: Date) => job.run(deps, now).finally(dropNamed),
    }));
    round = runHousekeeping(app.deps, app.log, dropping)
      .finally(stopHearing)
      .then((changed) =>
        Promise.all([app.tellSearchChanges(mark), changed ? app.publicCache.bump([EVERYTHING]) : undefined]),
      )
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
