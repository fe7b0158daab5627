import { join } from 'node:path';
import type { Config } from '#server/config';
import { connectRedis, type RedisLink } from '#server/events/redis';
import { S3ImageStore, s3ClientFor } from '#server/uploads/s3-store';
import { DiskImageStore, type ImageStore } from '#server/uploads/store';

/** The pictures' store: the S3 bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export async function imageStoreFor(config: Config, dataDir: string): Promise<ImageStore> {
  if (!config.S3_BUCKET) return new DiskImageStore(join(dataDir, 'uploads'));
  const settings = { ...config, S3_BUCKET: config.S3_BUCKET };
  return new S3ImageStore(await s3ClientFor(settings), settings);
}

/** The link to Redis when REDIS_URL is set; its outages are logged, never fatal. */
export async function redisFor(config: Config): Promise<RedisLink | undefined> {
  if (!config.REDIS_URL) return undefined;
  const log = (line: string) => {
    if (config.LOG_LEVEL !== 'silent') console.error(line);
  };
  return connectRedis(config.REDIS_URL, config.REDIS_PREFIX, log);
}

/** Ends the link once the app no longer counts anything in it. */
export async function closeRedis(redis: RedisLink | undefined): Promise<void> {
  await redis?.client.quit().catch(() => redis.client.disconnect());
}
