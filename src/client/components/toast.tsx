import { useSyncExternalStore } from 'react';
import type * as HotToastModule from 'react-hot-toast';

/*
 * react-hot-toast and its styling library (about 5 KB gzipped of every page's entry,
 * docs/performance.md) download with the first message, not with every page: most visits show
 * none. Its store keeps a message sent before the toaster is mounted, which shows it once it is.
 */

type Module = typeof HotToastModule;
type HotToast = Module['default'];

let loading: Promise<Module> | undefined;
let loaded: Module | undefined;
const listeners = new Set<() => void>();

function show(send: (toast: HotToast) => void): void {
  loading ??= import('react-hot-toast');
  void loading.then((module) => {
    send(module.default);
    if (loaded) return;
    loaded = module;
    for (const listener of listeners) listener();
  });
}

/** react-hot-toast's `toast`, `toast.success` and `toast.error`, which load it first. */
export const toast = Object.assign((...args: Parameters<HotToast>) => show((hot) => hot(...args)), {
  success: (...args: Parameters<HotToast['success']>) => show((hot) => hot.success(...args)),
  error: (...args: Parameters<HotToast['error']>) => show((hot) => hot.error(...args)),
});

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** react-hot-toast's `Toaster` (its defaults are the spec's numbers), mounted once a first message is sent. */
export function Toasts() {
  const Toaster = useSyncExternalStore(
    subscribe,
    () => loaded?.Toaster,
    () => undefined,
  );
  return Toaster ? <Toaster /> : null;
}
