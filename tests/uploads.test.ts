import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { MAX_CONCURRENT_PHOTOS, photoTurns } from '#server/uploads/processing';
import {
  MAX_UPLOADS_IN_FLIGHT,
  MAX_UPLOADS_IN_FLIGHT_PER_ADDRESS,
  MAX_UPLOADS_IN_FLIGHT_PER_SELLER,
  UPLOADS_PER_MINUTE,
} from '#server/uploads/routes';
import { MAX_UPLOAD_BYTES, uploadResponseSchema, type UploadResponse } from '#shared/uploads';
import { createTestApp, type TestApp } from './support/app';
import { registerActor, type Actor, fromOwnPage } from './support/actors';
import { multipartBody, uploadFile } from './support/products';
import { timeLimit } from './support/time-limits';

let t: TestApp;
let seller: Actor;
beforeAll(async () => {
  t = await createTestApp();
  seller = await registerActor(t.app, 'seller');
});
afterAll(() => t.close());

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } });

/** The EXIF tag (0x8825, little-endian) that points at the GPS block. */
const GPS_IFD_TAG = Buffer.from([0x25, 0x88]);

const storedFile = (url: string) => readFile(join(t.images.directory, url.replace(/^\/uploads\//, '')));

/** A PNG whose header claims 30000 x 30000 pixels: a few bytes that would unpack to gigabytes. */
function pixelBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(30_000, 0);
  header.writeUInt32BE(30_000, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(64 * 1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('POST /api/uploads', () => {
  it('turns a photo upright, strips its EXIF (GPS included) and stores a WebP and a thumbnail', async () => {
    const jpeg = await picture(640, 480)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Make: 'PhoneCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 48/1 0/1' } })
      .toBuffer();
    const original = await sharp(jpeg).metadata();
    expect(original.orientation).toBe(6);
    expect(original.exif?.includes(GPS_IFD_TAG)).toBe(true);

    const response = await uploadFile(seller, { bytes: jpeg, filename: 'IMG_0001.jpg', contentType: 'image/jpeg' });
    expect(response.statusCode).toBe(200);
    const body = uploadResponseSchema.parse(response.json());
    expect(body.data.url).toMatch(/^\/uploads\/[0-9a-f]{24}\.webp$/);
    expect(body.data.thumbUrl).toMatch(/^\/uploads\/[0-9a-f]{24}-thumb\.webp$/);
    expect(body.data).toMatchObject({ width: 480, height: 640 });

    const stored = await sharp(await storedFile(body.data.url)).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 480, height: 640 });
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    const thumb = await sharp(await storedFile(body.data.thumbUrl)).metadata();
    expect(thumb).toMatchObject({ format: 'webp', width: 300, height: 400 });
    expect(thumb.exif).toBeUndefined();
  });

  /** Runs `check` while every photo that gets a processing turn waits at a gate, so the queue holds still. */
  async function withPhotosHeld(check: (spy: ReturnType<typeof vi.spyOn>) => Promise<void>) {
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const run = photoTurns.run.bind(photoTurns);
    const spy = vi.spyOn(photoTurns, 'run').mockImplementation((task) =>
      run(async () => {
        await gate;
        return task();
      }),
    );
    try {
      await check(spy);
    } finally {
      openGate();
      spy.mockRestore();
    }
  }

  it(`processes at most ${MAX_CONCURRENT_PHOTOS} photos at a time and queues the rest`, async () => {
    const sellers = await Promise.all([1, 2, 3].map(() => registerActor(t.app, 'seller')));
    const bytes = await picture(300, 200).jpeg().toBuffer();
    let uploads: Promise<LightMyRequestResponse>[] = [];
    await withPhotosHeld(async (spy) => {
      uploads = sellers.flatMap((one) => [uploadFile(one, { bytes }), uploadFile(one, { bytes })]);
      await vi.waitFor(() => expect(spy).toHaveBeenCalledTimes(uploads.length), { timeout: timeLimit(10_000) });
      expect([photoTurns.running, photoTurns.waiting]).toEqual([
        MAX_CONCURRENT_PHOTOS,
        uploads.length - MAX_CONCURRENT_PHOTOS,
      ]);
    });
    for (const response of await Promise.all(uploads)) expect(response.statusCode).toBe(200);
    expect([photoTurns.running, photoTurns.waiting]).toEqual([0, 0]);
  });

  /** An upload as `actor` from an address of its own, as sellers on different networks send them. */
  const uploadFrom = (actor: Actor, remoteAddress: string, bytes: Buffer) => {
    const { payload, headers } = multipartBody({ bytes });
    return actor.request({ method: 'POST', url: '/api/uploads', payload, headers, remoteAddress });
  };

  it(`takes ${MAX_UPLOADS_IN_FLIGHT_PER_SELLER} uploads per seller, ${MAX_UPLOADS_IN_FLIGHT_PER_ADDRESS} per address and ${MAX_UPLOADS_IN_FLIGHT} arrived photos in all at once`, async () => {
    const sellerCount = MAX_UPLOADS_IN_FLIGHT / MAX_UPLOADS_IN_FLIGHT_PER_SELLER;
    const sellers = await Promise.all(Array.from({ length: sellerCount + 1 }, () => registerActor(t.app, 'seller')));
    const latecomer = sellers.pop()!;
    const bytes = await picture(300, 200).jpeg().toBuffer();
    let held: Promise<LightMyRequestResponse>[] = [];
    await withPhotosHeld(async (spy) => {
      held = sellers.flatMap((one, i) => [
        uploadFrom(one, `10.0.0.${i}`, bytes),
        uploadFrom(one, `10.0.0.${i}`, bytes),
      ]);
      await vi.waitFor(() => expect(spy).toHaveBeenCalledTimes(MAX_UPLOADS_IN_FLIGHT), { timeout: timeLimit(10_000) });

      const third = await uploadFrom(sellers[0]!, '10.0.1.1', bytes);
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toBe(
        `You are already uploading ${MAX_UPLOADS_IN_FLIGHT_PER_SELLER} photos. Please wait until one has finished.`,
      );

      const busy = await uploadFrom(latecomer, '10.0.1.2', bytes);
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['retry-after']).toBe('5');
      expect(busy.json()).toMatchObject({
        code: 'UNAVAILABLE',
        message: 'Many photos are being uploaded right now. Please try again in a few seconds.',
      });
    });
    for (const response of await Promise.all(held)) expect(response.statusCode).toBe(200);
    expect((await uploadFrom(latecomer, '10.0.1.2', bytes)).statusCode).toBe(200);
  });

  it(`takes ${MAX_UPLOADS_IN_FLIGHT_PER_ADDRESS} uploads at once from one address, whichever sellers send them`, async () => {
    const count = MAX_UPLOADS_IN_FLIGHT_PER_ADDRESS / MAX_UPLOADS_IN_FLIGHT_PER_SELLER;
    const sellers = await Promise.all(Array.from({ length: count + 1 }, () => registerActor(t.app, 'seller')));
    const neighbour = sellers.pop()!;
    const bytes = await picture(300, 200).jpeg().toBuffer();
    let held: Promise<LightMyRequestResponse>[] = [];
    await withPhotosHeld(async (spy) => {
      held = sellers.flatMap((one) => [uploadFrom(one, '10.0.2.1', bytes), uploadFrom(one, '10.0.2.1', bytes)]);
      await vi.waitFor(() => expect(spy).toHaveBeenCalledTimes(MAX_UPLOADS_IN_FLIGHT_PER_ADDRESS), {
        timeout: timeLimit(10_000),
      });

      const sameNetwork = await uploadFrom(neighbour, '10.0.2.1', bytes);
      expect(sameNetwork.statusCode).toBe(429);
      expect(sameNetwork.json()).toMatchObject({
        code: 'RATE_LIMITED',
        message: 'Many photos are being uploaded from your network right now. Please wait until one has finished.',
      });
    });
    for (const response of await Promise.all(held)) expect(response.statusCode).toBe(200);
    expect((await uploadFrom(neighbour, '10.0.2.1', bytes)).statusCode).toBe(200);
  });

  it('records the upload with its owner and size', async () => {
    const response = await uploadFile(seller, {
      bytes: await picture(320, 200).png().toBuffer(),
      filename: 'a.png',
      contentType: 'image/png',
    });
    const id = response.json<UploadResponse>().data.url.slice('/uploads/'.length, -'.webp'.length);
    const row = await t.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ owner_id: seller.user.uid, width: 320, height: 200 });
  });

  it('shrinks big photos to fit 1600 px and never enlarges small ones', async () => {
    const big = await uploadFile(seller, { bytes: await picture(4000, 3000).jpeg().toBuffer() });
    expect(big.json<UploadResponse>().data).toMatchObject({ width: 1600, height: 1200 });
    const small = await uploadFile(seller, { bytes: await picture(300, 200).jpeg().toBuffer() });
    expect(small.json<UploadResponse>().data).toMatchObject({ width: 300, height: 200 });
  });

  it.each([
    ['PNG', () => picture(120, 90).png().toBuffer()],
    ['WebP', () => picture(120, 90).webp().toBuffer()],
    ['GIF', () => picture(120, 90).gif().toBuffer()],
    ['AVIF', () => picture(120, 90).avif().toBuffer()],
  ])('accepts %s', async (_format, encode) => {
    const response = await uploadFile(seller, {
      bytes: await encode(),
      filename: 'upload.bin',
      contentType: 'application/octet-stream',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<UploadResponse>().data).toMatchObject({ width: 120, height: 90 });
  });

  it('refuses a text file named photo.jpg with 415', async () => {
    const response = await uploadFile(seller, {
      bytes: Buffer.from('not a picture at all\n'.repeat(50)),
      filename: 'photo.jpg',
      contentType: 'image/jpeg',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: expect.stringContaining('JPEG, PNG, WebP, GIF or AVIF'),
    });
  });

  it('refuses pictures of other kinds (SVG, TIFF) with 415', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const tiff = await picture(50, 50).tiff().toBuffer();
    for (const bytes of [svg, tiff]) {
      const response = await uploadFile(seller, { bytes, filename: 'photo.png', contentType: 'image/png' });
      expect(response.statusCode).toBe(415);
    }
  });

  it('refuses a file over 8 MB with 413', async () => {
    const jpegStart = await picture(64, 64).jpeg().toBuffer();
    const bytes = Buffer.concat([jpegStart, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - jpegStart.length + 1024, 7)]);
    const response = await uploadFile(seller, { bytes, filename: 'huge.jpg', contentType: 'image/jpeg' });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.stringContaining('larger than 8 MB'),
    });
  });

  it('refuses a decompression bomb before decoding it', async () => {
    const bomb = pixelBomb();
    expect(bomb.length).toBeLessThan(MAX_UPLOAD_BYTES);
    // Only the header is read (metadata); decoding the pixels would go through toBuffer.
    const metadata = vi.spyOn(sharp.prototype, 'metadata');
    const decode = vi.spyOn(sharp.prototype, 'toBuffer');
    onTestFinished(() => {
      metadata.mockRestore();
      decode.mockRestore();
    });
    const response = await uploadFile(seller, { bytes: bomb, filename: 'bomb.png', contentType: 'image/png' });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/megapixels/);
    expect(metadata).toHaveBeenCalledOnce();
    expect(decode).not.toHaveBeenCalled();
  });

  it('answers 400 when the form has no image field', async () => {
    const response = await uploadFile(seller, { bytes: await picture(10, 10).png().toBuffer(), field: 'photo' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Please Choose product image',
      fields: { image: 'Please Choose product image' },
    });
  });

  it('answers 415 to a body that is not a form', async () => {
    const response = await seller.request({ method: 'POST', url: '/api/uploads', payload: { image: 'x' } });
    expect(response.statusCode).toBe(415);
  });

  describe('answers 400, not 500, to a broken multipart body', () => {
    const notAForm = { code: 'BAD_REQUEST', message: 'The upload is not a valid multipart form' };
    const send = (payload: Buffer, contentType: string) =>
      seller.request({ method: 'POST', url: '/api/uploads', payload, headers: { 'content-type': contentType } });

    it('without a boundary', async () => {
      const { payload } = multipartBody({ bytes: await picture(10, 10).png().toBuffer() });
      const response = await send(payload, 'multipart/form-data');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(notAForm);
    });

    it('with a boundary longer than 256 characters', async () => {
      const { payload } = multipartBody({ bytes: await picture(10, 10).png().toBuffer() });
      const response = await send(payload, `multipart/form-data; boundary=${'b'.repeat(300)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(notAForm);
    });

    it('that ends in the middle of the file', async () => {
      const before = await t.db.selectFrom('uploads').select('id').execute();
      const { payload, headers } = multipartBody({ bytes: await picture(200, 200).png().toBuffer() });
      const response = await send(payload.subarray(0, payload.length - 200), headers['content-type']);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(notAForm);
      expect(await t.db.selectFrom('uploads').select('id').execute()).toHaveLength(before.length);
    });
  });

  it('is for signed-in accounts: sellers for their phones, anyone for a profile photo', async () => {
    const { payload, headers } = multipartBody({ bytes: await picture(10, 10).png().toBuffer() });
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/uploads', payload, headers });
    expect(anonymous.statusCode).toBe(401);
    const buyer = await registerActor(t.app, 'buyer');
    expect((await buyer.request({ method: 'POST', url: '/api/uploads', payload, headers })).statusCode).toBe(200);
  });
});

describe('POST /api/uploads rate limit', () => {
  const notAPicture = { bytes: Buffer.from('not a picture'), filename: 'photo.jpg', contentType: 'image/jpeg' };

  it(`lets one seller start ${UPLOADS_PER_MINUTE} uploads a minute, then answers 429; another seller at the same address keeps theirs`, async () => {
    const busy = await registerActor(t.app, 'seller');
    // Every upload counts, refused ones too (these are refused before any decoding).
    for (let i = 0; i < UPLOADS_PER_MINUTE; i++) expect((await uploadFile(busy, notAPicture)).statusCode).toBe(415);

    const png = await picture(20, 20).png().toBuffer();
    const refused = await uploadFile(busy, { bytes: png });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: expect.stringContaining('Please wait a minute') });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The same account signed in on another device (its session cookie) shares the limit.
    const { payload, headers } = multipartBody({ bytes: png });
    const byCookie = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload,
      headers: { ...headers, ...fromOwnPage(busy.cookie) },
    });
    expect(byCookie.statusCode).toBe(429);

    // All test requests come from one address: the limit is the account's, not the address's.
    const other = await registerActor(t.app, 'seller');
    expect((await uploadFile(other, { bytes: png })).statusCode).toBe(200);
  });

  it('keeps the API-wide limit per address as well', async () => {
    const response = await uploadFile(seller, notAPicture);
    expect(response.statusCode).toBe(415);
    expect(response.headers['x-ratelimit-limit']).toBe('1200');
  });
});

describe('GET /uploads/<name>', () => {
  it('serves stored pictures as WebP that browsers may cache for good', async () => {
    const upload = await uploadFile(seller, { bytes: await picture(200, 100).png().toBuffer() });
    const { url, thumbUrl } = upload.json<UploadResponse>().data;
    for (const path of [url, thumbUrl]) {
      const response = await t.app.inject({ method: 'GET', url: path });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(response.rawPayload).metadata()).format).toBe('webp');
    }
  });

  it.each([
    '/uploads/0123456789abcdef01234567.webp',
    '/uploads/..%2Fdb.sqlite',
    '/uploads/Upper.webp',
    '/uploads/x.png',
  ])('answers 404 for %s', async (path) => {
    const response = await t.app.inject({ method: 'GET', url: path });
    expect(response.statusCode).toBe(404);
  });
});
