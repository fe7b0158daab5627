import { mkdir, open, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/** One stored picture on its way out. */
export interface StoredImage {
  body: Readable;
  size: number;
}

/** Where processed images live: local disk (DiskImageStore) or S3-compatible storage (S3ImageStore). */
export interface ImageStore {
  /** The URL (a path under /uploads/, or an absolute one) under which `name` is shown. */
  urlOf(name: string): string;
  put(name: string, bytes: Buffer): Promise<void>;
  /** The picture, or undefined when there is none of that name. */
  read(name: string): Promise<StoredImage | undefined>;
  remove(names: string[]): Promise<void>;
}

export const IMAGE_URL_PREFIX = '/uploads/';

export class DiskImageStore implements ImageStore {
  constructor(readonly directory: string) {}

  urlOf(name: string): string {
    return IMAGE_URL_PREFIX + name;
  }

  async put(name: string, bytes: Buffer): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    await writeFile(join(this.directory, name), bytes);
  }

  async read(name: string): Promise<StoredImage | undefined> {
    // Opened first, then measured: a file removed meanwhile is still whole.
    const file = await open(join(this.directory, name)).catch(() => undefined);
    if (!file) return undefined;
    const found = await file.stat();
    if (!found.isFile()) {
      await file.close();
      return undefined;
    }
    return { body: file.createReadStream(), size: found.size };
  }

  async remove(names: string[]): Promise<void> {
    await Promise.all(names.map((name) => rm(join(this.directory, name), { force: true })));
  }
}
