import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { postgresChannel } from '#server/events/channel';
import { Bell } from '#server/notifications/bell';
import { buyerOrderSchema, bookingRequestItemSchema, type BuyerOrder } from '#shared/bookings';
import { notificationSchema } from '#shared/notifications';
import { myProductSchema, productSchema, type Product } from '#shared/products';
import { expireRequests, REQUEST_EXPIRY_MS } from '#server/bookings/deal';
import { runHousekeeping } from '#server/housekeeping';
import { registerActor, type Actor } from './support/actors';
import { openEventStream } from './support/event-stream';
import { useTestApp } from './support/harness';
import { listProduct } from './support/products';
import { bookPhone as book } from './support/deal';

const { t, seller, otherSeller, buyer, secondBuyer, admin } = useTestApp({
  seller: 'seller',
  otherSeller: 'seller',
  buyer: { role: 'buyer', name: 'Nusrat Jahan' },
  secondBuyer: { role: 'buyer', name: 'Tanvir Ahmed' },
  admin: 'admin',
});

const act = (actor: Actor, id: string, move: string, payload?: object) =>
  actor.request({ method: 'PUT', url: `/api/bookings/${id}/${move}`, ...(payload ? { payload } : {}) });

async function ordersOf(actor: Actor): Promise<BuyerOrder[]> {
  const response = await actor.request({ method: 'GET', url: `/api/orders?email=${encodeURIComponent(actor.email)}` });
  expect(response.statusCode).toBe(200);
  return buyerOrderSchema.array().parse(response.json());
}

const orderOf = async (actor: Actor, id: string) => (await ordersOf(actor)).find((order) => order._id === id);

async function requestsOf(actor: Actor, query = '') {
  const response = await actor.request({ method: 'GET', url: `/api/bookings/requests${query}` });
  expect(response.statusCode).toBe(200);
  return { items: bookingRequestItemSchema.array().parse(response.json()), total: response.headers['x-total-count'] };
}

async function productOf(id: string): Promise<Product> {
  return productSchema.parse((await t.app.inject({ url: `/api/addvertise/product/${id}` })).json());
}

async function notificationsOf(actor: Actor) {
  const response = await actor.request({ method: 'GET', url: '/api/notifications' });
  expect(response.statusCode).toBe(200);
  return notificationSchema.array().parse(response.json());
}

async function unreadOf(actor: Actor): Promise<number> {
  return (await actor.request({ method: 'GET', url: '/api/notifications/unread' })).json<{ unread: number }>().unread;
}

const publicNames = async () =>
  (await t.app.inject({ url: '/api/all/phones?limit=100' })).json<Product[]>().map((product) => product.productName);

