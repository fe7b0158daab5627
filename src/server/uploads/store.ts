import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Where processed images live. Local disk today; the interface leaves room for S3-compatible storage. */
export interface ImageStore {
  /** Public URL path under which `name` is served. */
  urlOf(name: string): string;
  put(name: string, bytes: Buffer): Promise<void>;
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

  async remove(names: string[]): Promise<void> {
    await Promise.all(names.map((name) => rm(join(this.directory, name), { force: true })));
  }
}
