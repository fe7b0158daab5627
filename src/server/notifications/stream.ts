import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { loginAddressOf } from '#server/auth/address';
import { callerOf } from '#server/auth/guards';
import { liveSessionIds } from '#server/auth/repository';
import type { Deps } from '#server/deps';
import { AppError } from '#server/errors';
import { serverMessage } from '#server/i18n/texts';
import { chatStateOf } from '#server/chat/repository';
import { countUnread } from './repository';
import { walSyncOf } from '#server/db/connection';

/** A comment line this often keeps proxies from closing a quiet stream, and re-reads the count as a safety net. */
export const HEARTBEAT_MS = 25_000;

/**
 * A stream ends after this long and the browser opens a new one by itself: connections spread again
 * over the server processes after a restart, and no proxy sees a request that never ends.
 */
export const STREAM_LIFETIME_MS = 5 * 60 * 1000;

/**
 * Streams open at once in one process: per account (a person's tabs and devices), per address (an
 * IPv6 /64; people behind one carrier's shared address), and in all. Past the first two the oldest
 * stream is closed for the new one; past the last a new one is refused (503).
 */
export const STREAM_LIMITS: StreamLimits = { perAccount: 6, perAddress: 60, total: 10_000 };

export interface StreamLimits {
  perAccount: number;
  perAddress: number;
  total: number;
}

/**
 * What a stream closed for a newer one tells its browser: wait this long before opening another, so
 * a seventh tab does not close the oldest, which reopens and closes the next, round and round.
 */
const REPLACED_RETRY_MS = 10 * 60 * 1000;

export interface StreamOptions {
  lifetimeMs?: number | undefined;
  heartbeatMs?: number | undefined;
  limits?: StreamLimits | undefined;
}

interface Stream {
  sessionId: string;
  address: string;
  /** The count this stream was last told. */
  told: number | undefined;
  /** The chat state (conversations with something unread, the last change) it was last told. */
  toldChat: string | undefined;
  write(text: string): void;
  end(): void;
}

/** One account's streams in this process: its bell is heard, its count read and its heartbeat beaten once for all of them. */
interface Account {
  userId: string;
  streams: Set<Stream>;
  stopListening: () => void;
  heartbeat: NodeJS.Timeout;
  refreshing: Promise<void> | undefined;
  again: boolean;
}

/**
 * Server-sent events of each caller's unread count: now, then again each time the bell rings for
 * them (a notification or a chat message made in any process, or a session of theirs ended) and
 * with every heartbeat; and `chat`, how many conversations have something unread and when any of
 * them last changed, so an open inbox or conversation reads again. The browser's EventSource
 * reconnects by itself when a stream ends.
 *
 * The work is per account, not per stream: a ring or a heartbeat reads the count (and which of the
 * streams' sessions still work) once, and tells every stream of the account that needs it; each
 * account's heartbeat starts at a random point of the interval, so they do not all fall together.
 * A stream whose session ended (logout, password change, deletion) is closed at its next ring.
 */
export class UnreadStreams {
  private readonly accounts = new Map<string, Account>();
  private readonly byAddress = new Map<string, Set<Stream>>();
  private total = 0;
  private readonly lifetimeMs: number;
  private readonly heartbeatMs: number;
  private readonly limits: StreamLimits;

  constructor(
    private readonly deps: Pick<Deps, 'db' | 'bell'>,
    private readonly log: FastifyBaseLogger,
    options: StreamOptions = {},
  ) {
    this.lifetimeMs = options.lifetimeMs ?? STREAM_LIFETIME_MS;
    this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
    this.limits = options.limits ?? STREAM_LIMITS;
  }

