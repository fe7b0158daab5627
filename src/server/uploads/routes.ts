import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { areaRoutes } from '#server/http/routes';
import { messageIds } from '#shared/messages';
import { MAX_UPLOAD_BYTES, uploadResponseSchema } from '#shared/uploads';
import { loginAddressOf } from '#server/auth/address';
import { callerOf, signedIn } from '#server/auth/guards';
import { privateWrite } from '#server/cache/hooks';
import { newId } from '#server/db/ids';
import type { UserRow } from '#server/db/schema';
import { AppError } from '#server/errors';
import { serverMessage } from '#server/i18n/texts';
import { imageFileName, imageFileNames, thumbFileName } from './names';
import { processPhoto } from './processing';
import { ARRIVAL_RULE, arrivingAtPace, type ArrivalRule } from './arrival';
import {
  insertUploadWithinQuota,
  UNUSED_UPLOADS_QUOTA,
  unusedUploadsOf,
  uploadsQuotaOf,
  withinQuota,
} from './repository';
import { RedisSlots } from './redis-slots';
import { Slots, type SlotPool } from './slots';

const IMAGE_FIELD = 'image';

/**
 * Uploads one seller may start per minute, whatever their outcome. A listing has up to six photos,
 * so this leaves people room for a few listings a minute while keeping a script from filling the disk or the CPU.
 */
export const UPLOADS_PER_MINUTE = 30;

const tooManyUploads = (max: number) =>
  new AppError('RATE_LIMITED', serverMessage('server.uploads.error.tooMany', { max }));

/**
 * The per-seller limit, as a preHandler: it runs after the sign-in guard (onRequest) has found who is
 * calling, and still before the body is read. It is counted per account, not per address, so sellers
 * behind one shared address do not share it and one seller cannot escape it by changing address.
 * It comes on top of the API-wide limit per address (a `config.rateLimit` on the route would
 * replace that one), through the rate-limit plugin's own counter.
 */
function perSellerLimit(app: FastifyInstance, max: number): preHandlerAsyncHookHandler {
  const count = app.createRateLimit({
    max,
    timeWindow: '1 minute',
    keyGenerator: (request) => `upload:${callerOf(request).user.id}`,
  });
  return async (request, reply) => {
    const outcome = await count(request);
    if (outcome.isAllowed || !outcome.isExceeded) return;
    reply.header('retry-after', outcome.ttlInSeconds);
    throw tooManyUploads(max);
  };
}

/**
 * Photos received and waiting for, or in, the processor: two being processed, the rest queued. The
 * shared slot is taken only once the whole photo has arrived, so a slow sender never holds one.
 */
export const MAX_UPLOADS_IN_FLIGHT = 16;
/** One seller's uploads at once: the form sends its photos one after another; a second covers a retry. */
export const MAX_UPLOADS_IN_FLIGHT_PER_SELLER = 2;
/**
 * Uploads at once from one address (an IPv6 /64), whoever sends them: free seller accounts are
 * cheap, addresses less so. Sellers behind one carrier's shared address still get a few each.
 */
export const MAX_UPLOADS_IN_FLIGHT_PER_ADDRESS = 6;

const serverBusy = () => new AppError('UNAVAILABLE', serverMessage('server.uploads.error.serverBusy'));
const sellerBusy = () =>
  new AppError(
    'RATE_LIMITED',
    serverMessage('server.uploads.error.sellerBusy', { max: MAX_UPLOADS_IN_FLIGHT_PER_SELLER }),
  );
const addressBusy = () => new AppError('RATE_LIMITED', serverMessage('server.uploads.error.addressBusy'));

const overQuota = (user: Pick<UserRow, 'is_email_verified'>) =>
  user.is_email_verified
    ? new AppError(
        'RATE_LIMITED',
        serverMessage('server.uploads.error.overQuota', {
          count: UNUSED_UPLOADS_QUOTA.count,
          mb: UNUSED_UPLOADS_QUOTA.bytes / 1024 / 1024,
        }),
      )
    : new AppError('EMAIL_NOT_VERIFIED', serverMessage('server.uploads.error.unverified'));

const tooLarge = () =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    serverMessage('server.uploads.error.tooLarge', { mb: MAX_UPLOAD_BYTES / 1024 / 1024 }),
  );

/**
 * What the multipart parser (busboy, under @fastify/multipart) throws about a broken body: no or an
 * overlong boundary, a body that ends mid-part, a malformed part header. Those errors carry no HTTP
 * status, so they would end as a 500; they are the client's fault, so a 400. Errors that do carry a
 * status (the plugin's own limits, 413) and our own keep theirs.
 */
function asFormError(request: FastifyRequest, error: unknown): unknown {
  if (error instanceof AppError || !(error instanceof Error) || 'statusCode' in error) return error;
  request.log.info({ err: error }, 'malformed multipart upload');
  return new AppError('BAD_REQUEST', serverMessage('server.uploads.error.notAForm'));
}

