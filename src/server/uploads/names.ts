import type { Config } from '#server/config';
import { IMAGE_URL_PREFIX } from './store';

/** The files one upload is kept as: the picture (at most 1600 px) and its thumbnail. */
export const imageFileName = (uploadId: string) => `${uploadId}.webp`;
export const thumbFileName = (uploadId: string) => `${uploadId}-thumb.webp`;
export const imageFileNames = (uploadId: string) => [imageFileName(uploadId), thumbFileName(uploadId)];

const IMAGE_FILE = /^([0-9a-f]{24})\.webp$/;

/**
 * The upload a picture URL points at, for URLs that POST /uploads handed out: the path under
 * /uploads/ alone or behind this server's public address, or, with S3_PUBLIC_URL, the file's
 * address there (what the upload answered then). Anything else (another host, a thumbnail) is null.
 */
export function uploadIdOfUrl(url: string, config: Pick<Config, 'PUBLIC_URL' | 'S3_PUBLIC_URL'>): string | null {
  const bases = [IMAGE_URL_PREFIX, `${config.PUBLIC_URL}${IMAGE_URL_PREFIX}`];
  if (config.S3_PUBLIC_URL) bases.push(`${config.S3_PUBLIC_URL}/`);
  const base = bases.find((prefix) => url.startsWith(prefix));
  return base === undefined ? null : (IMAGE_FILE.exec(url.slice(base.length))?.[1] ?? null);
}
