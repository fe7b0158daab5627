import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedBytesBound } from '#server/uploads/processing';
import { UNUSED_UPLOADS_QUOTA } from '#server/uploads/repository';
import type { UploadResponse } from '#shared/uploads';
import { createTestApp, type TestApp } from './support/app';
import { registerActor } from './support/actors';
import { listProduct, uploadFile } from './support/products';
import { timeLimit } from './support/time-limits';

/*
 * What an account can make the server store (docs/security.md, "Limits"): one photo before its
 * address is verified, a bounded number and size of photos in no listing, and each photo stored at a size
 * bounded by the file sent.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const png = (side: number, hue = 0) =>
  sharp({ create: { width: side, height: side, channels: 3, background: { r: hue, g: 120, b: 200 } } })
    .png()
    .toBuffer();

/** Noise in eight colours from a short-period generator: a few KB of PNG, megabytes as lossy WebP. */
async function patternPng(side: number): Promise<Buffer> {
  const raw = Buffer.alloc(side * side * 3);
  let state = 1;
  for (let i = 0; i < raw.length; i += 3) {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    raw[i] = (state >> 16) & 1 ? 255 : 0;
    raw[i + 1] = (state >> 8) & 1 ? 255 : 0;
    raw[i + 2] = (state >> 12) & 1 ? 255 : 0;
  }
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ palette: true, colours: 8, compressionLevel: 9 })
    .toBuffer();
}

const storedBytesOf = async (response: { json: () => unknown }) => {
  const id = (response.json() as UploadResponse).data.url.slice('/uploads/'.length, -'.webp'.length);
  return (await t.db.selectFrom('uploads').select('bytes').where('id', '=', id).executeTakeFirstOrThrow()).bytes;
};

describe('POST /api/uploads: who may store photos', () => {
  it('keeps one photo of an account whose address is not verified (its profile photo), and asks for the address before more', async () => {
    const unverified = await registerActor(t.app, 'buyer', { verifyEmail: false });
    const first = await uploadFile(unverified, { bytes: await png(40) });
    expect(first.statusCode, first.body).toBe(200);
    const second = await uploadFile(unverified, { bytes: await png(40, 90) });
    expect(second.statusCode).toBe(403);
    expect(second.json()).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: expect.stringContaining('Please verify your email address first'),
    });
    const owned = () => t.db.selectFrom('uploads').select('id').where('owner_id', '=', unverified.user.uid).execute();
    expect(await owned()).toHaveLength(1);

    // Once it is the account's photo it is in use, and the one photo in no use is free again.
    const photoURL = first.json<UploadResponse>().data.url;
    const saved = await unverified.request({
      method: 'POST',
      url: '/api/auth/update',
      payload: { displayName: 'Rahim Uddin', photoURL },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await uploadFile(unverified, { bytes: await png(40, 150) })).statusCode).toBe(200);
    expect(await owned()).toHaveLength(2);
  });
});

describe('POST /api/uploads: photos in no listing', () => {
  it(
    `keeps at most ${UNUSED_UPLOADS_QUOTA.count} per account; one used in a listing makes room again`,
    async () => {
      const seller = await registerActor(t.app, 'seller');
      const urls: string[] = [];
      for (let i = 0; i < UNUSED_UPLOADS_QUOTA.count; i++) {
        const response = await uploadFile(seller, { bytes: await png(24, i) });
        expect(response.statusCode, response.body).toBe(200);
        urls.push(response.json<UploadResponse>().data.url);
      }
      const refused = await uploadFile(seller, { bytes: await png(24) });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        code: 'RATE_LIMITED',
        message: expect.stringContaining(`You have ${UNUSED_UPLOADS_QUOTA.count} photos`),
      });
      // Another seller is not held back by it.
      const other = await registerActor(t.app, 'seller');
      expect((await uploadFile(other, { bytes: await png(24) })).statusCode).toBe(200);

      await listProduct(seller, { productImg: urls[0]! });
      expect((await uploadFile(seller, { bytes: await png(24) })).statusCode).toBe(200);
    },
    timeLimit(60_000),
  );

  it('keeps at most their bytes per account', async () => {
    const seller = await registerActor(t.app, 'seller');
    const first = await uploadFile(seller, { bytes: await png(24) });
    expect(first.statusCode).toBe(200);
    // As if its earlier photos took all but a few bytes of the quota.
    await t.db
      .updateTable('uploads')
      .set({ bytes: UNUSED_UPLOADS_QUOTA.bytes - 10 })
      .where('owner_id', '=', seller.user.uid)
      .execute();
    const refused = await uploadFile(seller, { bytes: await png(24) });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining('MB of them') });
  });

  it(
    'two uploads at once cannot both slip under the count',
    async () => {
      const seller = await registerActor(t.app, 'seller');
      for (let i = 0; i < UNUSED_UPLOADS_QUOTA.count - 1; i++) {
        expect((await uploadFile(seller, { bytes: await png(24, i) })).statusCode).toBe(200);
      }
      const both = await Promise.all([
        uploadFile(seller, { bytes: await png(24, 1) }),
        uploadFile(seller, { bytes: await png(24, 2) }),
      ]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 429]);
      const rows = await t.db.selectFrom('uploads').select('id').where('owner_id', '=', seller.user.uid).execute();
      expect(rows).toHaveLength(UNUSED_UPLOADS_QUOTA.count);
    },
    timeLimit(60_000),
  );
});

describe('POST /api/uploads: stored size', () => {
  it(
    'stores a small PNG of a fine pattern within its bound, where lossy WebP made it hundreds of times larger',
    async () => {
      const seller = await registerActor(t.app, 'seller');
      const bytes = await patternPng(1600);
      expect(bytes.length).toBeLessThan(20 * 1024);
      const response = await uploadFile(seller, { bytes, filename: 'pattern.png', contentType: 'image/png' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<UploadResponse>().data).toMatchObject({ width: 1600, height: 1600 });
      const stored = await storedBytesOf(response);
      expect(stored).toBeLessThanOrEqual(storedBytesBound(bytes.length));
      const files = await Promise.all(
        [response.json<UploadResponse>().data.url, response.json<UploadResponse>().data.thumbUrl].map((url) =>
          t.app.inject({ method: 'GET', url }),
        ),
      );
      expect(files.reduce((sum, file) => sum + file.rawPayload.length, 0)).toBe(stored);
    },
    timeLimit(60_000),
  );
});
