import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the page the server rendered is being hydrated (and in that render on the server),
 * true once it responds. A form's submit waits for it: submitted before, the browser would send
 * the fields in the page's address, a password included.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
