import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webPush from 'web-push';
import { ensurePrivateDir } from '#server/db/data-dir';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The key pair the server signs its pushes with (VAPID, RFC 8292), made at first start and kept in
 * DATA_DIR like the signing secret. Browsers subscribe with the public key, so a new pair would
 * silently end every subscription: a file that is not a pair stops the server instead.
 */
export function loadVapidKeys(dataDir: string): VapidKeys {
  const file = join(dataDir, 'vapid-keys.json');
  const stored = readStored(file);
  if (stored !== undefined) return parseKeys(file, stored);
  ensurePrivateDir(dataDir);
  const keys = webPush.generateVAPIDKeys();
  try {
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
    return keys;
  } catch (error) {
    // Another process of the cluster wrote it first: everyone uses that one.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return parseKeys(file, readFileSync(file, 'utf8'));
    throw error;
  }
}

function parseKeys(file: string, text: string): VapidKeys {
  try {
    const { publicKey, privateKey } = JSON.parse(text) as Partial<VapidKeys>;
    if (typeof publicKey === 'string' && typeof privateKey === 'string') {
      // Checks both keys' lengths and encoding, as sending would.
      webPush.getVapidHeaders('https://push.example', 'mailto:check@example.com', publicKey, privateKey, 'aes128gcm');
      return { publicKey, privateKey };
    }
  } catch {
    // Reported below with what to do.
  }
  throw new Error(
    `The push keys in ${file} are not a VAPID key pair. Restore the file from a backup, or delete it to ` +
      'have a new pair made (every device then has to turn push notifications on again).',
  );
}

function readStored(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
