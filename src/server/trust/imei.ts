import { createHmac } from 'node:crypto';
import { resolve } from 'node:path';
import { loadKeptSecret } from '#server/auth/secret';
import type { Config } from '#server/config';

/**
 * IMEIs are never stored: a keyed hash finds the same phone again (duplicates, device history)
 * while a stolen database cannot be searched for an IMEI without the key, which lives apart from it
 * (IMEI_SECRET, or `DATA_DIR/imei-secret`, kept and backed up like the signing secret).
 */
export class ImeiKey {
  constructor(private readonly secret: string) {}

  hash(imei: string): string {
    return createHmac('sha256', this.secret).update(`imei:${imei}`).digest('base64url');
  }
}

export const imeiKeyFor = (config: Pick<Config, 'DATA_DIR' | 'IMEI_SECRET'>) =>
  new ImeiKey(loadKeptSecret(resolve(config.DATA_DIR), 'imei-secret', config.IMEI_SECRET));

/** An IMEI as stored: its hash and its last 4 digits. */
export interface StoredImei {
  hash: string;
  last4: string;
}

export const storedImei = (key: ImeiKey, imei: string): StoredImei => ({ hash: key.hash(imei), last4: imei.slice(-4) });
