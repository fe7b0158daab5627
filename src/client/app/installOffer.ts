import { setOffers } from './appState';

/** The browser's install event (Chromium's; not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const VISITS_KEY = 'phonehaat-visits';
const DISMISSED_KEY = 'phonehaat-install-dismissed-at';
/** "Not now" holds for this long. */
const QUIET_DAYS = 30;

let waiting: BeforeInstallPromptEvent | undefined;
let meaningful = false;

/**
 * Installing is offered in the app, never by the browser on its own: on a later visit than the first,
 * once the person has done something that matters (booked a phone, listed one, written to a
 * seller), and not again for a month after "Not now".
 */
export function watchInstallability(): void {
  countVisit();
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    waiting = event as BeforeInstallPromptEvent;
    offerIfDue();
  });
  window.addEventListener('appinstalled', () => {
    waiting = undefined;
    setOffers({ install: undefined });
  });
}

/** Called after an action that matters to the person; the install offer may follow. */
export function noteMeaningfulAction(): void {
  meaningful = true;
  offerIfDue();
}

function offerIfDue(): void {
  const event = waiting;
  if (!event || !meaningful || visits() < 2 || recentlyDismissed()) return;
  setOffers({
    install: {
      install: async () => {
        setOffers({ install: undefined });
        waiting = undefined;
        await event.prompt();
        if ((await event.userChoice).outcome === 'dismissed') remember(DISMISSED_KEY, String(Date.now()));
      },
      dismiss: () => {
        setOffers({ install: undefined });
        remember(DISMISSED_KEY, String(Date.now()));
      },
    },
  });
}

/** Visits count once per browser session (a tab's life). */
function countVisit(): void {
  try {
    if (sessionStorage.getItem(VISITS_KEY)) return;
    sessionStorage.setItem(VISITS_KEY, '1');
    remember(VISITS_KEY, String(visits() + 1));
  } catch {
    // Storage refused (private mode): every visit is a first one, and nothing is offered.
  }
}

function visits(): number {
  return Number(read(VISITS_KEY)) || 0;
}

function recentlyDismissed(): boolean {
  const at = Number(read(DISMISSED_KEY));
  return Boolean(at) && Date.now() - at < QUIET_DAYS * 24 * 60 * 60 * 1000;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function remember(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Nothing to keep it in: the offer may come again.
  }
}
