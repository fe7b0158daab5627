import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { StoreProductRequest } from '#shared/products';
import type { UploadResponse } from '#shared/uploads';
import { demoListing } from '#server/start/seed/factories';
import { phonePicture } from '#server/start/seed/pictures';
import type { Actor } from './actors';

export interface FilePart {
  bytes: Buffer;
  filename?: string;
  contentType?: string;
  /** The form field name; POST /api/uploads reads `image`. */
  field?: string;
}

/** A multipart/form-data body built by hand, so tests need no form-data package. */
export function multipartBody({
  bytes,
  filename = 'photo.webp',
  contentType = 'image/webp',
  field = 'image',
}: FilePart) {
  const boundary = `----phonehaat${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POST /api/uploads as `actor` with one file in the `image` field. */
export function uploadFile(actor: Actor, part: FilePart): Promise<LightMyRequestResponse> {
  const { payload, headers } = multipartBody(part);
  return actor.request({ method: 'POST', url: '/api/uploads', payload, headers });
}

let pictureCounter = 0;
let listingCounter = 0;

/**
 * Numbers the demo listings and pictures from the start again: run before each API test file
 * (tests/support/each-file.ts), so a file's listings are the same whatever its worker ran before.
 */
export function restartNumbering(): void {
  pictureCounter = 0;
  listingCounter = 0;
}

/** Uploads a freshly drawn phone picture and answers the URL the server gave it. */
export async function uploadPhoto(seller: Actor): Promise<string> {
  const n = ++pictureCounter;
  const bytes = await phonePicture({ caption: `Test phone ${n}`, hue: (n * 47) % 360, width: 640, height: 480 });
  const response = await uploadFile(seller, { bytes });
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json<UploadResponse>().data.url;
}

/** Lists the n-th demo phone for `seller` with a photo of its own; answers the new product's id. */
export async function listProduct(
  seller: Actor,
  overrides: Partial<StoreProductRequest> = {},
  n = ++listingCounter,
): Promise<string> {
  const { caption: _caption, hue: _hue, ...fields } = demoListing(n);
  const productImg = overrides.productImg ?? (await uploadPhoto(seller));
  const response = await seller.request({
    method: 'POST',
    url: '/api/store_products',
    payload: { ...fields, ...overrides, productImg },
  });
  if (response.statusCode !== 201) throw new Error(`listing failed: ${response.statusCode} ${response.body}`);
  return response.json<{ insertedId: string }>().insertedId;
}

/** Edits a listing through the API as its seller does: the demo fields of `n`, its photo, and `overrides`. */
export async function editListing(
  seller: Actor,
  productId: string,
  overrides: Partial<StoreProductRequest> = {},
  n = ++listingCounter,
): Promise<LightMyRequestResponse> {
  const { caption: _caption, hue: _hue, ...fields } = demoListing(n);
  const current = await seller.request({ method: 'GET', url: `/api/addvertise/product/${productId}` });
  const { productImg } = current.json<{ productImg: string }>();
  return seller.request({
    method: 'PUT',
    url: `/api/edit/product/${productId}`,
    payload: { ...fields, productImg, ...overrides },
  });
}