describe('a booking is a request the seller answers', () => {
  it('starts as requested, tells the seller, and shows on their Booking requests with the buyer details', async () => {
    const productId = await listProduct(seller, { productName: 'Requested Phone' });
    const before = await unreadOf(seller);
    const id = await book(buyer, productId, 'Khulna, Sonadanga');

    expect(await orderOf(buyer, id)).toMatchObject({
      status: 'requested',
      statusReason: null,
      sellerPhone: null,
      sellerName: null,
    });
    const { items } = await requestsOf(seller);
    expect(items.find((item) => item._id === id)).toMatchObject({
      productId,
      productName: 'Requested Phone',
      buyerName: 'Nusrat Jahan',
      phoneNumber: '01711223344',
      meetLocation: 'Khulna, Sonadanga',
      status: 'requested',
    });
    expect(await unreadOf(seller)).toBe(before + 1);
    const [latest] = await notificationsOf(seller);
    expect(latest).toMatchObject({ kind: 'booking_requested', link: '/dashboard/bookingrequests', read: false });
    expect(latest!.message).toContain('Requested Phone');
  });

  it('accepting reserves the phone: the buyer sees Accepted with the seller phone, the phone shows reserved', async () => {
    const productId = await listProduct(seller, { productName: 'Accepted Phone', sellerMobile: '01999888777' });
    const id = await book(buyer, productId);
    const response = await act(seller, id, 'accept');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ _id: id, status: 'accepted' });

    expect(await orderOf(buyer, id)).toMatchObject({ status: 'accepted', sellerPhone: '01999888777' });
    expect((await productOf(productId)).reserved).toBe(true);
    // Still listed, as Reserved; requests made before wait, and no new one is taken meanwhile.
    expect(await publicNames()).toContain('Accepted Phone');
    const meanwhile = await secondBuyer.request({
      method: 'POST',
      url: '/api/store/booking/product',
      payload: { productId, phoneNumber: '01711223344', meetLocation: 'Dhaka' },
    });
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json().message).toMatch(/reserved for another buyer/);
    const [latest] = await notificationsOf(buyer);
    expect(latest).toMatchObject({ kind: 'booking_accepted', link: '/dashboard/myorders' });
  });

  it('declining keeps the reason for the buyer; the buyer may ask again later', async () => {
    const productId = await listProduct(seller);
    const id = await book(buyer, productId);
    expect((await act(seller, id, 'decline', { reason: 'Already promised to a friend' })).statusCode).toBe(200);
    expect(await orderOf(buyer, id)).toMatchObject({
      status: 'declined',
      statusReason: 'Already promised to a friend',
    });
    expect((await notificationsOf(buyer))[0]).toMatchObject({ kind: 'booking_declined' });
    expect((await notificationsOf(buyer))[0]!.message).toContain('Already promised to a friend');

    expect(await book(buyer, productId, 'Sylhet')).toBe(id);
    expect(await orderOf(buyer, id)).toMatchObject({ status: 'requested', statusReason: null, meetLocation: 'Sylhet' });
  });

  it('declines without a body, and refuses a reason that is too long', async () => {
    const id = await book(buyer, await listProduct(seller));
    const long = await act(seller, id, 'decline', { reason: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.reason).toMatch(/200/);
    expect((await act(seller, id, 'decline')).statusCode).toBe(200);
  });

  it('the buyer cancels their own request; a second booking of the phone is refused while one is open', async () => {
    const productId = await listProduct(seller);
    const id = await book(buyer, productId);
    const again = await buyer.request({
      method: 'POST',
      url: '/api/store/booking/product',
      payload: { productId, phoneNumber: '01711223344', meetLocation: 'Dhaka' },
    });
    expect(again.statusCode).toBe(409);
    expect((await act(buyer, id, 'cancel')).statusCode).toBe(200);
    expect(await orderOf(buyer, id)).toMatchObject({ status: 'cancelled' });
    expect((await notificationsOf(seller))[0]).toMatchObject({ kind: 'booking_cancelled' });
  });

  it('an accepted booking is called off by either side with a reason, and the phone is available again', async () => {
    const productId = await listProduct(seller);
    for (const [who, other] of [
      [buyer, seller],
      [seller, buyer],
    ] as const) {
      const id = await book(buyer, productId);
      await act(seller, id, 'accept');
      const noReason = await act(who, id, 'cancel', {});
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().fields.reason).toBeTruthy();
      expect((await act(who, id, 'cancel', { reason: 'Could not meet' })).statusCode).toBe(200);
      expect(await orderOf(buyer, id)).toMatchObject({ status: 'cancelled', statusReason: 'Could not meet' });
      expect((await productOf(productId)).reserved).toBe(false);
      const [latest] = await notificationsOf(other);
      expect(latest).toMatchObject({ kind: 'booking_cancelled' });
      expect(latest!.message).toContain('Could not meet');
    }
  });
});

describe('moves that are not allowed', () => {
  it('only the seller of the phone answers its bookings (403), and only sellers may call (403 for buyers)', async () => {
    const id = await book(buyer, await listProduct(seller));
    for (const move of ['accept', 'decline', 'sold']) {
      expect((await act(otherSeller, id, move)).statusCode).toBe(403);
      expect((await act(buyer, id, move)).statusCode).toBe(403);
      expect((await act(admin, id, move)).statusCode).toBe(403);
    }
    expect((await act(secondBuyer, id, 'cancel')).statusCode).toBe(403);
    expect((await act(otherSeller, id, 'cancel')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: `/api/bookings/${id}/accept` })).statusCode).toBe(401);
  });

  it('answers 404 for an unknown or malformed booking id', async () => {
    expect((await act(seller, '0123456789abcdef01234567', 'accept')).statusCode).toBe(404);
    expect((await act(seller, 'nope', 'accept')).statusCode).toBe(404);
  });

  it('refuses each move from a state that does not allow it, with a message (409)', async () => {
    const productId = await listProduct(seller);
    const id = await book(buyer, productId);
    const soldEarly = await act(seller, id, 'sold');
    expect(soldEarly.statusCode).toBe(409);
    expect(soldEarly.json().message).toMatch(/Accept this request first/);
    const sellerCancels = await act(seller, id, 'cancel', { reason: 'x' });
    expect(sellerCancels.statusCode).toBe(409);
    expect(sellerCancels.json().message).toMatch(/decline it instead/);

    await act(seller, id, 'accept');
    for (const move of ['accept', 'decline']) {
      const response = await act(seller, id, move);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(
        `This booking is accepted, so it cannot be ${move}ed`.replace('declineed', 'declined'),
      );
    }

    await act(buyer, id, 'cancel', { reason: 'Found another' });
    for (const move of ['accept', 'decline', 'sold']) {
      const response = await act(seller, id, move);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toMatch(/^This booking is cancelled/);
    }
    expect((await act(buyer, id, 'cancel', { reason: 'again' })).statusCode).toBe(409);
  });

  it('keeps one accepted booking per phone when the seller accepts two buyers at the same moment', async () => {
    const productId = await listProduct(seller);
    const ids = [await book(buyer, productId), await book(secondBuyer, productId)];
    const answers = await Promise.all(ids.map((id) => act(seller, id, 'accept')));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json().message).toMatch(/already reserved for another buyer/);
    const rows = await t.db.selectFrom('bookings').select('status').where('product_id', '=', productId).execute();
    expect(rows.filter((row) => row.status === 'accepted')).toHaveLength(1);
  });

  it('the database itself refuses a second accepted booking of a phone', async () => {
    const productId = await listProduct(seller);
    const [first, second] = [await book(buyer, productId), await book(secondBuyer, productId)];
    await t.db.updateTable('bookings').set({ status: 'accepted' }).where('id', '=', first).execute();
    await expect(
      t.db.updateTable('bookings').set({ status: 'accepted' }).where('id', '=', second).execute(),
    ).rejects.toThrow();
  });
});

