/*
 * Builds the web client into dist/client when a client source changed after the last build.
 * The browser tests' server (scripts/e2e-server.ts) and the page benchmark (npm run bench:pages)
 * call it before they start the app.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const CLIENT_INPUTS = ['index.html', 'vite.config.ts', 'public', 'src/client', 'src/shared'];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(path).map((entry) => newestChange(join(path, entry))));
}

function readdirSafe(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir) : [];
}

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
  const built = join(root, 'dist/client/index.html');
  const sourcesChanged = Math.max(...CLIENT_INPUTS.map((input) => newestChange(join(root, input))));
  // The build writes the client, then the server's page renderer (an entry-<hash>.js in dist/ssr).
  const rendererBuilt = readdirSafe(join(root, 'dist/ssr')).some((name) => name.startsWith('entry-'));
  if (existsSync(built) && rendererBuilt && statSync(built).mtimeMs >= sourcesChanged) return true;
  console.log(`${who}: building the client`);
  const build = spawnSync('npm', ['run', 'build:client'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error(`${who}: the client build failed, see above`);
    process.exit(1);
  }
  return true;
}
