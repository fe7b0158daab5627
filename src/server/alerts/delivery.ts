import { INSTANT_BATCH_MINUTES, INSTANT_PER_DAY } from '#shared/alerts';
import type { AlertFrequency } from '#server/db/schema';
import type { DealDeps } from '#server/bookings/deal';
import { countUse } from '#server/limits/counters';
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

/**
 * Tells each due alert's untold matches, one batch per alert through every channel, in one
 * transaction per alert. Answers how many alerts told something.
 */
export async function deliverAlerts(
  deps: DealDeps,
  now = new Date(),
  channels: readonly AlertChannel[] = ALERT_CHANNELS,
): Promise<number> {
  let delivered = 0;
  for (const alert of await alertsWithPendingMatches(deps.db)) {
    if (!isDue(alert, now)) continue;
    const told = await withNotifications(deps, async (trx, tell) => {
      const matches = await pendingMatchesOf(trx, alert.id);
      if (matches.length === 0) return false;
      if (alert.frequency === 'instant') {
        const limit = await countUse(trx, `alerts:${alert.user_id}`, INSTANT_LIMIT, now);
        // Past today's ten the matches wait, and go together once the day is over.
        if (!limit.allowed) throw new OverLimit();
      }
      // Another worker told them first: nothing to do.
      if (
        (await markDelivered(
          trx,
          matches.map((m) => m.id),
          now,
        )) !== matches.length
      )
        throw new OverLimit();
      await setLastSent(trx, alert.id, now);
      const phones = matches.map((m) => ({
        productId: m.product_id,
        name: m.product_name,
        price: m.price,
        dropped: m.occasion === 'drop',
      }));
      for (const channel of channels) await channel.deliver(trx, tell, { alert, phones });
      return true;
    }).catch((error: unknown) => {
      if (error instanceof OverLimit) return false;
      throw error;
    });
    if (told) delivered += 1;
  }
  return delivered;
}

/** Rolls a delivery back without telling anyone (and without counting it). */
class OverLimit extends Error {}
