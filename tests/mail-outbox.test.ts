import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { mailQueued, queueMail, queueMails } from '#server/mail/outbox';
import type { MailLane } from '#server/db/schema';
import { mailDirOf, transportFor } from '#server/mail/transport';
import { backoffMs, BATCH, deliverDueMail, LEASE_MS, MAX_ATTEMPTS, outboxCounts } from '#server/mail/worker';
import { createTestApp, type TestApp } from './support/app';
import { tokenOfLink } from './support/mail';

/*
 * The outbox worker against a real SMTP server (smtp-server from npm) started here, whose arrivals
 * are parsed with mailparser: mail goes out once, survives the server going away, and a mail that
 * never goes is marked failed and logged, never dropped.
 */

interface Inbox {
  port: number;
  received: ParsedMail[];
  /** Stops accepting connections (as a crashed mail server would), answering once it is down. */
  stop(): Promise<void>;
  /** Starts listening again on the same port. */
  start(): Promise<void>;
  /** Called after each accepted mail. */
  onMail?: (count: number) => void;
}

async function startInbox(): Promise<Inbox> {
  const inbox: Inbox = { port: 0, received: [], stop: async () => {}, start: async () => {} };
  let server: SMTPServer;
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, _session, callback) {
          simpleParser(stream)
            .then((mail) => {
              inbox.received.push(mail);
              callback();
              inbox.onMail?.(inbox.received.length);
            })
            .catch(callback);
        },
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        inbox.port = (server.server.address() as AddressInfo).port;
        resolve();
      });
    });
  inbox.stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  inbox.start = () => listen(inbox.port);
  await listen(0);
  return inbox;
}

const quietLog = () =>
  ({ info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() }) as unknown as FastifyBaseLogger & {
    warn: ReturnType<typeof vi.fn>;
    error: ReturnType<typeof vi.fn>;
  };

let inbox: Inbox;
let t: TestApp;
beforeAll(async () => {
  inbox = await startInbox();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, PUBLIC_URL: 'https://phonehaat.example' });
});
afterAll(async () => {
  await t.close();
  await inbox.stop();
});
afterEach(async () => {
  // Each test starts with an empty outbox and an empty inbox.
  await t.db.deleteFrom('mail_outbox').execute();
  inbox.received.length = 0;
  inbox.onMail = undefined;
});

const transport = () => transportFor(t.app.deps.config);
const round = (now = new Date(), log: FastifyBaseLogger = quietLog()) => {
  const sender = transport();
  return deliverDueMail(t.app.deps, sender, log, now).finally(() => sender.close());
};
const ids = (mails: ParsedMail[]) => mails.map((m) => m.messageId).sort();
let serial = 0;
const queueSome = (n: number) =>
  Promise.all(
    Array.from({ length: n }, (_, i) =>
      queueMail(t.db, {
        to: `reader${++serial}@example.test`,
        userId: null,
        data: { template: 'notification', kind: 'booking_accepted', message: `Mail ${i}`, link: '/dashboard' },
      }).then((mail) => (mail.queued ? mail.id : expect.fail('a first mail to an address is queued'))),
    ),
  );

