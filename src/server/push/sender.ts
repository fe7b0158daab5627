import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import webPush from 'web-push';
import { isPushedKind, type PushPayload } from '#shared/push';
import type { Database } from '#server/db/schema';
import type { WrittenNotification } from '#server/notifications/repository';
import { pushTargets, removeGoneSubscription, type PushTarget } from './repository';
import type { VapidKeys } from './vapid';

export interface PushLimits {
  /** Notifications waiting for their pushes at most; more are dropped (the bell has them). */
  maxQueued: number;
  /** Notifications pushed at once. */
  concurrency: number;
  /** How long a push service may take to answer. */
  timeoutMs: number;
}

export const PUSH_LIMITS: PushLimits = { maxQueued: 2000, concurrency: 4, timeoutMs: 10_000 };

/** How long a push service keeps a push for a device that is off (a day: older news is in the bell). */
const TTL_SECONDS = 24 * 60 * 60;

interface PushSenderDeps {
  db: Kysely<Database>;
  keys: VapidKeys;
  /** Who to contact about our pushes (RFC 8292): the site's https address, or a mailto: address. */
  subject: string;
}

/**
 * Pushes notifications to their people's devices (docs/app.md), after the notifications are
 * committed, in this process, without holding up the request that made them. A push is a nudge: the
 * notification itself is in the bell, so a push lost to a restart or a full queue costs little,
 * and the queue is bounded. A device whose push service answers 404 or 410 is gone for good, and its
 * subscription is deleted.
 */
export class PushSender {
  private readonly queue: WrittenNotification[] = [];
  private running = 0;
  private waiters: Array<() => void> = [];
  private log: FastifyBaseLogger | undefined;

  constructor(
    private readonly deps: PushSenderDeps,
    private readonly limits: PushLimits = PUSH_LIMITS,
  ) {}

  get publicKey(): string {
    return this.deps.keys.publicKey;
  }

  /** Where failures are logged (the app's logger, once there is one). */
  useLog(log: FastifyBaseLogger): void {
    this.log = log;
  }

  /** Queues the pushes of the notifications of a kind that pushes; answers at once. */
  enqueue(notifications: readonly WrittenNotification[]): void {
    let dropped = 0;
    for (const notification of notifications) {
      if (!isPushedKind(notification.kind)) continue;
      if (this.queue.length >= this.limits.maxQueued) dropped++;
      else this.queue.push(notification);
    }
    if (dropped) this.log?.warn({ dropped }, 'push queue full: some notifications were not pushed');
    this.pump();
  }

  /** Resolves once every queued push has been answered (tests, and closing the server). */
  idle(): Promise<void> {
    if (this.running === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private pump(): void {
    while (this.running < this.limits.concurrency && this.queue.length > 0) {
      const notification = this.queue.shift()!;
      this.running++;
      this.deliver(notification)
        .catch((error: unknown) => this.log?.error({ err: error }, 'could not push a notification'))
        .finally(() => {
          this.running--;
          this.pump();
          if (this.running === 0 && this.queue.length === 0) this.wakeWaiters();
        });
    }
  }

  private wakeWaiters(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  private async deliver(notification: WrittenNotification): Promise<void> {
    const targets = await pushTargets(this.deps.db, notification.userId, notification.kind);
    if (targets.length === 0) return;
    const payload: PushPayload = {
      title: 'PhoneHaat',
      body: notification.message,
      link: notification.link,
      tag: `${notification.kind} ${notification.link}`,
    };
    await Promise.all(targets.map((target) => this.pushTo(target, JSON.stringify(payload))));
  }

  private async pushTo(target: PushTarget, payload: string): Promise<void> {
    const { publicKey, privateKey } = this.deps.keys;
    const details = webPush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      {
        vapidDetails: { subject: this.deps.subject, publicKey, privateKey },
        TTL: TTL_SECONDS,
        contentEncoding: 'aes128gcm',
      },
    );
    let status: number;
    try {
      const response = await fetch(details.endpoint, {
        method: 'POST',
        headers: Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)])),
        body: new Uint8Array(details.body),
        // A push service answers itself; following a redirect would send the push somewhere else.
        redirect: 'manual',
        signal: AbortSignal.timeout(this.limits.timeoutMs),
      });
      status = response.status;
      await response.body?.cancel();
    } catch (error) {
      this.log?.warn({ err: error, host: new URL(target.endpoint).host }, 'a push service did not answer');
      return;
    }
    if (status === 404 || status === 410) await removeGoneSubscription(this.deps.db, target.id, target.endpoint);
    else if (status < 200 || status > 299) {
      this.log?.warn({ status, host: new URL(target.endpoint).host }, 'a push service refused a push');
    }
  }
}

/** The VAPID subject: the site's address when it is https (as RFC 8292 asks), else the sender of its mail. */
export function pushSubjectOf(config: { PUBLIC_URL: string; MAIL_FROM: string }): string {
  if (config.PUBLIC_URL.startsWith('https://')) return config.PUBLIC_URL;
  const address = /<([^>]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM.trim();
  return `mailto:${address}`;
}