async function photoPart(request: FastifyRequest): Promise<MultipartFile> {
  if (!request.isMultipart()) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      serverMessage('server.uploads.error.notMultipart', { field: IMAGE_FIELD }),
    );
  }
  let part: MultipartFile | undefined;
  try {
    part = await request.file();
  } catch (error) {
    throw asFormError(request, error);
  }
  if (!part || part.fieldname !== IMAGE_FIELD) {
    throw new AppError('BAD_REQUEST', messageIds.productImgRequired, { [IMAGE_FIELD]: messageIds.productImgRequired });
  }
  return part;
}

/** The whole file, or a 413 when the multipart limit cut it short, or a 400 when the body breaks off. */
async function readWhole(request: FastifyRequest, part: MultipartFile): Promise<Buffer> {
  try {
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw tooLarge();
    return bytes;
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) throw tooLarge();
    throw asFormError(request, error);
  }
}

export interface UploadRoutesOptions {
  /** Uploads per seller and minute; UPLOADS_PER_MINUTE unless a test needs more. */
  uploadsPerMinute?: number | undefined;
  /** How fast a photo must arrive; ARRIVAL_RULE unless a test needs a shorter wait. */
  arrivalRule?: ArrivalRule | undefined;
}

export const uploadRoutes = areaRoutes<UploadRoutesOptions>(async (app, deps, options) => {
  const { db, engine, images } = deps;
  // Before the body is read: a refused upload costs no memory and no processing.
  const withinUnusedQuota: preHandlerAsyncHookHandler = async (request) => {
    const { user } = callerOf(request);
    if (!withinQuota(uploadsQuotaOf(user), await unusedUploadsOf(db, images, user.id), 0)) throw overQuota(user);
  };
  const routeOptions = {
    schema: { response: { 200: uploadResponseSchema } },
    // A photo is public only once a listing or a profile names it, and that write drops the cache.
    config: { openapi: { multipartFile: IMAGE_FIELD }, ...privateWrite },
    // Any account: sellers upload their phones' photos, everyone a profile photo (sign-up included);
    // an address nobody proved yet keeps one photo in no use at the most (uploadsQuotaOf).
    onRequest: signedIn,
    preHandler: [perSellerLimit(app, options.uploadsPerMinute ?? UPLOADS_PER_MINUTE), withinUnusedQuota],
  };

  // Taken before the body is read (a refused upload costs no memory), given back when it ends; with
  // Redis they count a seller's and an address's uploads on every machine.
  const shared = (name: string, max: number): SlotPool =>
    deps.redis ? new RedisSlots(deps.redis, name, max) : new Slots(max);
  const perSeller = shared('seller', MAX_UPLOADS_IN_FLIGHT_PER_SELLER);
  const perAddress = shared('address', MAX_UPLOADS_IN_FLIGHT_PER_ADDRESS);
  // Taken once the photo has arrived, for its turn in this process's processor (its own CPU).
  const processing = new Slots(MAX_UPLOADS_IN_FLIGHT);
  const arrivalRule = options.arrivalRule ?? ARRIVAL_RULE;

  app.post('/uploads', routeOptions, async (request, reply) => {
    const { user } = callerOf(request);
    return perSeller.hold(user.id, sellerBusy, () =>
      perAddress.hold(loginAddressOf(request.ip), addressBusy, () => receiveAndStore(request, reply, user)),
    );
  });

  async function receiveAndStore(request: FastifyRequest, reply: FastifyReply, owner: UserRow) {
    let bytes: Buffer;
    try {
      bytes = await arrivingAtPace(request, receivePhoto(request), arrivalRule);
    } catch (error) {
      // The rest of a refused body is never read: the connection cannot carry another request.
      reply.header('connection', 'close');
      throw error;
    }
    const busy = () => {
      reply.header('retry-after', 5);
      return serverBusy();
    };
    return processing.hold('all', busy, () => storePhoto(bytes, owner));
  }

  const receivePhoto = async (request: FastifyRequest) => readWhole(request, await photoPart(request));

  async function storePhoto(bytes: Buffer, owner: UserRow) {
    const photo = await processPhoto(bytes);

    const id = newId();
    const stored = {
      id,
      ownerId: owner.id,
      width: photo.width,
      height: photo.height,
      bytes: photo.image.length + photo.thumb.length,
    };
    try {
      await images.put(imageFileName(id), photo.image);
      await images.put(thumbFileName(id), photo.thumb);
      // Checked again with the stored size, counted one upload of the account at a time.
      if (!(await insertUploadWithinQuota(db, engine, images, stored, uploadsQuotaOf(owner)))) throw overQuota(owner);
    } catch (error) {
      // No row, no files: a half-stored upload would never be cleaned up.
      await images.remove(imageFileNames(id));
      throw error;
    }

    return {
      success: true as const,
      data: {
        url: images.urlOf(imageFileName(id)),
        thumbUrl: images.urlOf(thumbFileName(id)),
        width: photo.width,
        height: photo.height,
      },
    };
  }
});
