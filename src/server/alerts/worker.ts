import type { FastifyInstance } from 'fastify';
import { deliverAlerts } from './delivery';
import { matchEvents } from './matching';

/** How often the worker matches new phones and tells what is due: alerts go out within a minute. */
export const ALERT_POLL_MS = 10_000;

/** One round: match what became visible, then deliver what is due. Tests call this directly. */
export async function runAlertRound(deps: FastifyInstance['deps'], now = new Date()) {
  const matched = await matchEvents(deps.db, deps.engine, now);
  const delivered = await deliverAlerts(deps, now);
  return { matched, delivered };
}

/**
 * Runs rounds every ALERT_POLL_MS in the process that runs housekeeping and the mail worker. Other
 * machines' workers may run too: events are taken one transaction each and the ledger is unique.
 */
export function startAlertWorker(app: FastifyInstance, intervalMs = ALERT_POLL_MS): void {
  let round: Promise<unknown> | undefined;
  const tick = () => {
    if (round) return;
    round = runAlertRound(app.deps)
      .catch((error: unknown) => app.log.error({ err: error }, 'alert round failed'))
      .finally(() => {
        round = undefined;
      });
  };
  const every = setInterval(tick, intervalMs).unref();
  app.addHook('onClose', async () => {
    clearInterval(every);
    await round;
  });
}
