/*
 * Builds the web client into dist/client when a client source changed after the last build (the
 * same check as npm start's, scripts/build-if-changed.ts). The browser tests' server
 * (scripts/e2e-server.ts), the page render test and the page benchmark call it before they start
 * the app.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildIfChanged, STEPS } from './build-if-changed';

const root = resolve(import.meta.dirname, '..');

/**
 * Builds the client only when a source file changed after the last build; `who` starts every line
 * it prints. Returns false when there is no client to build yet (no vite.config.ts); a failed
 * build stops the process.
 */
export function ensureClientBuilt(who: string): boolean {
  if (!existsSync(join(root, 'vite.config.ts'))) {
    console.log(`${who}: no vite.config.ts yet, serving the API only`);
    return false;
  }
  try {
    buildIfChanged(
      root,
      STEPS.find((step) => step.name === 'client')!,
      (line) => console.log(`${who}: ${line}`),
    );
  } catch (error) {
    console.error(`${who}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  return true;
}
