import { beforeAll, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER } from '#shared/account';
import { categorySchema } from '#shared/categories';
import { notificationSchema } from '#shared/notifications';
import type { StoreProductRequest } from '#shared/products';
import { FOR_PARTS_REQUIRED } from '#shared/trust';
import type { Actor } from './support/actors';
import { useTestApp } from './support/harness';
import { mailTo } from './support/mail';
import { listProduct } from './support/products';
import { fakeDevice } from './support/push';

/*
 * The server's side of the two languages (docs/i18n-server.md): API messages in the request's
 * language, Bengali digits in every typed number, mails and notifications in the recipient's.
 */

const { t, seller, buyer } = useTestApp({ seller: 'seller', buyer: { role: 'buyer', name: 'Nusrat Jahan' } });

const badListing = (headers: Record<string, string> = {}) =>
  seller.request({
    method: 'POST',
    url: '/api/store_products',
    payload: { productName: 'Pixel 7', resalePrice: '5' },
    headers,
  });

describe('API messages', () => {
  it('answer in English without a language, as they always did', async () => {
    const response = await badListing();
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { brand: 'Please provide Brand Name', resalePrice: 'Enter a price of at least 100Tk' },
    });
    const missing = await t.app.inject({ url: '/api/no-such-thing' });
    expect(missing.json()).toEqual({ message: 'No such API call: GET /api/no-such-thing', code: 'NOT_FOUND' });
  });

  it('follow Accept-Language, keeping every code, with the values in Bengali digits', async () => {
    const response = await badListing({ 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.5' });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; fields: Record<string, string>; message: string }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fields.brand).toBe('ব্র্যান্ডের নাম লিখুন');
    expect(body.fields.resalePrice).toBe('দাম কমপক্ষে ১০০ টাকা দিন');
    expect(Object.values(body.fields)).toContain(body.message);

    const signedOut = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { 'accept-language': 'bn' },
    });
    expect(signedOut.json()).toEqual({ message: 'আগে লগইন করুন', code: 'UNAUTHENTICATED' });
  });

  it('follow the lang cookie before Accept-Language', async () => {
    const english = await badListing({ 'accept-language': 'bn', cookie: `lang=en; ${seller.cookie}` });
    expect(english.json().fields.brand).toBe('Please provide Brand Name');
    const bangla = await t.app.inject({
      url: '/api/search?minPrice=abc',
      headers: { 'accept-language': 'en-US', cookie: 'lang=bn' },
    });
    expect(bangla.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'সর্বনিম্ন দাম টাকার অঙ্কে লিখুন' });
  });
});

/** A refusal of the server's areas, asked with the given headers (a language or none). */
interface Refusal {
  name: string;
  ask: (headers: Record<string, string>) => Promise<{ statusCode: number; json: () => unknown }>;
  status: number;
  code: string;
  en: string;
  bn: string;
  /** The field the message is also given for, when it is a form's. */
  field?: string;
}

