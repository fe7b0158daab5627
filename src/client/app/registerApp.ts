import type { QueryClient } from '@tanstack/react-query';
import { setOffers } from './appState';
import { watchInstallability } from './installOffer';
import { SW_MESSAGES } from './swContract';
import { watchUnsavedInput } from './unsavedInput';

/**
 * Starts the installable app's parts in the browser (docs/app.md): the service worker of a production
 * build, registered once the page has loaded (so it never competes with the page's own loading), the
 * offer of a new version, and the install offer.
 */
export function registerApp(queryClient: QueryClient): void {
  watchUnsavedInput();
  watchInstallability();
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = () =>
    void registerWorker(queryClient).catch((error: unknown) => console.warn('Service worker:', error));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

async function registerWorker(queryClient: QueryClient): Promise<void> {
  const registration: ServiceWorkerRegistration | undefined = await navigator.serviceWorker.register('/sw.js', {
    scope: '/',
  });
  // None when the browser was told to run without (the browser tests other than the app's own).
  if (!registration) return;
  // A new version installed while an older one runs the page: offered, never forced. (The first
  // version a browser installs takes over at once, with nothing to offer.)
  const offerIfWaiting = () => {
    if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
  };
  offerIfWaiting();
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offerIfWaiting();
    });
  });
  // A cached public answer just shown was older than the server's: the screens read again.
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ meta?: string } | null>) => {
    if (event.data?.meta === 'workbox-broadcast-update') void queryClient.invalidateQueries();
  });
}

function offerUpdate(waiting: ServiceWorker): void {
  setOffers({
    update: {
      reload: () => {
        navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
        waiting.postMessage({ type: SW_MESSAGES.skipWaiting });
      },
    },
  });
}
