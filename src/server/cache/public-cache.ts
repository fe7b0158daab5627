import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { localChannel, type Channel } from '#server/events/channel';

/** One cached answer: the serialized body and the headers that go with it. */
export interface CachedAnswer {
  generation: number;
  storedAt: number;
  body: string;
  /** The body's size in bytes. */
  bytes: number;
  etag: string;
  headers: Record<string, string>;
  compressed: Partial<Record<Encoding, Buffer>>;
  /** Each way of sending it, made on first need (see deliveryOf). */
  deliveries: Partial<Record<Variant, Delivery>>;
}

export type Encoding = 'br' | 'gzip';

/** How a cached answer goes to one request: not at all (304), compressed one way or another, or as it is. */
export type Variant = 'not-modified' | Encoding | 'identity';

/** The status, headers and bytes of one variant of an answer, complete with their length. */
export interface Delivery {
  status: 200 | 304;
  headers: Record<string, string>;
  /** The answer's own string when sent as it is (browsers take br): no second copy is kept. */
  body?: Buffer | string;
}

export interface PublicCacheOptions {
  /** Where this process hears the others' changes and tells them its own (events/channel.ts). */
  channel?: Channel;
  /** Answers kept at most; the one asked for least recently goes first. */
  maxEntries?: number;
  /**
   * Bytes of bodies kept at most (their compressed forms add less than that again); the one asked
   * for least recently goes first. Bounds the cache's memory whatever the size of the answers (a page may hold 100 listings).
   */
  maxBytes?: number;
  /** A safety net for changes made outside the app (by hand in the database): nothing is served older than this. */
  maxAgeMs?: number;
  now?: () => number;
}

/**
 * What a change was, for other processes to keep their own state in step: carried in the cache's
 * message, so a process knows it before it computes its next answer (search's listing columns read
 * the rows named again).
 */
export interface ChangeNotes {
  /** Taken when a request that may change something begins. */
  mark(): number;
  /** What changed in this process since `mark`, once committed; undefined when nothing worth telling. */
  since(mark: number): string | undefined;
  /** Another process's note; undefined when changes may have been missed. */
  heard(note: string | undefined): void;
}

const CHANGED = 'changed';
const noteIn = (message: string) => (message.startsWith(`${CHANGED} `) ? message.slice(CHANGED.length + 1) : undefined);

/** Below this size compression is not worth its headers (the same threshold the API's compression uses). */
const COMPRESS_THRESHOLD = 1024;

/**
 * The public answers (lists, products, categories) are the same for every visitor: they are kept
 * serialized until the catalog changes. The cache does not know which write changes what: every
 * state-changing request and every housekeeping round bumps the generation (see hooks.ts), which
 * drops everything, here and, through the channel, in every other process. An answer computed while a
 * change was under way is stored under the generation it started in, so it is never served after it.
 */
export class PublicCache {
  private generationNumber = 0;
  private readonly entries = new Map<string, CachedAnswer>();
  private readonly pending = new Map<string, Promise<CachedAnswer | undefined>>();
  private readonly channel: Channel;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private bytes = 0;
  private readonly maxAgeMs: number;
  private readonly now: () => number;

