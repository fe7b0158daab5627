import type { FastifyBaseLogger } from 'fastify';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { BOOKING_REQUEST_LIMIT } from '#server/bookings/service';
import { newId } from '#server/db/ids';
import { NOTIFICATION_MAX_AGE_MS, removeEndedLimitCounters, removeOldNotifications } from '#server/housekeeping';
import { countUse } from '#server/limits/counters';
import { MAIL_LIMITS } from '#server/mail/limits';
import { queueMail } from '#server/mail/outbox';
import { withNotifications } from '#server/notifications/service';
import type { MailTransport } from '#server/mail/transport';
import { deliverDueMail, startMailWorker } from '#server/mail/worker';
import { registerActor, type Actor } from './support/actors';
import { useTestApp } from './support/harness';
import { mailTo, queueMailOf } from './support/mail';
import { listProduct } from './support/products';
import { timeLimit } from './support/time-limits';

/*
 * The limits that keep the site from being used against its own users or run out of resources
 * (docs/security.md, "Limits"): mail per recipient and kind, booking requests per buyer and phone,
 * the outbox's lanes, and the pruning of what would otherwise pile up.
 */

const { t, seller, buyer } = useTestApp({ seller: 'seller', buyer: 'buyer' });

const quietLog = () =>
  ({ info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() }) as unknown as FastifyBaseLogger;

const mailTo_ = (address: string) =>
  t.db.selectFrom('mail_outbox').select(['template', 'lane']).where('to_address', '=', address).execute();

describe('booking requests per buyer and phone', () => {
  const PHISHING = 'https://phonehaat-payments.example/login';

  it('book and cancel in a loop is refused after the limit, with a message, and the seller is told only so often', async () => {
    const productId = await listProduct(seller);
    const book = () =>
      buyer.request({
        method: 'POST',
        url: '/api/store/booking/product',
        payload: { productId, phoneNumber: '01711223344', meetLocation: `Pay first at ${PHISHING}` },
      });
    for (let i = 0; i < BOOKING_REQUEST_LIMIT.max; i++) {
      const booked = await book();
      expect(booked.statusCode, booked.body).toBe(201);
      const id = booked.json<{ insertedId: string }>().insertedId;
      const cancelled = await buyer.request({ method: 'PUT', url: `/api/bookings/${id}/cancel` });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    }
    const refused = await book();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(
        /^You have asked to book this phone 3 times today\. Please wait \d+ hours? before asking again\.$/,
      ),
    });
    const requests = await t.db
      .selectFrom('notifications')
      .select('kind')
      .where('user_id', '=', seller.user.uid)
      .where('kind', '=', 'booking_requested')
      .where('message', 'like', `%${PHISHING}%`)
      .execute();
    expect(requests).toHaveLength(BOOKING_REQUEST_LIMIT.max);

    // The mail says what happened in its subject, never what the buyer typed; their link is left out of the text.
    const mail = await mailTo(t.app, seller.email, /^PhoneHaat: a buyer asks to book your phone$/);
    expect(mail.subject).not.toContain('http');
    expect(mail.text).toContain('Pay first at [link removed]');
    expect(mail.text).not.toContain('phonehaat-payments');
    expect(mail.html).not.toContain('phonehaat-payments');
  });

  it('counts each use once under concurrency: no more than the limit are ever allowed in a window', async () => {
    const rule = { max: 5, windowMs: 60_000 };
    const key = `test:${newId()}`;
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => countUse(t.db, key, rule)));
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(rule.max);
    // A new window starts once the old one has ended, and housekeeping drops ended windows.
    const later = new Date(Date.now() + rule.windowMs + 1);
    expect((await countUse(t.db, key, rule, later)).allowed).toBe(true);
    expect(await removeEndedLimitCounters(t.app.deps, new Date(later.getTime() + rule.windowMs + 1))).toBeGreaterThan(
      0,
    );
  });
});