describe('the sale', () => {
  it('marking sold to the accepted buyer: Sold, out of every public list, the others declined', async () => {
    const productId = await listProduct(seller, { productName: 'Sold Cascade Phone' });
    const winner = await book(buyer, productId);
    const loser = await book(secondBuyer, productId);
    await act(seller, winner, 'accept');
    const response = await act(seller, winner, 'sold');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ _id: winner, status: 'sold' });

    const product = await productOf(productId);
    expect(product.sellStatus).toBe(true);
    expect(product.reserved).toBe(false);
    expect(await publicNames()).not.toContain('Sold Cascade Phone');
    const search = await t.app.inject({ url: '/api/search?q=Cascade' });
    expect(JSON.stringify(search.json())).not.toContain('Sold Cascade Phone');

    expect(await orderOf(buyer, winner)).toMatchObject({ status: 'sold' });
    expect(await orderOf(secondBuyer, loser)).toMatchObject({
      status: 'declined',
      statusReason: 'sold to another buyer',
    });
    expect((await notificationsOf(buyer))[0]).toMatchObject({ kind: 'booking_sold' });
    expect((await notificationsOf(secondBuyer))[0]).toMatchObject({ kind: 'booking_declined' });

    const late = await secondBuyer.request({
      method: 'POST',
      url: '/api/store/booking/product',
      payload: { productId, phoneNumber: '01711223344', meetLocation: 'Dhaka' },
    });
    expect(late.statusCode).toBe(409);
  });

  it('marking sold outside PhoneHaat ends every open booking, the accepted one too', async () => {
    const productId = await listProduct(seller, { productName: 'Sold Elsewhere Phone' });
    const accepted = await book(buyer, productId);
    const waiting = await book(secondBuyer, productId);
    await act(seller, accepted, 'accept');

    expect((await otherSeller.request({ method: 'PUT', url: `/api/sold/product/${productId}` })).statusCode).toBe(403);
    const response = await seller.request({ method: 'PUT', url: `/api/sold/product/${productId}` });
    expect(response.statusCode, response.body).toBe(200);
    expect((await productOf(productId)).sellStatus).toBe(true);
    expect(await orderOf(buyer, accepted)).toMatchObject({
      status: 'cancelled',
      statusReason: 'sold to another buyer',
    });
    expect(await orderOf(secondBuyer, waiting)).toMatchObject({
      status: 'declined',
      statusReason: 'sold to another buyer',
    });
    expect((await seller.request({ method: 'PUT', url: `/api/sold/product/${productId}` })).statusCode).toBe(409);
  });

  it("the seller's list shows each phone's open requests", async () => {
    const productId = await listProduct(seller);
    await book(buyer, productId);
    await book(secondBuyer, productId);
    const response = await seller.request({
      method: 'GET',
      url: `/api/products?email=${encodeURIComponent(seller.email)}&limit=100`,
    });
    const mine = myProductSchema.array().parse(response.json());
    expect(mine.find((product) => product._id === productId)?.openRequests).toBe(2);
  });

  it('deleting a listing ends its open bookings; the admin deleting it tells the seller', async () => {
    const productId = await listProduct(seller, { productName: 'Removed Phone' });
    const id = await book(buyer, productId);
    expect((await admin.request({ method: 'DELETE', url: `/api/product/delete/${productId}` })).statusCode).toBe(200);
    expect(await orderOf(buyer, id)).toMatchObject({ status: 'declined', statusReason: 'the listing was removed' });
    expect((await notificationsOf(seller))[0]).toMatchObject({ kind: 'listing_removed' });
  });
});

