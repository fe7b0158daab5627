import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import S3rver from 's3rver';

/** The Redis every test machine runs (and CI): 127.0.0.1:6379 unless TEST_REDIS_URL says otherwise. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** A prefix no other test run uses, so runs in parallel never see each other's keys and channels. */
export const uniqueRedisPrefix = (what: string) =>
  `phonehaat-test:${what}:${process.pid}:${Math.random().toString(36).slice(2, 10)}:`;

/** Deletes every key under `prefix` (channels leave nothing behind). */
export async function dropRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** A real S3-protocol server (s3rver) in this process on 127.0.0.1, with one empty bucket. */
export interface S3Server {
  /** The settings an app needs to keep its pictures there. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startS3Server(bucket = 'phonehaat-test'): Promise<S3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'phonehaat-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      // s3rver's fixed key pair.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    },
    async stop() {
      server.httpServer?.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
