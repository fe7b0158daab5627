import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { runAlertRound } from '#server/alerts/worker';
import { isAcceptedEndpoint } from '#server/push/service';
import { loadVapidKeys } from '#server/push/vapid';
import { paths } from '#shared/paths';
import type { PushPayload, PushSettings } from '#shared/push';
import { fromOwnPage, logInActor, registerActor, type Actor } from './support/actors';
import { createTestApp, type TestApp } from './support/app';
import { listProduct } from './support/products';
import { fakeDevice, startFakePushService, type FakeDevice } from './support/push';
import { bookPhone } from './support/deal';

/*
 * Web Push (docs/app.md) against a push service of the test's own on 127.0.0.1: what a browser
 * subscribes with, which notifications reach which device, and subscriptions the push service says
 * are gone (404, 410) deleted.
 */
let t: TestApp;
let service: Awaited<ReturnType<typeof startFakePushService>>;
let buyer: Actor;
let seller: Actor;

beforeAll(async () => {
  [t, service] = await Promise.all([createTestApp(), startFakePushService()]);
  [buyer, seller] = await Promise.all([registerActor(t.app, 'buyer'), registerActor(t.app, 'seller')]);
});
afterAll(async () => {
  await t?.close();
  await service?.close();
});

const subscribe = (actor: Actor, device: FakeDevice) =>
  actor.request({ method: 'POST', url: '/api/push/subscriptions', payload: device.subscription });

const unsubscribe = (actor: Actor, endpoint: string) =>
  actor.request({ method: 'POST', url: '/api/push/unsubscribe', payload: { endpoint } });

const settingsOf = async (actor: Actor) =>
  (await actor.request({ method: 'GET', url: '/api/push/settings' })).json<PushSettings>();

/** A new phone of `seller` booked by `buyer`; answers the booking's id. */
async function newBooking(): Promise<string> {
  return bookPhone(buyer, await listProduct(seller), 'Rangpur');
}

async function acceptBooking(id: string) {
  expect((await seller.request({ method: 'PUT', url: `/api/bookings/${id}/accept` })).statusCode).toBe(200);
  await t.app.deps.push.idle();
}