describe("the server areas' refusals", () => {
  let productId = '';
  let declinedId = '';
  beforeAll(async () => {
    productId = await listProduct(seller, { productName: 'Redmi Note 12' });
    const booked = await buyer.request({
      method: 'POST',
      url: '/api/store/booking/product',
      payload: { productId, phoneNumber: '01711223344', meetLocation: 'Dhaka, Uttara' },
    });
    declinedId = booked.json<{ insertedId: string }>().insertedId;
    const declined = await seller.request({ method: 'PUT', url: `/api/bookings/${declinedId}/decline` });
    expect(declined.statusCode, declined.body).toBe(200);
  });

  const REFUSALS: Refusal[] = [
    {
      name: 'a product that is not there',
      ask: (headers) => t.app.inject({ url: '/api/addvertise/product/000000000000000000000009', headers }),
      status: 404,
      code: 'NOT_FOUND',
      en: 'Product not found',
      bn: 'ফোনটি পাওয়া যায়নি',
    },
    {
      name: 'a wrong password',
      ask: (headers) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: seller.email, password: 'not the password' },
          headers,
        }),
      status: 401,
      code: 'INVALID_CREDENTIALS',
      en: 'Wrong email or password',
      bn: 'ইমেইল বা পাসওয়ার্ড ভুল',
    },
    {
      name: "a buyer at a seller's list",
      ask: (headers) => buyer.request({ url: `/api/products?email=${enc(buyer.email)}`, headers }),
      status: 403,
      code: 'FORBIDDEN',
      en: 'Only a seller can do that',
      bn: 'এটি শুধু বিক্রেতা করতে পারেন',
    },
    {
      name: 'booking your own phone',
      ask: (headers) =>
        seller.request({
          method: 'POST',
          url: '/api/store/booking/product',
          payload: { productId, phoneNumber: '01711223344', meetLocation: 'Dhaka' },
          headers,
        }),
      status: 403,
      code: 'FORBIDDEN',
      en: 'This is your own phone: you cannot book it',
      bn: 'এটি আপনার নিজের ফোন: এটি বুক করা যাবে না',
    },
    {
      name: 'accepting a declined booking (the status and the move chosen in the message)',
      ask: (headers) => seller.request({ method: 'PUT', url: `/api/bookings/${declinedId}/accept`, headers }),
      status: 409,
      code: 'CONFLICT',
      en: 'This booking is declined, so it cannot be accepted',
      bn: 'এই বুকিং গ্রহণ করা হয়নি, তাই এটি গ্রহণ করা যাবে না।',
    },
    {
      name: 'a common password, on its field too',
      ask: (headers) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          payload: { email: `common-${Math.random().toString(36).slice(2)}@example.com`, password: 'password123' },
          headers,
        }),
      status: 400,
      code: 'VALIDATION_FAILED',
      en: 'This password is one of the most common ones and easy to guess. Please choose another.',
      bn: 'এটি সবচেয়ে বেশি ব্যবহৃত পাসওয়ার্ডগুলোর একটি, সহজেই আন্দাজ করা যায়। অন্য একটি পাসওয়ার্ড বেছে নিন।',
      field: 'password',
    },
    {
      name: 'a change from another website',
      ask: (headers) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers: { ...headers, 'sec-fetch-site': 'cross-site', origin: 'https://elsewhere.example' },
        }),
      status: 403,
      code: 'FORBIDDEN',
      en: 'Changes cannot be made from another website',
      bn: 'অন্য ওয়েবসাইট থেকে এখানে কোনো পরিবর্তন করা যায় না',
    },
  ];

  it.each(REFUSALS)('$name: English as always, Bangla with lang=bn, the same code', async (refusal) => {
    for (const [headers, message] of [
      [{}, refusal.en],
      [{ cookie: 'lang=bn' }, refusal.bn],
    ] as const) {
      const response = await refusal.ask(headers);
      expect(response.statusCode, JSON.stringify(response.json())).toBe(refusal.status);
      const fields = refusal.field ? { fields: { [refusal.field]: message } } : {};
      expect(response.json()).toMatchObject({ code: refusal.code, message, ...fields });
    }
  });
});

describe('Bengali digits', () => {
  it('are read in a listing: ৫২০০০ is stored as 52000', async () => {
    const bengali = {
      resalePrice: '৫২,০০০',
      originalPrice: '৮৫০০০',
      yearOfPurchase: '২০২২',
      sellerMobile: '০১৭১১-২২৩৩৪৪',
    };
    const id = await listProduct(seller, bengali as unknown as Partial<StoreProductRequest>);
    const row = await t.db
      .selectFrom('products')
      .select(['resale_price', 'original_price', 'year_of_purchase', 'seller_mobile'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      resale_price: 52000,
      original_price: 85000,
      year_of_purchase: 2022,
      seller_mobile: '01711-223344',
    });
  });

  it('are read in search filters and page numbers', async () => {
    const latin = await t.app.inject({ url: '/api/search?minPrice=50000&maxPrice=60000&page=1&limit=5' });
    const bengali = await t.app.inject({
      url: `/api/search?minPrice=${enc('৫০০০০')}&maxPrice=${enc('৬০০০০')}&page=${enc('১')}&limit=${enc('৫')}`,
    });
    expect(bengali.statusCode, bengali.body).toBe(200);
    expect(bengali.json()).toMatchObject({ total: latin.json().total, page: 1, limit: 5 });
    const list = await t.app.inject({ url: `/api/categoires` });
    expect(list.statusCode).toBe(200);
    const paged = await t.app.inject({
      url: `/api/category/000000000000000000000001?page=${enc('১')}&limit=${enc('২')}`,
    });
    expect(paged.statusCode, paged.body).toBe(200);
  });
});

const enc = encodeURIComponent;