describe('mail per recipient and kind', () => {
  it('mails one kind of notification to one address at most so often; the notifications themselves stay', async () => {
    const notification = { userId: seller.user.uid, kind: 'booking_sold', message: 'Sold.', link: '/dashboard' };
    const queued: boolean[] = [];
    for (let i = 0; i < MAIL_LIMITS.notification.max + 3; i++) {
      queued.push(await t.db.transaction().execute((trx) => queueMailOf(trx, notification)));
    }
    expect(queued.filter(Boolean)).toHaveLength(MAIL_LIMITS.notification.max);
    // Another kind has its own count.
    expect(
      await t.db.transaction().execute((trx) => queueMailOf(trx, { ...notification, kind: 'booking_declined' })),
    ).toBe(true);
  });

  it('two changes telling the same people in opposite orders both go through (their mail counters never deadlock)', async () => {
    const tellBoth = (first: Actor, second: Actor) =>
      withNotifications(t.app.deps, async (_trx, tell) => {
        await tell({ userId: first.user.uid, kind: 'booking_accepted', message: 'Accepted.', link: '/dashboard' });
        // Both transactions are under way before either tells its second person.
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tell({ userId: second.user.uid, kind: 'booking_accepted', message: 'Accepted.', link: '/dashboard' });
      });
    await expect(Promise.all([tellBoth(seller, buyer), tellBoth(buyer, seller)])).resolves.toHaveLength(2);
  });

  it('a sign-up is refused with a message once its address had its verification mails for the day', async () => {
    const email = `victim.${process.pid}@example.test`;
    for (let i = 0; i < MAIL_LIMITS['verify-email'].max; i++) {
      const mail = await queueMail(t.db, {
        to: email,
        userId: null,
        data: { template: 'verify-email', token: `t${i}` },
      });
      expect(mail.queued).toBe(true);
    }
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: 'long enough pw' },
    });
    expect(signup.statusCode).toBe(429);
    expect(signup.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(
        /^Too many verification mails went to this address lately\. Please wait \d+ hours?/,
      ),
    });
    // Refused as a whole: no account, and no sixth mail.
    expect(await t.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
    expect(await mailTo_(email)).toHaveLength(MAIL_LIMITS['verify-email'].max);
  });

  it('"forgot password" answers the same past the limit, and mails nothing more', async () => {
    const person = await registerActor(t.app, 'buyer');
    for (let i = 0; i < MAIL_LIMITS['reset-password'].max; i++) {
      await queueMail(t.db, { to: person.email, userId: null, data: { template: 'reset-password', token: `t${i}` } });
    }
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/account/forgot-password',
      payload: { email: person.email },
    });
    expect(asked.statusCode).toBe(200);
    const resets = (await mailTo_(person.email)).filter((m) => m.template === 'reset-password');
    expect(resets).toHaveLength(MAIL_LIMITS['reset-password'].max);
    const links = await t.db
      .selectFrom('account_tokens')
      .select('token_hash')
      .where('user_id', '=', person.user.uid)
      .where('purpose', '=', 'reset_password')
      .execute();
    expect(links).toEqual([]);
  });
});

describe('the outbox lanes', () => {
  const flood = (n: number) =>
    Promise.all(
      Array.from({ length: n }, (_, i) =>
        queueMail(t.db, {
          to: `reader${i}.${newId()}@example.test`,
          userId: null,
          data: { template: 'notification', kind: 'booking_requested', message: `Mail ${i}`, link: '/dashboard' },
        }),
      ),
    );

  it('account mail is claimed ahead of a flood of notifications queued before it', async () => {
    await t.db.deleteFrom('mail_outbox').execute();
    await flood(45);
    await queueMail(t.db, {
      to: `late.${newId()}@example.test`,
      userId: null,
      data: { template: 'reset-password', token: 'x' },
    });
    const sent: string[] = [];
    const transport: MailTransport = { send: async (mail) => void sent.push(mail.subject), close: () => {} };
    await deliverDueMail(t.app.deps, transport, quietLog());
    expect(sent).toHaveLength(20);
    expect(sent[0]).toMatch(/^Choose a new PhoneHaat password/);
  });

  it('account mail goes while the notifications lane is stuck on a slow mail server', async () => {
    await t.db.deleteFrom('mail_outbox').execute();
    await flood(5);
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    const sent: string[] = [];
    const transport: MailTransport = {
      send: async (mail) => {
        if (mail.subject.startsWith('PhoneHaat: ')) await stuck;
        sent.push(mail.subject);
      },
      close: () => {},
    };
    const app = Fastify({ logger: false });
    app.decorate('deps', t.app.deps);
    startMailWorker(app, { transport, intervalMs: 50 });
    await app.ready();
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await queueMail(t.db, {
        to: `waiting.${newId()}@example.test`,
        userId: null,
        data: { template: 'verify-email', token: 'x' },
      });
      await vi.waitFor(() => expect(sent).toEqual([expect.stringMatching(/^Verify your email address/)]), {
        timeout: timeLimit(5_000),
      });
    } finally {
      release();
      await app.close();
    }
    expect(sent.filter((subject) => subject.startsWith('PhoneHaat: ')).length).toBeGreaterThan(0);
  });
});

describe('old notifications', () => {
  it('are pruned after their time, read or not; recent ones stay', async () => {
    const insert = (createdAt: Date) =>
      t.db
        .insertInto('notifications')
        .values({
          id: newId(),
          user_id: buyer.user.uid,
          kind: 'booking_sold',
          message: 'Old news.',
          link: '/dashboard',
          created_at: createdAt.toISOString(),
        })
        .execute();
    const now = new Date();
    await insert(new Date(now.getTime() - NOTIFICATION_MAX_AGE_MS - 60_000));
    await insert(new Date(now.getTime() - NOTIFICATION_MAX_AGE_MS + 60_000));
    expect(await removeOldNotifications(t.app.deps, now)).toBe(1);
    const left = await t.db
      .selectFrom('notifications')
      .select('message')
      .where('user_id', '=', buyer.user.uid)
      .execute();
    expect(left.filter((n) => n.message === 'Old news.')).toHaveLength(1);
  });
});