describe('the key browsers subscribe with', () => {
  it('is made at first start, kept in the data folder and handed out to everyone', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/push/key' });
    expect(answer.statusCode).toBe(200);
    const stored = JSON.parse(readFileSync(join(t.dataDir, 'vapid-keys.json'), 'utf8')) as { publicKey: string };
    expect(answer.json()).toEqual({ publicKey: stored.publicKey });
    // A restart reads the same pair.
    expect(loadVapidKeys(t.dataDir).publicKey).toBe(stored.publicKey);
  });

  it('is readable by the server only, and a file that is not a pair stops the start', async () => {
    expect(statSync(join(t.dataDir, 'vapid-keys.json')).mode & 0o777).toBe(0o600);
    const dir = mkdtempSync(join(tmpdir(), 'phonehaat-vapid-'));
    try {
      writeFileSync(join(dir, 'vapid-keys.json'), JSON.stringify({ publicKey: 'short', privateKey: 'short' }));
      expect(() => loadVapidKeys(dir)).toThrow(/not a VAPID key pair.*delete it to have a new pair made/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a subscription', () => {
  it('is refused with a message when the browser sent something else', async () => {
    const device = fakeDevice(service.endpoint());
    for (const payload of [
      {},
      { endpoint: 'not a url', keys: device.subscription.keys },
      { ...device.subscription, keys: { ...device.subscription.keys, p256dh: 'AAAA' } },
      { ...device.subscription, keys: { ...device.subscription.keys, auth: '' } },
      // Five characters cannot be base64url at all: a 400 too, not a request left hanging.
      { ...device.subscription, keys: { ...device.subscription.keys, auth: 'AAAAA' } },
    ]) {
      const answer = await buyer.request({ method: 'POST', url: '/api/push/subscriptions', payload });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().message).toMatch(/push subscription|notifications on again/);
    }
  });

  it('names a push service by name over https: no bare address', async () => {
    for (const endpoint of ['https://10.0.0.5/push/1', 'https://localhost/push/1', 'https://[::1]/push/1']) {
      const answer = await subscribe(buyer, fakeDevice(endpoint));
      expect(answer.statusCode, endpoint).toBe(400);
      expect(answer.json().fields).toEqual({ endpoint: 'Not a push service address' });
    }
    expect((await subscribe(buyer, fakeDevice('https://fcm.googleapis.com/fcm/send/abc'))).statusCode).toBe(201);
    await unsubscribe(buyer, 'https://fcm.googleapis.com/fcm/send/abc');
  });

  it('is pushed to when a booking is answered, encrypted for that device and signed with the key', async () => {
    const device = fakeDevice(service.endpoint());
    const answer = await subscribe(buyer, device);
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toEqual({ message: 'Notifications are on for this device.' });
    expect((await settingsOf(buyer)).devices).toBe(1);
    const asked = (endpoint: string) =>
      buyer.request({ method: 'GET', url: `/api/push/settings?endpoint=${encodeURIComponent(endpoint)}` });
    expect((await asked(device.subscription.endpoint)).json<PushSettings>().thisDevice).toBe(true);
    expect((await asked(service.endpoint())).json<PushSettings>().thisDevice).toBe(false);

    await acceptBooking(await newBooking());
    const [push, ...more] = service.pushesTo(device.subscription.endpoint);
    expect(more).toEqual([]);
    const { publicKey } = loadVapidKeys(t.dataDir);
    expect(push!.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    const payload = JSON.parse(device.read(push!.body)) as PushPayload;
    expect(payload).toMatchObject({ title: 'PhoneHaat', link: '/dashboard/myorders' });
    expect(payload.body).toMatch(/accepted/);
    await unsubscribe(buyer, device.subscription.endpoint);
  });

  it('is pushed to when a message arrives in the Inbox, with a link to the conversation', async () => {
    const device = fakeDevice(service.endpoint());
    await subscribe(seller, device);
    // An account of some days: past the new accounts' daily limit of conversations.
    await t.db
      .updateTable('users')
      .set({ created_at: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString() })
      .where('id', '=', buyer.user.uid)
      .execute();
    const productId = await listProduct(seller);
    const started = await buyer.request({ method: 'POST', url: '/api/conversations', payload: { productId } });
    const id = started.json<{ _id: string }>()._id;
    const sent = await buyer.request({
      method: 'POST',
      url: `/api/conversations/${id}/messages`,
      payload: { clientId: 'push-test-1', text: 'Is the battery original?' },
    });
    expect(sent.statusCode).toBeLessThan(300);
    await t.app.deps.push.idle();
    const [push] = service.pushesTo(device.subscription.endpoint);
    const payload = JSON.parse(device.read(push!.body)) as PushPayload;
    expect(payload.link).toBe(`/dashboard/inbox/${id}`);
    expect(payload.body).toMatch(/wrote to you about/);
    await unsubscribe(seller, device.subscription.endpoint);
  });

  it('is pushed to when a new phone matches an alert, with a link to the phone', async () => {
    const watcher = await registerActor(t.app, 'buyer');
    const device = fakeDevice(service.endpoint());
    await subscribe(watcher, device);
    const saved = await watcher.request({
      method: 'POST',
      url: '/api/alerts',
      payload: { search: { q: 'sandpiper' } },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const productId = await listProduct(seller, { productName: 'Pixel 7 sandpiper' });
    await runAlertRound(t.app.deps);
    await t.app.deps.push.idle();
    const [push, ...more] = service.pushesTo(device.subscription.endpoint);
    expect(more).toEqual([]);
    const payload = JSON.parse(device.read(push!.body)) as PushPayload;
    expect(payload.link).toBe(paths.product(productId));
    expect(payload.body).toMatch(/matches your alert/);
  });

  it('gets only the kinds its person left on, and the seller hears of a new request', async () => {
    const buyerDevice = fakeDevice(service.endpoint());
    const sellerDevice = fakeDevice(service.endpoint());
    await subscribe(buyer, buyerDevice);
    await subscribe(seller, sellerDevice);
    const off = await buyer.request({
      method: 'PUT',
      url: '/api/push/settings',
      payload: { kinds: { booking_accepted: false } },
    });
    expect(off.json<PushSettings>().kinds.find((k) => k.kind === 'booking_accepted')?.push).toBe(false);

    await acceptBooking(await newBooking());
    expect(service.pushesTo(buyerDevice.subscription.endpoint)).toEqual([]);
    const [request] = service.pushesTo(sellerDevice.subscription.endpoint);
    expect(JSON.parse(sellerDevice.read(request!.body)).body).toMatch(/request|book/i);

    await buyer.request({ method: 'PUT', url: '/api/push/settings', payload: { kinds: { booking_accepted: true } } });
    for (const [actor, device] of [
      [buyer, buyerDevice],
      [seller, sellerDevice],
    ] as const) {
      await unsubscribe(actor, device.subscription.endpoint);
    }
  });

  it('is looked for only for people who have a device: their pushes go, the others are not queued', async () => {
    const sellerDevice = fakeDevice(service.endpoint());
    await subscribe(seller, sellerDevice);
    expect((await settingsOf(buyer)).devices).toBe(0);
    const enqueue = vi.spyOn(t.app.deps.push, 'enqueue');
    onTestFinished(() => enqueue.mockRestore());

    // The seller hears of the request; the buyer, who has no device, of the answer.
    await acceptBooking(await newBooking());
    const queuedFor = new Set(enqueue.mock.calls.flatMap(([notifications]) => notifications.map((n) => n.userId)));
    expect([...queuedFor]).toEqual([seller.user.uid]);
    const [request] = service.pushesTo(sellerDevice.subscription.endpoint);
    expect(JSON.parse(sellerDevice.read(request!.body)).body).toMatch(/request|book/i);
    await unsubscribe(seller, sellerDevice.subscription.endpoint);
  });

  it.each([404, 410])('is deleted when the push service answers %i, and kept on other failures', async (gone) => {
    const [lost, failing] = [fakeDevice(service.endpoint()), fakeDevice(service.endpoint())];
    const other = await logInActor(t.app, buyer.email, buyer.password);
    await subscribe(buyer, lost);
    await subscribe(other, failing);
    service.answerFor(lost.subscription.endpoint, gone);
    service.answerFor(failing.subscription.endpoint, 500);
    expect((await settingsOf(buyer)).devices).toBe(2);

    await acceptBooking(await newBooking());
    expect(service.pushesTo(lost.subscription.endpoint)).toHaveLength(1);
    expect(service.pushesTo(failing.subscription.endpoint)).toHaveLength(1);
    expect((await settingsOf(buyer)).devices).toBe(1);

    await acceptBooking(await newBooking());
    expect(service.pushesTo(lost.subscription.endpoint)).toHaveLength(1);
    expect(service.pushesTo(failing.subscription.endpoint)).toHaveLength(2);
    await unsubscribe(other, failing.subscription.endpoint);
  });

  it('is one per device: another account signing in on it takes it over, and signing out ends it', async () => {
    const device = fakeDevice(service.endpoint());
    await subscribe(buyer, device);
    const otherBuyer = await registerActor(t.app, 'buyer');
    await subscribe(otherBuyer, device);
    expect((await settingsOf(buyer)).devices).toBe(0);
    expect((await settingsOf(otherBuyer)).devices).toBe(1);

    // Nobody else can turn it off.
    await unsubscribe(buyer, device.subscription.endpoint);
    expect((await settingsOf(otherBuyer)).devices).toBe(1);

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: fromOwnPage(otherBuyer.cookie),
    });
    expect(logout.statusCode).toBe(204);
    const again = await logInActor(t.app, otherBuyer.email, otherBuyer.password);
    expect((await settingsOf(again)).devices).toBe(0);
  });

  it('is left out of the pushes once the device turns notifications off', async () => {
    const device = fakeDevice(service.endpoint());
    await subscribe(buyer, device);
    const off = await unsubscribe(buyer, device.subscription.endpoint);
    expect(off.json()).toEqual({ message: 'Notifications are off for this device.' });
    await acceptBooking(await newBooking());
    expect(service.pushesTo(device.subscription.endpoint)).toEqual([]);
  });
});

describe('on a server that is not on this machine', () => {
  it('takes no plain http push service', () => {
    const remote = { PUBLIC_URL: 'https://phonehaat.example.com' };
    expect(isAcceptedEndpoint(remote, service.endpoint())).toBe(false);
    expect(isAcceptedEndpoint(remote, 'http://updates.push.services.mozilla.com/wpush/v2/x')).toBe(false);
    expect(isAcceptedEndpoint(remote, 'https://updates.push.services.mozilla.com/wpush/v2/x')).toBe(true);
    expect(isAcceptedEndpoint({ PUBLIC_URL: 'http://127.0.0.1:3000' }, service.endpoint())).toBe(true);
  });
});