describe('mails and notifications', () => {
  const setLanguage = (actor: Actor, locale: 'en' | 'bn', latinDigits = false) =>
    t.db.updateTable('users').set({ locale, latin_digits: latinDigits }).where('id', '=', actor.user.uid).execute();

  it("are written in the recipient's language: a Bangla buyer's acceptance while the seller's account is English", async () => {
    await setLanguage(buyer, 'bn');
    await setLanguage(seller, 'en');
    const productId = await listProduct(seller, { productName: 'Galaxy S21' });
    const booked = await buyer.request({
      method: 'POST',
      url: '/api/store/booking/product',
      // The buyer's own request is in Bangla: the seller's notification still is English.
      headers: { cookie: `lang=bn; ${buyer.cookie}` },
      payload: { productId, phoneNumber: '০১৭১১২২৩৩৪৪', meetLocation: 'Dhaka, Mirpur 10' },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId = booked.json<{ insertedId: string }>().insertedId;

    const toSeller = await notificationsOf(seller);
    expect(toSeller[0]?.message).toBe('Nusrat Jahan asked to book your Galaxy S21 and would meet at Dhaka, Mirpur 10.');
    const requestMail = await mailTo(t.app, seller.email, /PhoneHaat: a buyer asks to book your phone/);
    expect(requestMail.text).toContain('asked to book your Galaxy S21');

    const accepted = await seller.request({ method: 'PUT', url: `/api/bookings/${bookingId}/accept` });
    expect(accepted.statusCode, accepted.body).toBe(200);

    const toBuyer = await notificationsOf(buyer);
    expect(toBuyer[0]).toMatchObject({
      kind: 'booking_accepted',
      message: 'বিক্রেতা আপনার Galaxy S21 বুকিং গ্রহণ করেছেন। দেখা করার জায়গা: Dhaka, Mirpur 10।',
    });
    const mail = await mailTo(t.app, buyer.email, /PhoneHaat: আপনার বুকিং গ্রহণ করা হয়েছে/);
    expect(mail.text).toContain('বিক্রেতা আপনার Galaxy S21 বুকিং গ্রহণ করেছেন।');
    expect(mail.text).toContain('PhoneHaat খুলুন');
    expect(mail.text).toContain('অ্যাকাউন্ট সেটিংসে "বিক্রেতা আমার অনুরোধ গ্রহণ করলে" চালু আছে');
    expect(mail.html).toContain('অথবা এই ঠিকানাটি খুলুন');
  });
});

describe("the server's own sentences", () => {
  it("answer success messages in the request's language, English without one", async () => {
    const ask = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/account/forgot-password', payload: { email: seller.email }, headers });
    expect((await ask({})).json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    expect((await ask({ 'accept-language': 'bn' })).json<{ message: string }>().message).toBe(
      'এই ঠিকানায় কোনো অ্যাকাউন্ট থাকলে, নতুন পাসওয়ার্ড বেছে নেওয়ার একটি লিংক সেখানে পাঠানো হয়েছে। লিংকটি ৩০ মিনিট কাজ করবে।',
    );
  });

  it("tell an offer in the seller's language, the conversation's line staying in English", async () => {
    await t.db.updateTable('users').set({ locale: 'bn' }).where('id', '=', seller.user.uid).execute();
    await t.db.updateTable('users').set({ locale: 'en' }).where('id', '=', buyer.user.uid).execute();
    const productId = await listProduct(seller, { productName: 'Pixel 8', resalePrice: 52000 });
    const started = await buyer.request({ method: 'POST', url: '/api/conversations', payload: { productId } });
    const conversationId = started.json<{ _id: string }>()._id;
    const offered = await buyer.request({
      method: 'POST',
      url: `/api/conversations/${conversationId}/offers`,
      payload: { price: '৪৮০০০' },
    });
    expect(offered.statusCode, offered.body).toBe(201);
    const toSeller = await notificationsOf(seller);
    expect(toSeller[0]).toMatchObject({
      kind: 'chat_offer',
      message: 'Nusrat Jahan ৪৮,০০০ টাকা অফার করেছেন। (Pixel 8)',
    });
    const details = await buyer.request({ method: 'GET', url: `/api/conversations/${conversationId}` });
    expect(details.body).toContain('Nusrat Jahan offered 48000Tk.');
  });
});

describe('refusals of chat, uploads, trust, moderation and push', () => {
  it('keep their English and code without a language, and answer in Bangla with lang=bn', async () => {
    const own = await listProduct(seller, { productName: 'Redmi Note 12' });
    const forParts = await listProduct(seller, { productName: 'Nokia 3310', conditionGrade: 'for_parts' });
    const cases: Array<{
      what: string;
      send: (headers: Record<string, string>) => ReturnType<Actor['request']>;
      status: number;
      code: string;
      en: { message: string; fields?: Record<string, string> };
      bn: { message: string; fields?: Record<string, string> };
    }> = [
      {
        what: 'a conversation about one’s own phone',
        send: (headers) =>
          seller.request({ method: 'POST', url: '/api/conversations', payload: { productId: own }, headers }),
        status: 403,
        code: 'FORBIDDEN',
        en: { message: 'This is your own phone: buyers write to you about it' },
        bn: { message: 'এটি আপনার নিজের ফোন: ক্রেতারা এ নিয়ে আপনাকে মেসেজ পাঠাবেন' },
      },
      {
        what: 'a report of one’s own listing',
        send: (headers) =>
          seller.request({ method: 'POST', url: '/api/report/product', payload: { product_id: own }, headers }),
        status: 403,
        code: 'FORBIDDEN',
        en: { message: 'You cannot report your own listing' },
        bn: { message: 'নিজের বিজ্ঞাপন রিপোর্ট করা যায় না' },
      },
      {
        what: 'a photo not sent as a form, its field named as a value',
        send: (headers) => buyer.request({ method: 'POST', url: '/api/uploads', payload: { image: 'x' }, headers }),
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        en: { message: 'Send the photo as multipart/form-data in the field "image"' },
        bn: { message: 'ছবিটি multipart/form-data হিসেবে "image" ফিল্ডে পাঠান' },
      },
      {
        what: 'a For parts phone booked without the acknowledgement, with its field',
        send: (headers) =>
          buyer.request({
            method: 'POST',
            url: '/api/store/booking/product',
            payload: { productId: forParts, phoneNumber: '01711223344', meetLocation: 'Dhaka' },
            headers,
          }),
        status: 400,
        code: 'VALIDATION_FAILED',
        en: {
          message: FOR_PARTS_REQUIRED,
          fields: { forParts: FOR_PARTS_REQUIRED },
        },
        bn: {
          message: 'এই ফোনটি পার্টসের জন্য বিক্রি হচ্ছে: এগোনোর আগে টিক দিয়ে জানান যে আপনি বুঝেছেন',
          fields: { forParts: 'এই ফোনটি পার্টসের জন্য বিক্রি হচ্ছে: এগোনোর আগে টিক দিয়ে জানান যে আপনি বুঝেছেন' },
        },
      },
      {
        what: 'a For parts acknowledgement that is not true or false, from the shared schema',
        send: (headers) =>
          buyer.request({
            method: 'POST',
            url: '/api/store/booking/product',
            payload: { productId: forParts, phoneNumber: '01711223344', meetLocation: 'Dhaka', forParts: 'yes' },
            headers,
          }),
        status: 400,
        code: 'VALIDATION_FAILED',
        en: { message: 'forParts is true or false', fields: { forParts: 'forParts is true or false' } },
        bn: { message: 'forParts হবে true অথবা false', fields: { forParts: 'forParts হবে true অথবা false' } },
      },
      {
        what: 'a push subscription to an address, with its field',
        send: (headers) =>
          buyer.request({
            method: 'POST',
            url: '/api/push/subscriptions',
            payload: fakeDevice('https://localhost/push/1').subscription,
            headers,
          }),
        status: 400,
        code: 'VALIDATION_FAILED',
        en: {
          message: "This browser's push service is not one PhoneHaat can reach",
          fields: { endpoint: 'Not a push service address' },
        },
        bn: {
          message: 'এই ব্রাউজারের পুশ সার্ভিসে PhoneHaat পৌঁছাতে পারে না',
          fields: { endpoint: 'এটি কোনো পুশ সার্ভিসের ঠিকানা নয়' },
        },
      },
    ];
    for (const { what, send, status, code, en, bn } of cases) {
      const english = await send({});
      expect(english.statusCode, what).toBe(status);
      expect(english.json(), what).toEqual({ code, ...en });
      const bangla = await send({ cookie: 'lang=bn' });
      expect(bangla.statusCode, what).toBe(status);
      expect(bangla.json(), what).toEqual({ code, ...bn });
    }
  });
});

describe('categories', () => {
  it('carry a Bangla name and description beside the spec fields', async () => {
    const response = await t.app.inject({ url: '/api/categoires' });
    const categories = categorySchema.array().parse(response.json());
    const samsung = categories.find((category) => category.category_name === 'Samsung');
    expect(samsung).toMatchObject({ nameBn: 'Samsung' });
    expect(samsung?.descriptionBn).toMatch(/^সারা দেশের বিক্রেতাদের Galaxy S, A আর Note ফোন/);
    expect(samsung?.category_desc).toMatch(/^Galaxy S, A and Note phones/);
  });
});

async function notificationsOf(actor: Actor) {
  const response = await actor.request({ method: 'GET', url: '/api/notifications' });
  expect(response.statusCode).toBe(200);
  return notificationSchema.array().parse(response.json());
}