describe('the mail outbox over SMTP', () => {
  it('sends the sign-up mail with absolute links in text and HTML, and the link works', async () => {
    const email = `smtp.${process.pid}@example.test`;
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: 'long enough pw' },
    });
    expect(signup.statusCode).toBe(201);
    expect(await round()).toEqual({ sent: 1, retried: 0, failed: 0 });

    expect(inbox.received).toHaveLength(1);
    const [mail] = inbox.received;
    expect(mail!.to).toMatchObject({ value: [{ address: email }] });
    expect(mail!.from?.text).toContain('no-reply@phonehaat.local');
    expect(mail!.text).toContain('https://phonehaat.example/verify-email?token=');
    expect(mail!.html).toContain('href="https://phonehaat.example/verify-email?token=');
    const token = tokenOfLink(mail!, '/verify-email');
    const verified = await t.app.inject({ method: 'POST', url: '/api/account/verify-email', payload: { token } });
    expect(verified.statusCode).toBe(200);

    // Once sent, the outbox keeps the record but not the single-use token.
    const row = await t.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'sent', attempts: 1, data: '{}' });
    expect(await round()).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it('keeps mail while the SMTP server is down mid-run and sends it, once each, when it is back', async () => {
    const queued = await queueSome(5);
    // The mail server dies after accepting the second mail of the round.
    inbox.onMail = (count) => {
      if (count === 2) void inbox.stop();
    };
    const log = quietLog();
    const first = await round(new Date(), log);
    expect(first.sent).toBe(2);
    expect(first.retried).toBe(3);
    expect(log.warn).toHaveBeenCalledTimes(3);
    expect(await outboxCounts(t.db)).toEqual({ sent: 2, pending: 3 });

    // Not due before its back-off: a round now sends nothing and tries nothing.
    expect(await round()).toEqual({ sent: 0, retried: 0, failed: 0 });

    await inbox.start();
    const later = new Date(Date.now() + backoffMs(1) + 1000);
    expect(await round(later)).toEqual({ sent: 3, retried: 0, failed: 0 });
    expect(await round(new Date(later.getTime() + LEASE_MS * 2))).toEqual({ sent: 0, retried: 0, failed: 0 });

    expect(inbox.received).toHaveLength(5);
    expect(ids(inbox.received)).toEqual(queued.map((id) => `<${id}@phonehaat.mail>`).sort());
  });

  it('never sends one mail twice when workers run at once', async () => {
    await queueSome(12);
    const results = await Promise.all([round(), round(), round()]);
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(12);
    expect(inbox.received).toHaveLength(12);
    expect(new Set(ids(inbox.received)).size).toBe(12);
  });

  it('takes at most a batch a round, and two rounds at once never take one mail both', async () => {
    await queueSome(50);
    const results = await Promise.all([round(), round()]);
    expect(results.map((r) => r.sent)).toEqual([BATCH, BATCH]);
    expect(inbox.received).toHaveLength(2 * BATCH);
    expect(new Set(ids(inbox.received)).size).toBe(2 * BATCH);
    expect(await outboxCounts(t.db)).toEqual({ sent: 2 * BATCH, pending: 50 - 2 * BATCH });
  });

  it('takes over mail whose worker died mid-send once its lease has run out, not before', async () => {
    const [id] = await queueSome(1);
    const now = new Date();
    await t.db
      .updateTable('mail_outbox')
      .set({ state: 'sending', attempts: 1, lease_until: new Date(now.getTime() + LEASE_MS).toISOString() })
      .where('id', '=', id!)
      .execute();
    expect(await round(now)).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await round(new Date(now.getTime() + LEASE_MS + 1000))).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(inbox.received).toHaveLength(1);
  });

  it('marks mail that keeps failing as failed and logs it, and keeps the row', async () => {
    const [id] = await queueSome(1);
    await t.db
      .updateTable('mail_outbox')
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where('id', '=', id!)
      .execute();
    await inbox.stop();
    onTestFinished(() => inbox.start());
    const log = quietLog();
    expect(await round(new Date(), log)).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ mailId: id, attempts: MAX_ATTEMPTS }),
      'mail failed for good',
    );
    const row = await t.db.selectFrom('mail_outbox').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
    expect(row.state).toBe('failed');
    expect(row.last_error).toBeTruthy();
    // Failed mail is never picked up again.
    expect(await round(new Date(Date.now() + 24 * 60 * 60 * 1000))).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it('backs off 30 s, then twice as long each time, at most an hour', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(20)).toBe(60 * 60 * 1000);
  });
});

describe('a mail queued', () => {
  const heard: MailLane[] = [];
  const hear = (lane: MailLane) => heard.push(lane);
  beforeAll(() => mailQueued.on('queued', hear));
  afterAll(() => mailQueued.off('queued', hear));
  afterEach(() => {
    heard.length = 0;
  });
  const to = () => `lane${++serial}@example.test`;
  const notification = { template: 'notification', kind: 'booking_accepted', message: 'Hi', link: '/' } as const;

  it('to go at once wakes its own lane only', async () => {
    await queueMail(t.db, { to: to(), userId: null, data: { template: 'verify-email', token: 'x' } });
    expect(heard).toEqual(['account']);
    heard.length = 0;
    await queueMail(t.db, { to: to(), userId: null, data: notification });
    expect(heard).toEqual(['deal']);
    heard.length = 0;
    // Many at once wake their lane once.
    expect(
      await queueMails(
        t.db,
        [1, 2, 3].map(() => ({ to: to(), userId: null, data: notification })),
      ),
    ).toBe(3);
    expect(heard).toEqual(['deal']);
  });

  it('to go later wakes no lane: a later poll finds it', async () => {
    const sendAt = new Date(Date.now() + 60_000);
    await queueMail(t.db, { to: to(), userId: null, data: notification, sendAt });
    expect(await queueMails(t.db, [{ to: to(), userId: null, data: notification, sendAt }])).toBe(1);
    expect(heard).toEqual([]);
    expect(await outboxCounts(t.db)).toEqual({ pending: 2 });
  });
});

describe('the mail outbox without SMTP_URL', () => {
  it('writes each mail as an .eml file under DATA_DIR/mail and logs its subject and link', async () => {
    const local = await createTestApp();
    try {
      const email = `files.${process.pid}@example.test`;
      await local.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email, password: 'long enough pw' },
      });
      const lines: Array<{ subject: string; link: string }> = [];
      const sender = transportFor(local.app.deps.config, (line) => lines.push(line));
      await deliverDueMail(local.app.deps, sender, quietLog());
      const dir = mailDirOf(local.dataDir);
      const files = (await readdir(dir)).filter((name) => name.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const mail = await simpleParser(await readFile(join(dir, files[0]!)));
      expect(mail.subject).toMatch(/^Verify your email address/);
      expect(lines).toEqual([
        expect.objectContaining({ subject: mail.subject, link: expect.stringContaining('/verify-email?token=') }),
      ]);
      expect(mail.text).toContain(lines[0]!.link);
    } finally {
      await local.close();
    }
  });
});
