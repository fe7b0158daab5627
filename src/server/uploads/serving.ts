import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound, orNotFound } from '#server/errors';
import { S3ImageStore } from './s3-store';
import { IMAGE_URL_PREFIX } from './store';

/** Only names this server writes (uploads, thumbnails, category pictures), so no path can escape. */
const imageNameSchema = z.object({ name: z.string().regex(/^[a-z0-9][a-z0-9-]{0,80}\.webp$/) });

/** A file name never gets new content (every upload has a fresh id), so browsers may keep it for good. */
const FOREVER = 'public, max-age=31536000, immutable';

/**
 * Serves the store's pictures under /uploads/, from disk or streamed from S3 alike. With S3_PUBLIC_URL
 * pictures are linked there instead, and a /uploads/ address kept from before (a booking's copy, a
 * profile photo) is sent on to it.
 */
export function registerImageServing(app: FastifyInstance): void {
  const { images } = app.deps;

  app.get(`${IMAGE_URL_PREFIX}:name`, async (request, reply) => {
    const parsed = imageNameSchema.safeParse(request.params);
    if (!parsed.success) throw notFound('Picture');
    const { name } = parsed.data;
    if (images instanceof S3ImageStore && images.publicUrl) {
      return reply.header('cache-control', FOREVER).redirect(images.urlOf(name), 301);
    }
    const picture = orNotFound(await images.read(name), 'Picture');
    return reply
      .type('image/webp')
      .header('content-length', picture.size)
      .header('cache-control', FOREVER)
      .send(picture.body);
  });
}