  constructor(options: PublicCacheOptions = {}) {
    this.channel = options.channel ?? localChannel;
    this.maxEntries = options.maxEntries ?? 500;
    this.maxBytes = options.maxBytes ?? 8 * 1024 * 1024;
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  get generation(): number {
    return this.generationNumber;
  }

  /**
   * Starts hearing other processes' changes. `notes` hears what they said of them first, so what it
   * keeps is up to date before the next answer is computed; a lost connection may have missed
   * changes, so everything is forgotten then too, and `notes` told that nothing is known.
   */
  listen(notes?: Pick<ChangeNotes, 'heard'>): Promise<void> {
    return this.channel.subscribe(
      (message) => {
        const note = noteIn(message);
        if (note !== undefined) notes?.heard(note);
        this.invalidate();
      },
      () => {
        notes?.heard(undefined);
        this.invalidate();
      },
    );
  }

  close(): Promise<void> {
    return this.channel.close();
  }

  /** After a change: forget everything here, then tell the other processes, with what `note` says of it. */
  async bump(note?: string): Promise<void> {
    this.invalidate();
    await this.channel.publish(note === undefined ? CHANGED : `${CHANGED} ${note}`);
  }

  invalidate(): void {
    this.generationNumber += 1;
    this.entries.clear();
    this.bytes = 0;
    this.pending.clear();
  }

  get(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.generation !== this.generationNumber || this.now() - entry.storedAt > this.maxAgeMs) {
      this.forget(key);
      return undefined;
    }
    // Asked for again, it goes last in line to be dropped: a long tail of answers asked for once
    // (searches, deep pages) then pushes out each other, not the answers many people ask for.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** An answer another request is computing right now, to wait for instead of computing it again. */
  inFlight(key: string): Promise<CachedAnswer | undefined> | undefined {
    return this.pending.get(key);
  }

  /** Marks `key` as being computed; the returned function hands over the result (or nothing) to those waiting. */
  startComputing(key: string): (answer: CachedAnswer | undefined) => void {
    let settle!: (answer: CachedAnswer | undefined) => void;
    const promise = new Promise<CachedAnswer | undefined>((resolve) => (settle = resolve));
    this.pending.set(key, promise);
    return (answer) => {
      if (this.pending.get(key) === promise) this.pending.delete(key);
      settle(answer);
    };
  }

  /** Keeps an answer computed in `generation`; answers nothing when the catalog changed meanwhile. */
  store(key: string, generation: number, body: string, headers: Record<string, string>): CachedAnswer | undefined {
    const answer: CachedAnswer = {
      generation,
      storedAt: this.now(),
      body,
      bytes: Buffer.byteLength(body),
      etag: etagOf(body),
      headers,
      compressed: {},
      deliveries: {},
    };
    if (generation !== this.generationNumber) return undefined;
    this.forget(key);
    this.entries.set(key, answer);
    this.bytes += answer.bytes;
    while (this.entries.size > this.maxEntries || (this.bytes > this.maxBytes && this.entries.size > 1)) {
      this.forget(this.entries.keys().next().value as string);
    }
    return answer;
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

/** The body compressed once per answer, not once per request; undefined when too small to bother. */
export function compressedBody(answer: CachedAnswer, encoding: Encoding): Buffer | undefined {
  if (answer.bytes < COMPRESS_THRESHOLD) return undefined;
  answer.compressed[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(answer.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } })
      : gzipSync(answer.body);
  return answer.compressed[encoding];
}

/** Weak, because the same answer travels compressed in different ways; equal bodies give equal tags in every process. */
export const etagOf = (body: string) => `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;

/** Whether an If-None-Match header names this tag (weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

/** Browsers send a handful of different Accept-Encoding headers: each is read once. */
const encodingOf = new Map<string, Encoding | undefined>();
const ENCODINGS_REMEMBERED = 64;

/** br when the client takes it, else gzip, else none; an encoding with q=0 is refused. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  if (encodingOf.has(acceptEncoding)) return encodingOf.get(acceptEncoding);
  const encoding = readAcceptEncoding(acceptEncoding);
  if (encodingOf.size >= ENCODINGS_REMEMBERED) encodingOf.clear();
  encodingOf.set(acceptEncoding, encoding);
  return encoding;
}

function readAcceptEncoding(acceptEncoding: string): Encoding | undefined {
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

/** Which variant of the answer this request gets, from its If-None-Match and Accept-Encoding headers. */
export function variantFor(
  answer: CachedAnswer,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
): Variant {
  if (matchesEtag(ifNoneMatch, answer.etag)) return 'not-modified';
  const encoding = preferredEncoding(acceptEncoding);
  return encoding && compressedBody(answer, encoding) ? encoding : 'identity';
}

/**
 * One variant of a cached answer as it goes out, wherever it is sent from (hooks.ts or
 * front-door.ts); made once per answer and variant, so sending it again allocates nothing. The
 * length is given, so node:http need not frame the body in chunks.
 */
export function deliveryOf(answer: CachedAnswer, variant: Variant): Delivery {
  return (answer.deliveries[variant] ??= makeDelivery(answer, variant));
}

function makeDelivery(answer: CachedAnswer, variant: Variant): Delivery {
  const headers = { ...answer.headers, etag: answer.etag, 'cache-control': 'no-cache', vary: 'accept-encoding' };
  if (variant === 'not-modified') return { status: 304, headers };
  if (variant === 'identity') {
    return { status: 200, headers: { ...headers, 'content-length': String(answer.bytes) }, body: answer.body };
  }
  const body = compressedBody(answer, variant)!;
  return {
    status: 200,
    headers: { ...headers, 'content-encoding': variant, 'content-length': String(body.length) },
    body,
  };
}