  async open(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    // The stream's answer skips the hooks (it is hijacked), and `signedIn` may have written the
    // session: it begins only once that is on the disk (docs/reliability.md, "Crashes").
    await walSyncOf(this.deps.db)?.onDisk();
    if (this.total >= this.limits.total) {
      throw new AppError('UNAVAILABLE', serverMessage('server.notifications.error.tooManyStreams'));
    }
    const { user, sessionId } = callerOf(request);
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      // nginx and similar proxies must pass each event on at once.
      'x-accel-buffering': 'no',
    });
    const account = this.accountOf(user.id);
    const address = loginAddressOf(request.ip);
    const lifetime = setTimeout(() => stream.end(), this.lifetimeMs).unref();
    const stream: Stream = {
      sessionId,
      address,
      told: undefined,
      toldChat: undefined,
      write: (text) => {
        if (!reply.raw.destroyed && !reply.raw.writableEnded) reply.raw.write(text);
      },
      end: () => {
        if (!account.streams.delete(stream)) return;
        clearTimeout(lifetime);
        this.total -= 1;
        const ofAddress = this.byAddress.get(address);
        ofAddress?.delete(stream);
        if (ofAddress?.size === 0) this.byAddress.delete(address);
        if (account.streams.size === 0) this.forget(account);
        if (!reply.raw.writableEnded) reply.raw.end();
      },
    };
    account.streams.add(stream);
    this.total += 1;
    const ofAddress = this.byAddress.get(address) ?? new Set();
    this.byAddress.set(address, ofAddress.add(stream));
    reply.raw.on('close', () => stream.end());
    this.makeRoom(account.streams, this.limits.perAccount);
    this.makeRoom(ofAddress, this.limits.perAddress);
    this.refresh(account);
  }

  /** Ends every stream (the server is closing). */
  closeAll(): void {
    for (const account of [...this.accounts.values()]) for (const stream of [...account.streams]) stream.end();
  }

  /** Closes the oldest of `streams` (in the order they opened) until at most `max` are left. */
  private makeRoom(streams: Set<Stream>, max: number): void {
    for (const oldest of [...streams].slice(0, Math.max(0, streams.size - max))) {
      oldest.write(`retry: ${REPLACED_RETRY_MS}\n\n`);
      oldest.end();
    }
  }

  private accountOf(userId: string): Account {
    const known = this.accounts.get(userId);
    if (known) return known;
    const account: Account = {
      userId,
      streams: new Set(),
      stopListening: () => {},
      heartbeat: setTimeout(() => {
        account.heartbeat = setInterval(() => this.beat(account), this.heartbeatMs).unref();
        this.beat(account);
      }, Math.random() * this.heartbeatMs).unref(),
      refreshing: undefined,
      again: false,
    };
    account.stopListening = this.deps.bell.listen(userId, () => this.refresh(account));
    this.accounts.set(userId, account);
    return account;
  }

  private forget(account: Account): void {
    clearTimeout(account.heartbeat);
    clearInterval(account.heartbeat);
    account.stopListening();
    this.accounts.delete(account.userId);
  }

  private beat(account: Account): void {
    for (const stream of account.streams) stream.write(': still here\n\n');
    this.refresh(account);
  }

  /** Reads the account's count and live sessions once, however many rings come meanwhile, and tells its streams. */
  private refresh(account: Account): void {
    if (account.refreshing) {
      account.again = true;
      return;
    }
    account.refreshing = (async () => {
      do {
        account.again = false;
        await this.tell(account);
      } while (account.again && account.streams.size > 0);
      account.refreshing = undefined;
    })();
  }

  private async tell(account: Account): Promise<void> {
    const asked = [...new Set([...account.streams].map((stream) => stream.sessionId))];
    try {
      const [unread, live, chat] = await Promise.all([
        countUnread(this.deps.db, account.userId),
        liveSessionIds(this.deps.db, account.userId, asked),
        chatStateOf(this.deps.db, account.userId),
      ]);
      const chatData = JSON.stringify({ conversations: chat.unread, at: chat.at });
      for (const stream of [...account.streams]) {
        // A stream opened during the reads is checked on the next round (its opening asked for one).
        if (asked.includes(stream.sessionId) && !live.has(stream.sessionId)) {
          stream.end();
          continue;
        }
        if (stream.told !== unread) stream.write(`event: unread\ndata: {"unread":${unread}}\n\n`);
        if (stream.toldChat !== chatData) stream.write(`event: chat\ndata: ${chatData}\n\n`);
        stream.told = unread;
        stream.toldChat = chatData;
      }
    } catch (error) {
      this.log.warn({ err: error }, 'unread count for the notification streams failed');
    }
  }
}
