import { IMAGE_URL_PREFIX } from './store';

/** The files one upload is kept as: the picture (at most 1600 px) and its thumbnail. */
export const imageFileName = (uploadId: string) => `${uploadId}.webp`;
export const thumbFileName = (uploadId: string) => `${uploadId}-thumb.webp`;
export const imageFileNames = (uploadId: string) => [imageFileName(uploadId), thumbFileName(uploadId)];

const IMAGE_PATH = new RegExp(`^${IMAGE_URL_PREFIX}([0-9a-f]{24})\\.webp$`);

/**
 * The upload a picture URL points at, for URLs that POST /uploads handed out: the path alone or the
 * same behind this server's public address. Anything else (another host, a thumbnail) is null.
 */
export function uploadIdOfUrl(url: string, publicUrl: string): string | null {
  const path = url.startsWith(`${publicUrl}/`) ? url.slice(publicUrl.length) : url;
  return IMAGE_PATH.exec(path)?.[1] ?? null;
}
