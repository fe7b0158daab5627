import { INSTANT_BATCH_MINUTES, INSTANT_PER_DAY } from '#shared/alerts';
import type { AlertFrequency } from '#server/db/schema';
import type { DealDeps } from '#server/bookings/deal';
import { countUse, keysAtLimit } from '#server/limits/counters';
import { withNotifications } from '#server/notifications/service';
import { ALERT_CHANNELS, type AlertChannel } from './channels';
import {
  alertsWithPendingMatches,
  markDelivered,
  pendingMatchesOf,
  setLastSent,
  type PendingAlert,
  type PendingMatch,
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
 * Tells each due alert's untold matches, one batch per alert through every channel, in one
 * transaction per person. People already at today's limit of instant deliveries are left out before
 * any transaction (their digests still go). Answers how many alerts told something.
 */
export async function deliverAlerts(
  deps: DealDeps,
  now = new Date(),
  channels: readonly AlertChannel[] = ALERT_CHANNELS,
): Promise<number> {
  const due = (await alertsWithPendingMatches(deps.db)).filter((alert) => isDue(alert, now));
  const instantUsers = [...new Set(due.filter((a) => a.frequency === 'instant').map((a) => limitKey(a.user_id)))];
  const full = await keysAtLimit(deps.db, instantUsers, INSTANT_LIMIT, now);
  const byUser = new Map<string, PendingAlert[]>();
  for (const alert of due) {
    if (alert.frequency === 'instant' && full.has(limitKey(alert.user_id))) continue;
    byUser.set(alert.user_id, [...(byUser.get(alert.user_id) ?? []), alert]);
  }
  let delivered = 0;
  for (const alerts of byUser.values()) delivered += await deliverToPerson(deps, alerts, now, channels);
  return delivered;
}

/**
 * One person's due alerts in one transaction: their untold matches read at once, the daily limit
 * counted for each instant alert told (past it the matches wait, and go together once the day is
 * over), the ledger and the alerts marked in one statement each. With nothing told it rolls back,
 * so a refused count is not kept; one refused beside deliveries is, saying only that the day is
 * full, which it is. Answers how many alerts told something.
 */
function deliverToPerson(
  deps: DealDeps,
  alerts: PendingAlert[],
  now: Date,
  channels: readonly AlertChannel[],
): Promise<number> {
  return withNotifications(deps, async (trx, tell) => {
    const pending = new Map<string, PendingMatch[]>();
    for (const match of await pendingMatchesOf(
      trx,
      alerts.map((alert) => alert.id),
    ))
      pending.set(match.alert_id, [...(pending.get(match.alert_id) ?? []), match]);
    const told: Array<{ alert: PendingAlert; matches: PendingMatch[] }> = [];
    let allowed = true;
    for (const alert of alerts) {
      const matches = pending.get(alert.id);
      if (!matches) continue;
      if (alert.frequency === 'instant') {
        allowed &&= (await countUse(trx, limitKey(alert.user_id), INSTANT_LIMIT, now)).allowed;
        if (!allowed) continue;
      }
      told.push({ alert, matches });
    }
    const ids = told.flatMap(({ matches }) => matches.map((match) => match.id));
    // Nothing to tell, or another worker told them first: nothing is kept.
    if (told.length === 0 || (await markDelivered(trx, ids, now)) !== ids.length) throw new NothingTold();
    await setLastSent(
      trx,
      told.map(({ alert }) => alert.id),
      now,
    );
    for (const { alert, matches } of told) {
      const phones = matches.map((m) => ({
        productId: m.product_id,
        name: m.product_name,
        price: m.price,
        dropped: m.occasion === 'drop',
      }));
      for (const channel of channels) await channel.deliver(trx, tell, { alert, phones });
    }
    return told.length;
  }).catch((error: unknown) => {
    if (error instanceof NothingTold) return 0;
    throw error;
  });
}

/** Rolls a delivery back without telling anyone (and without counting it). */
class NothingTold extends Error {}
