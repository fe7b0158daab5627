import { describe, expect, it } from 'vitest';
import { alertListSchema, type Alert } from '#shared/alerts';
import { notificationSchema } from '#shared/notifications';
import { withCheckDigit } from '#shared/trust';
import { CATEGORY_CATALOGUE } from '#server/start/seed/categories';
import { runAlertRound } from '#server/alerts/worker';
import { removeOldAlertMatches } from '#server/housekeeping';
import { useTestApp } from './support/harness';
import { registerActor, type Actor } from './support/actors';
import { mailTo, tokenOfLink } from './support/mail';
import { listProduct } from './support/products';
import { bookPhone } from './support/deal';

const { t, seller, otherSeller, admin } = useTestApp(
  { seller: 'seller', otherSeller: 'seller', admin: 'admin' },
  { options: { uploadRateLimit: 10_000 } },
);

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
const iphoneCategory = () => CATEGORY_CATALOGUE.find((c) => c.name === 'iPhone')!.id;

/** A buyer of their own, so what earlier tests matched never counts here. */
const newBuyer = () => registerActor(t.app, 'buyer');

async function saveAlert(actor: Actor, search: Record<string, unknown>, frequency = 'instant') {
  const response = await actor.request({ method: 'POST', url: '/api/alerts', payload: { search, frequency } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ insertedId: string }>().insertedId;
}

async function alertsOf(actor: Actor): Promise<Alert[]> {
  const response = await actor.request({ method: 'GET', url: '/api/alerts' });
  expect(response.statusCode).toBe(200);
  return alertListSchema.parse(response.json()).items;
}

async function alertNotifications(actor: Actor) {
  const response = await actor.request({ method: 'GET', url: '/api/notifications?limit=100' });
  return notificationSchema
    .array()
    .parse(response.json())
    .filter((n) => n.kind === 'alert_match');
}

const matchesOf = (userId: string) =>
  t.db.selectFrom('alert_matches').selectAll().where('user_id', '=', userId).execute();

const alertMails = (userId: string) =>
  t.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('user_id', '=', userId)
    .where('template', '=', 'alert-matches')
    .execute();

const round = (at = new Date()) => runAlertRound(t.app.deps, at);

/** An iPhone listing; a unique word in its description lets one test's alert find it alone. */
const listIphone = (actor: Actor, word: string, fields: Record<string, unknown> = {}) =>
  listProduct(actor, {
    productName: 'iPhone 13',
    brand: 'Apple',
    category_id: iphoneCategory(),
    resalePrice: 55_000,
    productCondition: 'Good',
    location: 'Dhaka, Mirpur',
    description: `Clean phone, ${word} edition`,
    ...fields,
  });

describe('saving alerts', () => {
  it('saves a search with its sentence, once, and refuses bad input with a message', async () => {
    const who = await newBuyer();
    await saveAlert(who, { q: 'iphone', brand: 'Apple', maxPrice: '৬০,০০০', district: 'Dhaka', condition: 'Good' });
    const [alert] = await alertsOf(who);
    expect(alert!.sentence).toBe('“iphone” · Apple · up to 60000Tk · Dhaka · Good condition');
    expect(alert!.search).toBe('brand=Apple&condition=Good&district=Dhaka&maxPrice=60000&q=iphone');
    expect(alert!.frequency).toBe('instant');

    const again = await who.request({
      method: 'POST',
      url: '/api/alerts',
      payload: { search: { district: 'Dhaka', q: 'iphone', maxPrice: 60000, brand: 'Apple', condition: 'Good' } },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already have an alert for this search');
    const againInBangla = await who.request({
      method: 'POST',
      url: '/api/alerts',
      headers: { 'accept-language': 'bn' },
      payload: { search: { district: 'Dhaka', q: 'iphone', maxPrice: 60000, brand: 'Apple', condition: 'Good' } },
    });
    expect(againInBangla.statusCode).toBe(409);
    expect(againInBangla.json()).toMatchObject({
      code: 'ALREADY_EXISTS',
      message: 'এই খোঁজের জন্য আপনার একটি অ্যালার্ট আগে থেকেই আছে',
    });

    const bad = await who.request({
      method: 'POST',
      url: '/api/alerts',
      payload: { search: { minPrice: 9, maxPrice: 5 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('search.minPrice');
    const letters = await who.request({
      method: 'POST',
      url: '/api/alerts',
      payload: { search: { maxPrice: 'lots' } },
    });
    expect(letters.statusCode).toBe(400);
    const category = await who.request({
      method: 'POST',
      url: '/api/alerts',
      payload: { search: { category: 'ffffffffffffffffffffffff' } },
    });
    expect(category.statusCode).toBe(400);
  });

  it('keeps at most 20 per user, also when saved at once', async () => {
    const who = await newBuyer();
    const answers = await Promise.all(
      Array.from({ length: 22 }, (_, i) =>
        who.request({ method: 'POST', url: '/api/alerts', payload: { search: { minPrice: i * 1000 } } }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(20);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.json().message).toBe('You can keep at most 20 alerts: delete one first');
    expect(await alertsOf(who)).toHaveLength(20);
  });

  it('pauses, changes and deletes only the owner’s alerts', async () => {
    const [who, stranger] = await Promise.all([newBuyer(), newBuyer()]);
    const id = await saveAlert(who, { brand: 'Nokia' });
    const put = (actor: Actor, payload: object) => actor.request({ method: 'PUT', url: `/api/alerts/${id}`, payload });
    expect((await put(stranger, { paused: true })).statusCode).toBe(403);
    expect((await put(who, {})).statusCode).toBe(400);
    expect((await put(who, { paused: true, frequency: 'weekly' })).statusCode).toBe(200);
    expect((await alertsOf(who))[0]).toMatchObject({ paused: true, frequency: 'weekly' });
    expect((await stranger.request({ method: 'DELETE', url: `/api/alerts/${id}` })).statusCode).toBe(403);
    expect((await who.request({ method: 'DELETE', url: '/api/alerts/nope' })).statusCode).toBe(404);
    const deleted = await who.request({ method: 'DELETE', url: `/api/alerts/${id}` });
    expect(deleted.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await alertsOf(who)).toHaveLength(0);
  });
});

describe('what alerts', () => {
  it('a new listing that matches: the bell and a mail, once, with the alert’s last matches', async () => {
    const who = await newBuyer();
    await saveAlert(who, { q: 'iphone falcon', maxPrice: 60_000, district: 'Dhaka' });
    const id = await listIphone(seller, 'falcon');
    await listIphone(seller, 'falcon', { resalePrice: 70_000 });
    await listIphone(seller, 'falcon', { location: 'Sylhet' });
    await listIphone(seller, 'hawk');
    await round();
    await round();
    const told = await alertNotifications(who);
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toContain('A phone matches your alert');
    expect(told[0]!.link).toBe(`/productId/${id}`);
    const mail = await mailTo(t.app, who.email, /new phones for your saved search/);
    expect(mail.text).toContain('iPhone 13 for 55000Tk');
    expect(mail.text).toContain(`/productId/${id}`);
    expect(await alertMails(who.user.uid)).toHaveLength(1);
    const [alert] = await alertsOf(who);
    expect(alert!.lastMatches.map((m) => m.productId)).toEqual([id]);
  });

  it('shown again after hidden, available again after a cancelled reservation, and a price dropped into range', async () => {
    const who = await newBuyer();
    await saveAlert(who, { q: 'kestrel', maxPrice: 50_000 });
    const hidden = await listIphone(seller, 'kestrel', { resalePrice: 45_000 });
    const reserved = await listIphone(seller, 'kestrel', { resalePrice: 46_000 });
    const pricey = await listIphone(seller, 'kestrel', { resalePrice: 58_000 });
    expect((await seller.request({ method: 'PUT', url: `/api/hide/product/${hidden}` })).statusCode).toBe(200);
    const bookingId = await bookPhone(otherSeller, reserved, 'Dhaka');
    expect((await seller.request({ method: 'PUT', url: `/api/bookings/${bookingId}/accept` })).statusCode).toBe(200);
    await round();
    expect(await matchesOf(who.user.uid)).toHaveLength(0);

    expect((await seller.request({ method: 'PUT', url: `/api/show/product/${hidden}` })).statusCode).toBe(200);
    const cancel = await otherSeller.request({
      method: 'PUT',
      url: `/api/bookings/${bookingId}/cancel`,
      payload: { reason: 'changed my mind' },
    });
    expect(cancel.statusCode).toBe(200);
    const { id: _id, ...fields } = await productFields(pricey);
    const edit = await seller.request({
      method: 'PUT',
      url: `/api/edit/product/${pricey}`,
      payload: { ...fields, resalePrice: 49_000 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await round();
    expect((await matchesOf(who.user.uid)).map((m) => m.product_id).sort()).toEqual([hidden, reserved, pricey].sort());
    const told = await alertNotifications(who);
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toContain('3 phones match your alert');
  });

  it('a listing approved from review, and not while it waits for the admin', async () => {
    const who = await newBuyer();
    await saveAlert(who, { q: 'merlin' });
    // Another seller's copy of an IMEI already listed waits for review (docs/trust.md).
    const imei = withCheckDigit(`35${String(Date.now()).slice(-12)}`);
    await listIphone(seller, 'grebe', { imei });
    const copy = await listIphone(otherSeller, 'merlin', { imei });
    const { review_state } = await t.db
      .selectFrom('products')
      .select('review_state')
      .where('id', '=', copy)
      .executeTakeFirstOrThrow();
    expect(review_state).toBe('pending');
    await round();
    expect(await matchesOf(who.user.uid)).toHaveLength(0);

    const approved = await admin.request({ method: 'PUT', url: `/api/admin/listing-reviews/${copy}/approve` });
    expect(approved.statusCode, approved.body).toBe(200);
    await round();
    expect((await matchesOf(who.user.uid)).map((m) => m.product_id)).toEqual([copy]);
  });

  it('a later price drop alerts once more, and no more', async () => {
    const who = await newBuyer();
    await saveAlert(who, { q: 'osprey' });
    const id = await listIphone(seller, 'osprey', { resalePrice: 50_000 });
    await round();
    const fields = await productFields(id);
    const editTo = async (resalePrice: number) => {
      const edit = await seller.request({
        method: 'PUT',
        url: `/api/edit/product/${id}`,
        payload: { ...fields, resalePrice },
      });
      expect(edit.statusCode, edit.body).toBe(200);
    };
    await editTo(45_000);
    await round(new Date(Date.now() + 16 * MINUTE));
    await editTo(40_000);
    await round(new Date(Date.now() + 32 * MINUTE));
    const matches = await matchesOf(who.user.uid);
    expect(matches.map((m) => [m.occasion, m.price]).sort()).toEqual([
      ['drop', 45_000],
      ['first', 50_000],
    ]);
    const told = await alertNotifications(who);
    expect(told).toHaveLength(2);
    expect(told[0]!.message).toContain('45000Tk (price dropped)');
  });

  it('never: sold or reserved phones, one’s own phones, blocked sellers, paused alerts, other words', async () => {
    const who = await registerActor(t.app, 'seller');
    await saveAlert(who, { q: 'heron' });
    const sold = await listIphone(seller, 'heron');
    expect((await seller.request({ method: 'PUT', url: `/api/sold/product/${sold}` })).statusCode).toBe(200);
    await listIphone(who, 'heron');
    await t.db
      .insertInto('chat_blocks')
      .values({ blocker_id: who.user.uid, blocked_id: otherSeller.user.uid, created_at: new Date().toISOString() })
      .execute();
    await listIphone(otherSeller, 'heron');
    await listIphone(seller, 'egret');
    const paused = await newBuyer();
    const pausedId = await saveAlert(paused, { q: 'heron' });
    await paused.request({ method: 'PUT', url: `/api/alerts/${pausedId}`, payload: { paused: true } });
    const lastId = await listIphone(seller, 'heron', { productName: 'iPhone 12' });
    await round();
    const matched = await matchesOf(who.user.uid);
    expect(matched.map((m) => m.product_id)).toEqual([lastId]);
    expect(await matchesOf(paused.user.uid)).toHaveLength(0);
  });

  it('reaches a user once across all their alerts, with listings and rounds racing', async () => {
    const who = await newBuyer();
    await saveAlert(who, { q: 'plover' });
    await saveAlert(who, { q: 'plover', maxPrice: 90_000 });
    await saveAlert(who, { brand: 'apple', q: 'plover' });
    const listThree = async (actor: Actor) => [
      await listIphone(actor, 'plover'),
      await listIphone(actor, 'plover'),
      await listIphone(actor, 'plover'),
    ];
    const ids = (await Promise.all([listThree(seller), listThree(otherSeller)])).flat();
    await Promise.all([round(), round(), round()]);
    const matches = await matchesOf(who.user.uid);
    expect(matches.map((m) => m.product_id).sort()).toEqual([...ids].sort());
    expect(new Set(matches.map((m) => m.product_id)).size).toBe(6);
    const told = await alertNotifications(who);
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toContain('6 phones match your alert');
    expect(await alertMails(who.user.uid)).toHaveLength(1);
  });
});

describe('how often', () => {
  it('instant alerts batch 15 minutes per alert and tell at most 10 times a day', async () => {
    const who = await newBuyer();
    await saveAlert(who, { q: 'lapwing' });
    let at = Date.now();
    await listIphone(seller, 'lapwing');
    await listIphone(seller, 'lapwing');
    await round(new Date(at));
    expect(await alertNotifications(who)).toHaveLength(1);
    await listIphone(seller, 'lapwing');
    await round(new Date(at + 5 * MINUTE));
    expect(await alertNotifications(who)).toHaveLength(1);
    at += 16 * MINUTE;
    await round(new Date(at));
    expect(await alertNotifications(who)).toHaveLength(2);
    for (let i = 0; i < 9; i++) {
      await listIphone(seller, 'lapwing');
      at += 16 * MINUTE;
      await round(new Date(at));
    }
    expect(await alertNotifications(who)).toHaveLength(10);
    const waiting = await t.db
      .selectFrom('alert_matches')
      .select('id')
      .where('user_id', '=', who.user.uid)
      .where('delivered_at', 'is', null)
      .execute();
    expect(waiting).toHaveLength(1);
    await round(new Date(Date.now() + 25 * 60 * MINUTE));
    expect(await alertNotifications(who)).toHaveLength(11);
  });

  it('a person’s alerts go together, within the day’s limit; a full day holds back only instant ones', async () => {
    const who = await newBuyer();
    for (const word of ['ruff', 'knot', 'stint']) await saveAlert(who, { q: word });
    await saveAlert(who, { q: 'sanderling' }, 'daily');
    const now = Date.now();
    // Eight told already today: two more may go.
    await t.db
      .insertInto('limit_counters')
      .values({ key: `alerts:${who.user.uid}`, used: 8, window_ends_at: new Date(now + 2 * DAY).toISOString() })
      .execute();
    for (const word of ['ruff', 'knot', 'stint', 'sanderling']) await listIphone(seller, word);
    await round(new Date(now));
    expect(await alertNotifications(who)).toHaveLength(2);
    const waiting = () =>
      t.db
        .selectFrom('alert_matches')
        .select('id')
        .where('user_id', '=', who.user.uid)
        .where('delivered_at', 'is', null)
        .execute();
    expect(await waiting()).toHaveLength(2);
    // A day on the limit is still full (its window began later): the digest goes, the third instant one waits.
    await round(new Date(now + DAY + MINUTE));
    const told = await alertNotifications(who);
    expect(told).toHaveLength(3);
    expect(told.some((n) => n.message.includes('sanderling'))).toBe(true);
    expect(await waiting()).toHaveLength(1);
    await round(new Date(now + 2 * DAY + MINUTE));
    expect(await alertNotifications(who)).toHaveLength(4);
  });

  it('a daily digest tells once a day what matched, and sends nothing when nothing did', async () => {
    const who = await newBuyer();
    await saveAlert(who, { q: 'curlew' }, 'daily');
    await listIphone(seller, 'curlew');
    await listIphone(seller, 'curlew');
    const now = Date.now();
    await round(new Date(now));
    expect(await alertNotifications(who)).toHaveLength(0);
    await round(new Date(now + 24 * 60 * MINUTE + MINUTE));
    expect(await alertNotifications(who)).toHaveLength(1);
    expect(await alertMails(who.user.uid)).toHaveLength(1);
    await round(new Date(now + 3 * 24 * 60 * MINUTE));
    expect(await alertMails(who.user.uid)).toHaveLength(1);
  });

  it('a weekly digest waits for its week', async () => {
    const who = await newBuyer();
    await saveAlert(who, { q: 'dunlin' }, 'weekly');
    await listIphone(seller, 'dunlin');
    const now = Date.now();
    await round(new Date(now + 3 * 24 * 60 * MINUTE));
    expect(await alertMails(who.user.uid)).toHaveLength(0);
    await round(new Date(now + 7 * 24 * 60 * MINUTE + MINUTE));
    expect(await alertMails(who.user.uid)).toHaveLength(1);
  });
});

describe('the ledger over time', () => {
  it('drops deliveries told more than 90 days ago, and only those', async () => {
    const who = await newBuyer();
    await saveAlert(who, { q: 'whimbrel' });
    await listIphone(seller, 'whimbrel');
    await round();
    await listIphone(seller, 'whimbrel');
    // Matched, not told yet: the alert told a phone five minutes ago.
    await round(new Date(Date.now() + 5 * MINUTE));
    await removeOldAlertMatches(t.app.deps, new Date(Date.now() + 91 * 24 * 60 * MINUTE));
    const left = await matchesOf(who.user.uid);
    expect(left).toHaveLength(1);
    expect(left[0]!.delivered_at).toBeNull();
  });
});

describe('unsubscribing', () => {
  it('one click in an alert mail stops that alert’s mail; its bell goes on', async () => {
    const who = await newBuyer();
    const id = await saveAlert(who, { q: 'godwit' });
    const other = await saveAlert(who, { q: 'sanderling' });
    await listIphone(seller, 'godwit');
    await round();
    const mail = await mailTo(t.app, who.email, /new phones for your saved search/);
    expect(JSON.stringify(mail.headers.get('list'))).toContain('/unsubscribe?token=');
    const token = tokenOfLink(mail, '/unsubscribe');
    const done = await t.app.inject({ method: 'POST', url: '/api/account/unsubscribe', payload: { token } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toContain('You will get no more mails for your alert "“godwit”"');
    const alerts = await alertsOf(who);
    expect(alerts.find((a) => a._id === id)!.mailOff).toBe(true);
    expect(alerts.find((a) => a._id === other)!.mailOff).toBe(false);

    await listIphone(seller, 'godwit');
    await round(new Date(Date.now() + 16 * MINUTE));
    expect(await alertNotifications(who)).toHaveLength(2);
    expect(await alertMails(who.user.uid)).toHaveLength(1);

    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/account/unsubscribe',
      payload: { token: `${token}x` },
    });
    expect(forged.statusCode).toBe(400);
  });
});

describe("the alert's sentence", () => {
  it("is written from its filters in its reader's language: the bell, the mail and the unsubscribe page", async () => {
    const who = await newBuyer();
    await t.db.updateTable('users').set({ locale: 'bn' }).where('id', '=', who.user.uid).execute();
    await saveAlert(who, { q: 'dunlin', category: iphoneCategory(), maxPrice: 60_000, condition: 'Good' });
    // The API's data keeps the English it always answered.
    expect((await alertsOf(who))[0]!.sentence).toBe('“dunlin” · iPhone · up to 60000Tk · Good condition');
    await listIphone(seller, 'dunlin');
    await round();
    const bangla = '“dunlin” · iPhone · ৬০,০০০ টাকা পর্যন্ত · ভালো কন্ডিশন';
    const [told] = await alertNotifications(who);
    expect(told!.message).toContain(`আপনার "${bangla}" অ্যালার্টের সাথে একটি ফোন মিলেছে`);
    const mail = await mailTo(t.app, who.email, /আপনার সেভ করা খোঁজে নতুন ফোন/);
    expect(mail.text).toContain(`"${bangla}"`);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/account/unsubscribe',
      headers: { 'accept-language': 'bn' },
      payload: { token: tokenOfLink(mail, '/unsubscribe') },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toContain(`আপনার "${bangla}" অ্যালার্টের আর কোনো মেইল পাবেন না`);
  });
});

async function productFields(id: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/addvertise/product/${id}` });
  const p = response.json();
  return {
    id,
    productName: p.productName,
    brand: p.brand,
    category_id: p.category_id,
    originalPrice: p.originalPrice,
    resalePrice: p.resalePrice,
    yearOfPurchase: p.yearOfPurchase,
    productCondition: p.productCondition,
    sellerMobile: p.sellerMobile,
    location: p.location,
    description: p.description,
    productImg: p.productImg,
  };
}
