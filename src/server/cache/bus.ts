/**
 * How processes tell each other that the public catalog changed. A process publishes after its own
 * change; every other process hears it and drops its cached answers. The message carries nothing but
 * the news: each process reads the database again.
 */
export interface InvalidationBus {
  /** Tells every other process; resolves once the message is handed to the shared channel. */
  publish(): Promise<void>;
  /** `onChange` runs for every change another process publishes, and after a lost connection (messages may be lost). */
  subscribe(onChange: () => void): Promise<void>;
  close(): Promise<void>;
}

/** One process alone: nobody to tell. */
export const localBus: InvalidationBus = {
  publish: async () => {},
  subscribe: async () => {},
  close: async () => {},
};
