import { setOffers } from './appState';
import { canPush, currentSubscription } from './pushDevice';

const DISMISSED_KEY = 'phonehaat-push-offer-dismissed-at';
const QUIET_DAYS = 30;

/**
 * After a booking, the app asks in its own words whether to notify this device when the seller
 * answers (docs/app.md): the browser's permission question follows only a yes. Never asked when
 * the browser already said no, when this device gets pushes already, without a service worker
 * looking after the page, or for a month after "Not now".
 */
export async function offerPushAfterBooking(): Promise<void> {
  if (!canPush() || !navigator.serviceWorker.controller || Notification.permission === 'denied') return;
  if (recentlyDismissed() || (await currentSubscription().catch(() => null))) return;
  setOffers({
    push: {
      dismiss: () => {
        setOffers({ push: undefined });
        try {
          localStorage.setItem(DISMISSED_KEY, String(Date.now()));
        } catch {
          // Nothing to keep it in: the question may come again.
        }
      },
    },
  });
}

function recentlyDismissed(): boolean {
  try {
    const at = Number(localStorage.getItem(DISMISSED_KEY));
    return Boolean(at) && Date.now() - at < QUIET_DAYS * 24 * 60 * 60 * 1000;
  } catch {
    return false;
  }
}
