import { INSTANT_BATCH_MINUTES, INSTANT_PER_DAY, MAX_ALERTS } from '#shared/alerts';
import { PUSH_LIMITS } from '#server/push/sender';
import type { Kysely } from 'kysely';
import type { AlertFrequency, Database } from '#server/db/schema';
import { groupBy, slices } from '#server/db/batches';
import type { DealDeps } from '#server/bookings/deal';
import { countUses, keysAtLimit } from '#server/limits/counters';
import { withNotifications } from '#server/notifications/service';
import { ALERT_CHANNELS, type AlertChannel } from './channels';
import {
  alertsWithPendingMatches,
  markDelivered,
  pendingMatchesOf,
  setLastSent,
  type PendingAlert,
} from './repository';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

/** How long after its last delivery an alert tells again: instant ones batch 15 minutes of matches. */
export const GAP_MS: Record<AlertFrequency, number> = {
  instant: INSTANT_BATCH_MINUTES * MINUTE,
  daily: DAY,
  weekly: 7 * DAY,
};

/**
 * An instant alert tells as soon as 15 minutes passed since its last delivery; a digest once its
 * day or week since the last (or since it was saved) is over. An alert with nothing matched is
 * never here, so a digest with nothing in it sends nothing.
 */
export function isDue(alert: Pick<PendingAlert, 'frequency' | 'last_sent_at' | 'created_at'>, now: Date): boolean {
  const since = alert.last_sent_at ?? (alert.frequency === 'instant' ? undefined : alert.created_at);
  return since === undefined || now.getTime() - Date.parse(since) >= GAP_MS[alert.frequency];
}

/** Instant deliveries to one person in a day, counted in the delivery's transaction. */
const INSTANT_LIMIT = { max: INSTANT_PER_DAY, windowMs: DAY };
const limitKey = (userId: string) => `alerts:${userId}`;

/**
 * People told in one transaction, with a handful of statements for all of them. Not more: on SQLite
 * the transaction holds the process's one connection (and the write lock) while it runs, and its
 * notifications (at most MAX_ALERTS a person) must fit in the push queue.
 */
const PEOPLE_PER_BATCH = PUSH_LIMITS.maxQueued / MAX_ALERTS;

/**
 * Tells each due alert's untold matches, one batch per alert through every channel, 100 people to
 * a transaction. People already at today's limit of instant deliveries are left out before any
 * transaction (their digests still go). Answers how many alerts told something.
 */
export async function deliverAlerts(
  deps: DealDeps,
  now = new Date(),
  channels: readonly AlertChannel[] = ALERT_CHANNELS,
): Promise<number> {
  const due = (await alertsWithPendingMatches(deps.db)).filter((alert) => isDue(alert, now));
  const instantUsers = [...new Set(due.filter((a) => a.frequency === 'instant').map((a) => limitKey(a.user_id)))];
  const full = await keysAtLimit(deps.db, instantUsers, INSTANT_LIMIT, now);
  const byUser = groupBy(
    due.filter((alert) => alert.frequency !== 'instant' || !full.has(limitKey(alert.user_id))),
    (alert) => alert.user_id,
  );
  let delivered = 0;
  for (const people of slices([...byUser.keys()].sort(), PEOPLE_PER_BATCH)) {
    const alerts = people.flatMap((userId) => byUser.get(userId)!);
    delivered += await deliverTogether(deps, alerts, now, channels);
  }
  return delivered;
}

/**
 * Some people's due alerts (each with untold matches) in one transaction, each step one statement
 * (per 500 or 5,000 rows) for all of them: the daily limit counted for each person's instant
 * alerts (past it the matches wait, and go together once the day is over), the untold matches of
 * the alerts told read, the ledger and the alerts marked, each channel's rows written. With nothing
 * told it rolls back, so a refused count is not kept; one refused beside deliveries is, saying only
 * that the day is full, which it is. If another worker told some of these matches first, it rolls
 * back too, and the next round tells what is left. Answers how many alerts told something.
 */
function deliverTogether(
  deps: DealDeps,
  alerts: PendingAlert[],
  now: Date,
  channels: readonly AlertChannel[],
): Promise<number> {
  return withNotifications(deps, async (trx, tell) => {
    const allowed = await instantAllowed(trx, alerts, now);
    const told = alerts.filter((alert) => {
      if (alert.frequency !== 'instant') return true;
      const left = allowed.get(alert.user_id)!;
      allowed.set(alert.user_id, left - 1);
      return left > 0;
    });
    // Only the matches of alerts told are read: those past the day's limit wait untouched.
    const pending = groupBy(
      await pendingMatchesOf(
        trx,
        told.map((alert) => alert.id),
      ),
      (match) => match.alert_id,
    );
    const matches = [...pending.values()].flat();
    // Nothing to tell, or another worker told some first: nothing is kept.
    if (told.length === 0 || told.some((alert) => !pending.has(alert.id))) throw new NothingTold();
    if ((await markDelivered(trx, matches, now)) !== matches.length) throw new NothingTold();
    await setLastSent(
      trx,
      told.map((alert) => alert.id),
      now,
    );
    const deliveries = told.map((alert) => ({
      alert,
      phones: pending.get(alert.id)!.map((m) => ({
        productId: m.product_id,
        name: m.product_name,
        price: m.price,
        dropped: m.occasion === 'drop',
      })),
    }));
    for (const channel of channels) await channel.deliver(trx, tell, deliveries);
    return told.length;
  }).catch((error: unknown) => {
    if (error instanceof NothingTold) return 0;
    throw error;
  });
}

/** How many instant alerts each person may still be told today, their wish counted in one statement. */
async function instantAllowed(trx: Kysely<Database>, alerts: PendingAlert[], now: Date): Promise<Map<string, number>> {
  const wanted = new Map<string, number>();
  for (const alert of alerts) {
    if (alert.frequency === 'instant')
      wanted.set(limitKey(alert.user_id), (wanted.get(limitKey(alert.user_id)) ?? 0) + 1);
  }
  const counted = await countUses(trx, wanted, INSTANT_LIMIT, now);
  return new Map(alerts.map((alert) => [alert.user_id, counted.get(limitKey(alert.user_id))?.allowed ?? 0]));
}

/** Rolls a delivery back without telling anyone (and without counting it). */
class NothingTold extends Error {}
