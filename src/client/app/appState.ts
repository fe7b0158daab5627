import { useSyncExternalStore } from 'react';

/**
 * What the installable app has to offer the person right now (docs/app.md): a new version waiting
 * for "Reload", and installing PhoneHaat. Kept outside React, since the service worker and the
 * browser's install event arrive from outside it.
 */
export interface AppOffers {
  /** A new version is installed and waits; `reload` lets it take over and reloads the page. */
  update?: { reload: () => void };
  /** The app's question whether to notify this device, after a booking; "Turn on" asks the browser. */
  push?: { dismiss: () => void };
  /** The browser may install the app; `install` shows its own question. */
  install?: { install: () => Promise<void>; dismiss: () => void };
}

let offers: AppOffers = {};
const listeners = new Set<() => void>();

export function setOffers(change: Partial<AppOffers>): void {
  offers = { ...offers, ...change };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const none: AppOffers = {};

/** The offers (none while the server renders and the page hydrates). */
export const useAppOffers = (): AppOffers =>
  useSyncExternalStore(
    subscribe,
    () => offers,
    () => none,
  );
