import type { QueryClient } from '@tanstack/react-query';
import { setOffers } from './appState';
import { watchInstallability } from './installOffer';
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
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox('/sw.js', { scope: '/' });
  // A new version installed while an older one runs this page: offered, never forced.
  workbox.addEventListener('waiting', () => {
    setOffers({
      update: {
        reload: () => {
          workbox.addEventListener('controlling', () => window.location.reload());
          workbox.messageSkipWaiting();
        },
      },
    });
  });
  // A cached public answer just shown was older than the server's: the screens read again.
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ meta?: string } | null>) => {
    if (event.data?.meta === 'workbox-broadcast-update') void queryClient.invalidateQueries();
  });
  await workbox.register();
}
