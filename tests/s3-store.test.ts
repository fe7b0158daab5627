import { execFile } from 'node:child_process';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { S3ImageStore, s3ClientFor } from '#server/uploads/s3-store';
import { createTestApp, type TestApp } from './support/app';
import { registerActor } from './support/actors';
import { listProduct, uploadPhoto } from './support/products';
import { startS3Server, type S3Server } from './support/shared-services';

/*
 * Pictures in S3-compatible storage, against a real S3-protocol server (s3rver) on 127.0.0.1 that this
 * file starts and stops: the store itself, then the app uploading and serving through it.
 */
let s3: S3Server;
let store: S3ImageStore;

beforeAll(async () => {
  s3 = await startS3Server();
  const config = loadConfig(s3.env);
  const settings = { ...config, S3_BUCKET: config.S3_BUCKET! };
  store = new S3ImageStore(await s3ClientFor(settings), settings);
});

afterAll(async () => {
  store?.client.destroy();
  await s3?.stop();
});

async function text(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('S3ImageStore', () => {
  it('puts, reads back and removes a picture', async () => {
    await store.put('a1-thumb.webp', Buffer.from('picture bytes'));
    const read = await store.read('a1-thumb.webp');
    expect(read?.size).toBe(13);
    expect(await text(read!.body)).toBe('picture bytes');

    await store.remove(['a1-thumb.webp', 'never-stored.webp']);
    expect(await store.read('a1-thumb.webp')).toBeUndefined();
  });

  it('answers undefined, not an error, for a name it does not hold', async () => {
    expect(await store.read('missing.webp')).toBeUndefined();
  });

  it('links pictures through the app, or to S3_PUBLIC_URL when set', () => {
    expect(store.urlOf('b2.webp')).toBe('/uploads/b2.webp');
    const linked = new S3ImageStore(store.client, { S3_BUCKET: 'x', S3_PUBLIC_URL: 'https://cdn.example.com/p' });
    expect(linked.urlOf('b2.webp')).toBe('https://cdn.example.com/p/b2.webp');
  });
});

describe('the app with its pictures in S3', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, {}, { images: store });
  });
  afterAll(async () => t?.close());

  it('stores an upload in the bucket and serves it with the same headers as from disk', async () => {
    const seller = await registerActor(t.app, 'seller');
    const url = await uploadPhoto(seller);
    expect(url).toMatch(/^\/uploads\/[a-z0-9-]+\.webp$/);
    expect(await store.read(url.slice('/uploads/'.length))).toBeDefined();

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length);
    expect(served.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
  });

  it('answers 404 for a picture the bucket does not hold', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/uploads/nothing-here.webp' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the app with S3_PUBLIC_URL', () => {
  const cdn = 'https://cdn.example.com/photos';
  let t: TestApp;
  beforeAll(async () => {
    const linked = new S3ImageStore(store.client, { S3_BUCKET: store.bucket, S3_PUBLIC_URL: cdn });
    t = await createTestApp({ ...s3.env, S3_PUBLIC_URL: cdn }, {}, { images: linked });
  });
  afterAll(async () => t?.close());

  it('lists a phone with the photo address the upload answered, and books it by that address', async () => {
    const seller = await registerActor(t.app, 'seller');
    const url = await uploadPhoto(seller);
    expect(url).toMatch(new RegExp(`^${cdn}/[0-9a-f]{24}\\.webp$`));
    const productId = await listProduct(seller, { productImg: url });

    const buyer = await registerActor(t.app, 'buyer');
    const booked = await buyer.request({
      method: 'POST',
      url: '/api/store/booking/product',
      payload: { productImg: url, phoneNumber: '01712345678', meetLocation: 'Dhanmondi 27' },
    });
    expect(booked.statusCode).toBe(201);
    const orders = await buyer.request({ method: 'GET', url: `/api/orders?email=${encodeURIComponent(buyer.email)}` });
    expect(orders.json()).toEqual([expect.objectContaining({ productId, productImg: url })]);
  });

  it('still refuses a photo address of another host', async () => {
    const seller = await registerActor(t.app, 'seller');
    const url = await uploadPhoto(seller);
    const elsewhere = url.replace(cdn, 'https://cdn.example.org/photos');
    await expect(listProduct(seller, { productImg: elsewhere })).rejects.toThrow(
      /listing failed: 400 .*upload the product image again/,
    );
  });
});

describe('backups with the pictures in S3', () => {
  it.each(['backup', 'restore'])(
    'npm run %s stops with a message instead of leaving the pictures out',
    async (script) => {
      const run = promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', join('scripts', `${script}.ts`), 'unused'],
        {
          env: { PATH: process.env.PATH ?? '', ...s3.env },
        },
      );
      const failure = (await run.then(
        () => undefined,
        (error: unknown) => error,
      )) as { code: number; stderr: string } | undefined;
      expect(failure?.code).toBe(1);
      expect(failure?.stderr).toContain(`npm run ${script} covers pictures kept under DATA_DIR/uploads`);
      expect(failure?.stderr).toContain('S3_BUCKET=phonehaat-test keeps them in S3');
    },
  );
});
