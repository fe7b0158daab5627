import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDir } from '#server/db/data-dir';

/** As AUTH_SECRET must be (config.ts): shorter keys can be guessed offline from one token. */
const MIN_SECRET_LENGTH = 32;

/**
 * AUTH_SECRET when set; otherwise one generated at first start and kept in DATA_DIR. A kept secret
 * that is empty or too short (a truncated or hand-edited file) stops the server: signing with it
 * would hand out forgeable tokens.
 */
export function loadAuthSecret(dataDir: string, configured?: string): string {
  return loadKeptSecret(dataDir, 'auth-secret', configured);
}

/** A secret set in the environment, or generated once and kept in `DATA_DIR/<fileName>` (see loadAuthSecret). */
export function loadKeptSecret(dataDir: string, fileName: string, configured?: string): string {
  if (configured) return configured;
  const file = join(dataDir, fileName);
  const stored = readStored(file);
  if (stored === undefined) {
    ensurePrivateDir(dataDir);
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
  if (stored.length < MIN_SECRET_LENGTH) {
    const what = stored.length ? `only ${stored.length} characters long` : 'empty';
    throw new Error(
      `The secret in ${file} is ${what}; it must have at least ${MIN_SECRET_LENGTH} characters. ` +
        'Delete the file to have a new one made, or set it in the environment (README, Configuration).',
    );
  }
  return stored;
}

function readStored(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
