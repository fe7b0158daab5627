import type { S3Client } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { Config } from '#server/config';
import { IMAGE_URL_PREFIX, type ImageStore, type StoredImage } from './store';

export type S3Settings = Pick<
  Config,
  'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE' | 'S3_PUBLIC_URL'
> & { S3_BUCKET: string };

/**
 * The SDK, loaded only when S3_BUCKET is set: a process storing pictures on disk does not hold its
 * 5 MB of heap (and the code compiled for it).
 */
const sdk = () => import('@aws-sdk/client-s3');

/** A client for the configured service; without keys, the SDK's own chain (AWS_* variables, an instance role). */
export async function s3ClientFor(settings: S3Settings): Promise<S3Client> {
  const { S3Client } = await sdk();
  return new S3Client({
    region: settings.S3_REGION ?? 'us-east-1',
    ...(settings.S3_ENDPOINT ? { endpoint: settings.S3_ENDPOINT } : {}),
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    ...(settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: settings.S3_ACCESS_KEY_ID, secretAccessKey: settings.S3_SECRET_ACCESS_KEY } }
      : {}),
    // Checksums only where S3 requires them: many S3-compatible services do not take the SDK's
    // newer default (a CRC trailer on every upload).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Keys per DeleteObjects request, S3's limit. */
const DELETE_BATCH = 1000;

/**
 * Pictures as objects named like their files, in one bucket that every machine shares. Shown through
 * the app (/uploads/, as from disk) or, with S3_PUBLIC_URL, straight from there.
 */
export class S3ImageStore implements ImageStore {
  readonly bucket: string;
  readonly publicUrl: string | undefined;

  constructor(
    readonly client: S3Client,
    settings: Pick<S3Settings, 'S3_BUCKET' | 'S3_PUBLIC_URL'>,
  ) {
    this.bucket = settings.S3_BUCKET;
    this.publicUrl = settings.S3_PUBLIC_URL;
  }

  urlOf(name: string): string {
    return this.publicUrl ? `${this.publicUrl}/${name}` : IMAGE_URL_PREFIX + name;
  }

  async put(name: string, bytes: Buffer): Promise<void> {
    const { PutObjectCommand } = await sdk();
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: name,
        Body: bytes,
        ContentType: 'image/webp',
        // A name never gets new content (every upload has a fresh id).
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async read(name: string): Promise<StoredImage | undefined> {
    const { GetObjectCommand, NoSuchKey, S3ServiceException } = await sdk();
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: name }));
      if (!(answer.Body instanceof Readable)) throw new Error(`S3 sent no readable body for ${name}`);
      return { body: answer.Body, size: answer.ContentLength ?? 0 };
    } catch (error) {
      const missing =
        error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);
      if (missing) return undefined;
      throw error;
    }
  }

  async remove(names: string[]): Promise<void> {
    const { DeleteObjectsCommand } = await sdk();
    for (let start = 0; start < names.length; start += DELETE_BATCH) {
      const batch = names.slice(start, start + DELETE_BATCH);
      const answer = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      // Deleting a key that is not there is no error in S3; any other failure is.
      const failed = answer.Errors ?? [];
      if (failed.length > 0)
        throw new Error(`S3 did not delete ${failed.map((e) => `${e.Key}: ${e.Code}`).join(', ')}`);
    }
  }
}