describe('expiry', () => {
  it('a request nobody answered for 48 hours expires in housekeeping, and the buyer is told', async () => {
    const productId = await listProduct(seller);
    const stale = await book(buyer, productId);
    const fresh = await book(secondBuyer, productId);
    const longAgo = new Date(Date.now() - REQUEST_EXPIRY_MS - 60_000).toISOString();
    await t.db.updateTable('bookings').set({ booked_at: longAgo }).where('id', '=', stale).execute();

    const log = { info: () => {}, error: () => {} } as never;
    await runHousekeeping(t.app.deps, log);
    expect(await orderOf(buyer, stale)).toMatchObject({ status: 'expired' });
    expect(await orderOf(secondBuyer, fresh)).toMatchObject({ status: 'requested' });
    expect((await notificationsOf(buyer))[0]).toMatchObject({ kind: 'booking_expired' });
    expect(await expireRequests(t.app.deps)).toBe(0);
  });
});

describe('notifications', () => {
  it('are read all at once, which clears the count; each user sees only their own', async () => {
    await book(buyer, await listProduct(seller));
    expect(await unreadOf(seller)).toBeGreaterThan(0);
    const read = await seller.request({ method: 'PUT', url: '/api/notifications/read' });
    expect(read.statusCode).toBe(200);
    expect(await unreadOf(seller)).toBe(0);
    expect((await notificationsOf(seller)).every((notification) => notification.read)).toBe(true);
    expect(await unreadOf(otherSeller)).toBe(0);
  });

  it('tell the admin-verified seller', async () => {
    const newSeller = await registerActor(t.app, 'seller');
    const response = await admin.request({
      method: 'PUT',
      url: `/api/verify_seller?email=${encodeURIComponent(newSeller.email)}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await notificationsOf(newSeller))[0]).toMatchObject({ kind: 'seller_verified' });
  });

  it('stream the unread count to an open page as it changes', async () => {
    await seller.request({ method: 'PUT', url: '/api/notifications/read' });
    await expectStreamedCounts(t.app, async () => book(buyer, await listProduct(seller)));
  });
});

describe('a booking moved while the other side has the conversation open', () => {
  it("moves the buyer's stream's `chat` time when the seller declines, so the open conversation reads again", async () => {
    const productId = await listProduct(seller);
    const started = await buyer.request({ method: 'POST', url: '/api/conversations', payload: { productId } });
    expect(started.statusCode, started.body).toBeLessThan(300);
    const id = await book(buyer, productId);
    const stream = await openStream(t.app, buyer);
    const times = () => stream.data('chat').map((data) => (JSON.parse(data) as { at: string }).at);
    try {
      await expect.poll(() => times().length).toBe(1);
      // The unread count alone would not do: a page may have read it after the decline (docs/chat.md).
      expect((await act(seller, id, 'decline')).statusCode).toBe(200);
      await expect.poll(() => times().length).toBe(2);
      expect(times()[1]! > times()[0]!).toBe(true);
    } finally {
      stream.close();
    }
  });
});

/** Opens the seller's event stream on `app`, then `change`s something: the stream tells 0, then 1. */
async function expectStreamedCounts(app: FastifyInstance, change: () => Promise<unknown>, reader = seller) {
  const stream = await openStream(app, reader);
  const counts = () => stream.data('unread').map((data) => (JSON.parse(data) as { unread: number }).unread);
  try {
    await expect.poll(counts).toEqual([0]);
    await change();
    await expect.poll(counts).toEqual([0, 1]);
  } finally {
    stream.close();
  }
}

/** Opens `reader`'s event stream on `app`, listening first if it is not yet. */
async function openStream(app: FastifyInstance, reader: Actor) {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return openEventStream(app, reader.cookie);
}

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.runIf(postgresUrl)('two server processes on one PostgreSQL', () => {
  it("ring each other's open pages through LISTEN/NOTIFY", async () => {
    const channel = `phonehaat_bell_${process.pid}`;
    const [a, b] = await Promise.all(
      [0, 1].map(() => buildApp({ ...t.app.deps, bell: new Bell(postgresChannel(postgresUrl!, channel)) })),
    );
    await Promise.all([a!.ready(), b!.ready()]);
    try {
      const otherSide = await registerActor(a!, 'seller');
      const buyerOnA = await registerActor(a!, 'buyer');
      const productId = await listProduct(otherSide);
      await expectStreamedCounts(b!, () => book(buyerOnA, productId), otherSide);
    } finally {
      await Promise.all([a!.close(), b!.close()]);
    }
  });
});
