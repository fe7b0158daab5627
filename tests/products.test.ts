import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeListCursor } from '#shared/common';
import { messages } from '#shared/messages';
import { productSchema, type Product } from '#shared/products';
import { CATEGORY_CATALOGUE } from '#server/start/seed/categories';
import { demoListing } from '#server/start/seed/factories';
import { newId, nowIso } from '#server/db/ids';
import { registerActor, type Actor } from './support/actors';
import { useTestApp } from './support/harness';
import { listProduct, uploadPhoto } from './support/products';

const { t, seller, otherSeller, buyer, admin } = useTestApp({
  seller: { role: 'seller', name: 'Rahim Uddin' },
  otherSeller: 'seller',
  buyer: 'buyer',
  admin: 'admin',
});

const getProduct = async (id: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/addvertise/product/${id}` });
  return {
    status: response.statusCode,
    product: response.statusCode === 200 ? productSchema.parse(response.json()) : undefined,
  };
};

const markSold = (id: string) => t.db.updateTable('products').set({ is_sold: true }).where('id', '=', id).execute();

async function validListing(actor: Actor, n = 1) {
  const { caption: _caption, hue: _hue, ...fields } = demoListing(n);
  return { ...fields, productImg: await uploadPhoto(actor) };
}

/** Each of `values` as `field` of an otherwise valid listing is refused, naming that field alone. */
async function expectRefused(listing: Record<string, unknown>, field: string, values: string[]) {
  for (const value of values) {
    const payload = { ...listing, [field]: value };
    const response = await seller.request({ method: 'POST', url: '/api/store_products', payload });
    expect(response.statusCode, `${field}: ${value}`).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual([field]);
  }
}

const isNewestFirst = (products: Product[]) =>
  products.every(
    (p, i) => i === 0 || [products[i - 1]!.postedOn, products[i - 1]!._id].join() >= [p.postedOn, p._id].join(),
  );

describe('POST /api/store_products', () => {
  it('lists a product for an unverified seller, with seller details from the account, not the body', async () => {
    const listing = await validListing(seller, 3);
    const response = await seller.request({
      method: 'POST',
      url: '/api/store_products',
      payload: {
        ...listing,
        sellerName: 'Someone Else',
        sellerEmail: 'evil@example.test',
        sellerIsVerified: true,
        sellStatus: true,
        advertiseStatus: true,
      },
    });
    expect(response.statusCode).toBe(201);
    const { insertedId } = response.json();
    expect(response.json()).toEqual({
      acknowledged: true,
      insertedId: expect.stringMatching(/^[0-9a-f]{24}$/),
      // Published at once (no review), with its verification code (docs/trust.md).
      review: null,
      verificationCode: expect.stringMatching(/^[2-9A-Z]{6}$/),
    });

    const { product } = await getProduct(insertedId);
    const category = CATEGORY_CATALOGUE.find((c) => c.id === listing.category_id)!;
    expect(product).toMatchObject({
      _id: insertedId,
      productName: listing.productName,
      brand: listing.brand,
      category_id: category.id,
      categoryName: category.name,
      originalPrice: listing.originalPrice,
      resalePrice: listing.resalePrice,
      yearOfPurchase: listing.yearOfPurchase,
      productCondition: listing.productCondition,
      sellerMobile: listing.sellerMobile,
      location: listing.location,
      description: listing.description,
      sellerName: 'Rahim Uddin',
      sellerEmail: seller.email,
      sellerIsVerified: false,
      sellStatus: false,
      advertiseStatus: false,
      productImg: listing.productImg,
      productThumb: listing.productImg.replace('.webp', '-thumb.webp'),
    });
    expect(new Date(product!.postedOn).toISOString()).toBe(product!.postedOn);
  });

  it('accepts prices typed with thousands commas and the photo URL behind the public address', async () => {
    const listing = await validListing(seller);
    const productImg = `${t.app.deps.config.PUBLIC_URL}${listing.productImg}`;
    const response = await seller.request({
      method: 'POST',
      url: '/api/store_products',
      payload: { ...listing, productImg, originalPrice: '95,000', resalePrice: '52,500' },
    });
    expect(response.statusCode).toBe(201);
    const { product } = await getProduct(response.json().insertedId);
    expect(product).toMatchObject({ originalPrice: 95000, resalePrice: 52500, productImg: listing.productImg });
  });

  it('shows the verified badge once an admin verifies the seller', async () => {
    // A seller of its own: the other tests' sellers stay unverified, whatever this one does.
    const verified = await registerActor(t.app, 'seller');
    const id = await listProduct(verified);
    await t.db.updateTable('users').set({ is_verified: true }).where('id', '=', verified.user.uid).execute();
    expect((await getProduct(id)).product?.sellerIsVerified).toBe(true);
  });

  const requiredFields = [
    ['productName', messages.productNameRequired],
    ['brand', messages.brandRequired],
    ['category_id', 'Please choose a category'],
    ['originalPrice', messages.originalPriceRequired],
    ['resalePrice', messages.resalePriceRequired],
    ['yearOfPurchase', messages.yearRequired],
    ['productCondition', messages.conditionRequired],
    ['sellerMobile', messages.sellerMobileRequired],
    ['location', messages.locationRequired],
    ['description', messages.descriptionRequired],
    ['productImg', messages.productImgRequired],
  ] as const;

  it.each(requiredFields)('answers 400 with the spec text when %s is missing or empty', async (field, message) => {
    const listing: Record<string, unknown> = await validListing(seller);
    // A category comes from a select box, so only the typed fields are checked with blanks as well.
    for (const value of field === 'category_id' ? [undefined, ''] : [undefined, '', '   ']) {
      const payload = { ...listing, [field]: value };
      const response = await seller.request({ method: 'POST', url: '/api/store_products', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ [field]: message });
    }
  });

  it('refuses a photo that is not an upload of this seller', async () => {
    const listing = await validListing(seller);
    const othersPhoto = await uploadPhoto(otherSeller);
    await expectRefused(listing, 'productImg', [
      othersPhoto,
      listing.productImg.replace('.webp', '-thumb.webp'),
      `https://elsewhere.example${listing.productImg}`,
      `/uploads/${newId()}.webp`,
      'https://i.ibb.co/abc/phone.jpg',
    ]);
  });

  it('refuses a category that does not exist', async () => {
    await expectRefused(await validListing(seller), 'category_id', [newId(), 'iphone']);
  });

  it('is for sellers only', async () => {
    const listing = await validListing(seller);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/store_products', payload: listing });
    expect(anonymous.statusCode).toBe(401);
    for (const actor of [buyer, admin]) {
      const response = await actor.request({ method: 'POST', url: '/api/store_products', payload: listing });
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('GET /api/addvertise/product/:id', () => {
  it('serves any product, sold or not', async () => {
    const id = await listProduct(seller);
    await markSold(id);
    const { status, product } = await getProduct(id);
    expect(status).toBe(200);
    expect(product).toMatchObject({ _id: id, sellStatus: true, advertiseStatus: false });
  });

  it.each([newId(), 'not-an-id', '1'.repeat(64)])('answers 404 for %s', async (id) => {
    expect((await getProduct(id)).status).toBe(404);
  });
});

describe('public lists', () => {
  let listed: string[];
  let sold: string;
  let advertised: string;
  beforeAll(async () => {
    listed = [];
    for (let n = 0; n < 3; n++) listed.push(await listProduct(otherSeller, {}, n));
    sold = await listProduct(otherSeller);
    await markSold(sold);
    advertised = listed[1]!;
    await otherSeller.request({ method: 'PUT', url: `/api/advertise/product/${advertised}` });
  });

  it('compresses a list for a client that accepts it, and leaves small answers alone', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/all/phones?limit=100' });
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/all/phones?limit=100',
        headers: { 'accept-encoding': encoding },
      });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decode(response.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('GET /api/all/phones lists unsold products newest first', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/all/phones?limit=100' });
    expect(response.statusCode).toBe(200);
    const products = productSchema.array().parse(response.json());
    const ids = products.map((p) => p._id);
    expect(ids).toEqual(expect.arrayContaining(listed));
    expect(ids).not.toContain(sold);
    expect(products.every((p) => !p.sellStatus)).toBe(true);
    expect(isNewestFirst(products)).toBe(true);
    expect(Number(response.headers['x-total-count'])).toBe(products.length);
    expect(response.headers.link).toBeUndefined();
  });

  it('pages with Link and X-Total-Count headers', async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/api/all/phones?limit=100' })).json<Product[]>();
    const first = await t.app.inject({ method: 'GET', url: '/api/all/phones?limit=2' });
    expect(first.json()).toHaveLength(2);
    expect(first.headers['x-total-count']).toBe(String(all.length));
    // The next page's link names the page's last listing (tests/keyset-paging.test.ts); page=2 is the same page.
    const after = encodeListCursor({ postedAt: all[1]!.postedOn, id: all[1]!._id });
    expect(first.headers.link).toBe(`</api/all/phones?limit=2&after=${after}>; rel="next"`);
    const second = await t.app.inject({ method: 'GET', url: '/api/all/phones?limit=2&page=2' });
    expect(second.json<Product[]>().map((p) => p._id)).toEqual(all.slice(2, 4).map((p) => p._id));
    expect(second.headers['x-total-count']).toBe(String(all.length));
  });

  it('refuses a bad page query with 400', async () => {
    for (const query of ['page=0', 'limit=101', 'page=abc']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/all/phones?${query}` });
      expect(response.statusCode).toBe(400);
    }
  });

  it('GET /api/advertised_products lists advertised unsold products only', async () => {
    const soldAdvertised = await listProduct(otherSeller);
    await otherSeller.request({ method: 'PUT', url: `/api/advertise/product/${soldAdvertised}` });
    await markSold(soldAdvertised);

    const response = await t.app.inject({ method: 'GET', url: '/api/advertised_products' });
    expect(response.statusCode).toBe(200);
    const products = productSchema.array().parse(response.json());
    expect(products.map((p) => p._id)).toEqual([advertised]);
    expect(products[0]).toMatchObject({ advertiseStatus: true, sellStatus: false });
    expect(response.headers['x-total-count']).toBe('1');
  });
});

describe("a seller's own products", () => {
  it('GET /api/products?email= lists them newest first, sold ones included', async () => {
    const fresh = await registerActor(t.app, 'seller');
    const ids = [await listProduct(fresh), await listProduct(fresh), await listProduct(fresh)];
    await markSold(ids[0]!);
    const response = await fresh.request({
      method: 'GET',
      url: `/api/products?email=${encodeURIComponent(fresh.email)}`,
    });
    expect(response.statusCode).toBe(200);
    const products = productSchema.array().parse(response.json());
    expect(products.map((p) => p._id).sort()).toEqual([...ids].sort());
    expect(isNewestFirst(products)).toBe(true);
    expect(products.find((p) => p._id === ids[0])?.sellStatus).toBe(true);
    expect(response.headers['x-total-count']).toBe('3');

    const page = await fresh.request({
      method: 'GET',
      url: `/api/products?email=${encodeURIComponent(fresh.email)}&limit=1`,
    });
    expect(page.json()).toHaveLength(1);
    expect(page.headers.link).toContain('page=2');
  });

  it("refuses someone else's email, buyers and anonymous callers", async () => {
    const others = await seller.request({
      method: 'GET',
      url: `/api/products?email=${encodeURIComponent(otherSeller.email)}`,
    });
    expect(others.statusCode).toBe(403);
    const asBuyer = await buyer.request({
      method: 'GET',
      url: `/api/products?email=${encodeURIComponent(buyer.email)}`,
    });
    expect(asBuyer.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/products?email=${encodeURIComponent(seller.email)}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('PUT /api/advertise/product/:id', () => {
  it('advertises an own product once', async () => {
    const id = await listProduct(seller);
    const first = await seller.request({ method: 'PUT', url: `/api/advertise/product/${id}` });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    expect((await getProduct(id)).product?.advertiseStatus).toBe(true);
    const again = await seller.request({ method: 'PUT', url: `/api/advertise/product/${id}` });
    expect(again.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 0 });
  });

  it("refuses someone else's product, a sold one, unknown ids and non-sellers", async () => {
    const id = await listProduct(otherSeller);
    expect((await seller.request({ method: 'PUT', url: `/api/advertise/product/${id}` })).statusCode).toBe(403);
    expect((await buyer.request({ method: 'PUT', url: `/api/advertise/product/${id}` })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: `/api/advertise/product/${id}` })).statusCode).toBe(401);
    expect((await seller.request({ method: 'PUT', url: `/api/advertise/product/${newId()}` })).statusCode).toBe(404);
    expect((await seller.request({ method: 'PUT', url: '/api/advertise/product/nope' })).statusCode).toBe(404);

    await markSold(id);
    const sold = await otherSeller.request({ method: 'PUT', url: `/api/advertise/product/${id}` });
    expect(sold.statusCode).toBe(409);
    expect(sold.json()).toMatchObject({ code: 'ALREADY_SOLD' });
  });
});

describe('deleting a product', () => {
  /** A product with a report and a booking, written directly: those features have their own tests. */
  async function productWithHistory(owner: Actor) {
    const id = await listProduct(owner);
    await t.db
      .insertInto('reports')
      .values({ id: newId(), product_id: id, reporter_id: buyer.user.uid, reported_at: nowIso() })
      .execute();
    const bookingId = newId();
    await t.db
      .insertInto('bookings')
      .values({
        id: bookingId,
        buyer_id: buyer.user.uid,
        product_id: id,
        product_name: 'Galaxy S21',
        product_price: 45000,
        product_img: '/uploads/x.webp',
        category_name: 'Samsung',
        buyer_name: 'Buyer',
        buyer_email: buyer.email,
        phone_number: '01711111111',
        meet_location: 'Rangpur',
        booked_at: nowIso(),
      })
      .execute();
    return { id, bookingId };
  }

  async function expectGoneWithHistoryKept(id: string, bookingId: string) {
    expect((await getProduct(id)).status).toBe(404);
    expect(await t.db.selectFrom('reports').select('id').where('product_id', '=', id).execute()).toEqual([]);
    const booking = await t.db.selectFrom('bookings').selectAll().where('id', '=', bookingId).executeTakeFirstOrThrow();
    expect(booking).toMatchObject({ product_id: null, product_name: 'Galaxy S21' });
  }

  it('DELETE /api/delete/product/:id removes an own product and its reports, keeping bookings', async () => {
    const { id, bookingId } = await productWithHistory(seller);
    const response = await seller.request({ method: 'DELETE', url: `/api/delete/product/${id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    await expectGoneWithHistoryKept(id, bookingId);
    expect((await seller.request({ method: 'DELETE', url: `/api/delete/product/${id}` })).statusCode).toBe(404);
  });

  it("refuses someone else's product and leaves it whole", async () => {
    const { id } = await productWithHistory(otherSeller);
    const response = await seller.request({ method: 'DELETE', url: `/api/delete/product/${id}` });
    expect(response.statusCode).toBe(403);
    expect((await getProduct(id)).status).toBe(200);
    expect(await t.db.selectFrom('reports').select('id').where('product_id', '=', id).execute()).toHaveLength(1);
    expect((await buyer.request({ method: 'DELETE', url: `/api/delete/product/${id}` })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/delete/product/${id}` })).statusCode).toBe(401);
    expect((await seller.request({ method: 'DELETE', url: '/api/delete/product/zzz' })).statusCode).toBe(404);
  });

  it('DELETE /api/product/delete/:id lets an admin remove any product', async () => {
    const { id, bookingId } = await productWithHistory(otherSeller);
    expect((await otherSeller.request({ method: 'DELETE', url: `/api/product/delete/${id}` })).statusCode).toBe(403);
    const response = await admin.request({ method: 'DELETE', url: `/api/product/delete/${id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    await expectGoneWithHistoryKept(id, bookingId);
    expect((await admin.request({ method: 'DELETE', url: `/api/product/delete/${newId()}` })).statusCode).toBe(404);
  });
});
