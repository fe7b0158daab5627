import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../errors';
import { DiskImageStore, IMAGE_URL_PREFIX } from './store';

/** Only names this server writes (uploads, thumbnails, category pictures), so no path can escape. */
const imageNameSchema = z.object({ name: z.string().regex(/^[a-z0-9][a-z0-9-]{0,80}\.webp$/) });

/** A file name never gets new content (every upload has a fresh id), so browsers may keep it for good. */
const FOREVER = 'public, max-age=31536000, immutable';

/** Serves the disk store's pictures under /uploads/; another store would serve its own. */
export function registerImageServing(app: FastifyInstance): void {
  const { images } = app.deps;
  if (!(images instanceof DiskImageStore)) return;

  app.get(`${IMAGE_URL_PREFIX}:name`, async (request, reply) => {
    const parsed = imageNameSchema.safeParse(request.params);
    if (!parsed.success) throw notFound('Picture');
    const file = await open(join(images.directory, parsed.data.name)).catch(() => null);
    if (!file) throw notFound('Picture');
    const { size } = await file.stat();
    return reply
      .type('image/webp')
      .header('content-length', size)
      .header('cache-control', FOREVER)
      .send(file.createReadStream());
  });
}
