import { mkdir, open, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
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

  /**
   * Returns once the picture and its name in the folder are on the disk, as the row that names it
   * will be when the upload is answered (docs/reliability.md, "Crashes"): fsyncs on libuv's threads,
   * small beside the image's processing. The folder's own name too, the first time.
   */
  async put(name: string, bytes: Buffer): Promise<void> {
    const made = await mkdir(this.directory, { recursive: true });
    await writeSynced(join(this.directory, name), bytes);
    await syncDirectory(this.directory);
    if (made) await syncDirectory(dirname(this.directory));
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

async function writeSynced(path: string, bytes: Buffer): Promise<void> {
  const file = await open(path, 'w');
  try {
    await file.writeFile(bytes);
    await file.datasync();
  } finally {
    await file.close();
  }
}

async function syncDirectory(path: string): Promise<void> {
  const directory = await open(path, 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}
