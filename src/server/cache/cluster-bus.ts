import cluster from 'node:cluster';
import type { InvalidationBus } from './bus';

/*
 * The server processes of one machine (WEB_CONCURRENCY) without a shared Redis or PostgreSQL: a
 * worker tells the primary, which passes the news to every other worker over the cluster's channels.
 */
const MESSAGE = 'phonehaat:catalog-changed';

const isChangeMessage = (message: unknown) =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === MESSAGE;

export function clusterWorkerBus(): InvalidationBus {
  let listener: ((message: unknown) => void) | undefined;
  return {
    publish: async () => {
      process.send?.({ type: MESSAGE });
    },
    subscribe: async (onChange) => {
      listener = (message) => {
        if (isChangeMessage(message)) onChange();
      };
      process.on('message', listener);
    },
    close: async () => {
      if (listener) process.off('message', listener);
    },
  };
}

/** In the primary: passes each worker's news on to the others. */
export function relayCatalogChanges(): void {
  cluster.on('message', (from, message: { type?: unknown }) => {
    if (!isChangeMessage(message)) return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker && worker !== from && worker.isConnected()) worker.send(message);
    }
  });
}
