import { createHash } from 'node:crypto';
import { Batch } from '#server/events/batch';
import { localChannel, type Channel } from '#server/events/channel';
import { COMPRESS_THRESHOLD, compressed, preferredEncoding, type Encoding } from '#server/http/compression';
import { Recency } from './recency';
import { compacted, EVERYTHING, namesSearches, tags } from './tags';

/** How long after a write others may still get the answer before it (issue 26: at most a second, with the batch). */
export const STALE_MS = 750;
/**
 * Under a stream of writes, how long an answer computed again after a drop stands in for the next
 * drops before it is computed once more (see PublicCacheOptions.refreshMs): 50 writes a second to a
 * popular list recompute it twice a second, not 50 times, and no answer is older than STALE_MS.
 */
export const REFRESH_MS = 500;
/** How long a process gathers its writes' tags into one message to the others. */
export const BATCH_MS = 50;

/** One cached answer: the serialized body, the headers that go with it, and what it was made from. */
export interface CachedAnswer {
  /** When its computation began, by the cache's count of drops and by the clock (see Began). */
  began: Began;
  storedAt: number;
  /** Since when a write changed something it shows: served to others only while one request recomputes it. */
  staleSince?: number;
  /** Until when, once dropped, it is served to others without being computed again (refreshMs); 0: not at all. */
  refreshAfter: number;
  body: string;
  /** The body's size in bytes. */
  bytes: number;
  etag: string;
  headers: Record<string, string>;
  /** What it shows (cache/tags.ts): a write naming one of them drops it. */
  tags: readonly string[];
  compressed: Partial<Record<Encoding, Buffer>>;
  /** Each way of sending it, made on first need (see deliveryOf). */
  deliveries: Partial<Record<Variant, Delivery>>;
}

/** When a computation began: after how many drops here (`generation`), and at what time. */
export interface Began {
  generation: number;
  at: number;
}

/** A request of someone who just wrote (read your own writes): what they changed, and when. */
export interface Writer {
  at: number;
  tags: ReadonlySet<string>;
}

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
  /** How long after a change others may still be served the answer before it, while one request recomputes it. */
  staleMs?: number;
  /**
   * How long an answer computed again after a drop is served to others through the next drops before
   * it is computed once more, within staleMs (0: computed again at the first request after each drop).
   * The first drop after a quiet spell is computed again at once, as the batch tells the first at once.
   */
  refreshMs?: number;
  /** How long this process gathers the tags of its writes before telling the others, in one message. */
  batchMs?: number;
  now?: () => number;
}

/** The message that drops answers elsewhere: `drop` and the tags, space-separated. */
const DROP = 'drop ';
/**
 * Well within PostgreSQL's 8,000-byte NOTIFY payload, in bytes: a search word's tag may be Bangla,
 * three bytes a letter, and a payload too long is refused, its drops lost in every other process.
 * A longer list says EVERYTHING instead.
 */
const MAX_MESSAGE_BYTES = 6000;
/**
 * Tags whose last drop is remembered (see droppedSince); an answer begun before the oldest of them
 * is not kept. A listing write names a hundred or so (its words' beginnings, for the searches): this
 * is some 500 of them, 10 s at 50 writes a second, longer than a starved computation takes; about 4 MB.
 */
export const DROPS_REMEMBERED = 50_000;

/**
 * How long the searches another process's writes named are remembered, to drop them again once
 * that process's search index change is caught up on here (see dropSearchesHeard): the two
 * messages leave together, a batch apart at most.
 */
const SEARCHES_HEARD_MS = 3000;
/** Search tags remembered at most; past it, every search is dropped again instead. */
const SEARCHES_HEARD_KEPT = 10_000;

/**
 * The public answers (lists, products, categories, rendered pages) are the same for every visitor:
 * they are kept serialized, each with the tags of what it shows, until a write names one of them
 * (docs/performance.md). A dropped answer is not forgotten at once: for `staleMs` it is still
 * served to others while one request recomputes it (single flight, stale-while-revalidate), except
 * to the writer themselves (read your own writes). An answer whose computation began before a drop
 * of one of its tags is never kept. Drops made here travel to the other processes through the
 * channel, gathered for `batchMs` into one message.
 */
export class PublicCache {
  private generationNumber = 0;
  private readonly entries = new Map<string, CachedAnswer>();
  /** Their keys by when they were last asked for, for the bounds: the least recent goes first. */
  private readonly recency = new Recency();
  /** The keys of the answers showing each tag. */
  private readonly byTag = new Map<string, Set<string>>();
  /** The generation of each tag's last drop, oldest first; `forgottenBefore` answers for those let go. */
  private readonly drops = new Map<string, number>();
  private forgottenBefore = 0;
  private everythingAt = 0;
  private readonly pending = new Map<string, Promise<CachedAnswer | undefined>>();
  /** The search tags heard from other processes lately, with when, oldest first. */
  private readonly searchesHeard = new Map<string, number>();
  private readonly outgoing: Batch<string>;
  private readonly channel: Channel;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private bytes = 0;
  private readonly maxAgeMs: number;
  private readonly staleMs: number;
  private readonly refreshMs: number;
  private readonly now: () => number;

  constructor(options: PublicCacheOptions = {}) {
    this.channel = options.channel ?? localChannel;
    this.maxEntries = options.maxEntries ?? 500;
    this.maxBytes = options.maxBytes ?? 8 * 1024 * 1024;
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
    this.staleMs = options.staleMs ?? STALE_MS;
    this.refreshMs = options.refreshMs ?? 0;
    this.outgoing = new Batch((changed) => this.tell(changed), options.batchMs ?? BATCH_MS);
    this.now = options.now ?? Date.now;
  }

  /** Goes up with every drop, here or heard: an unchanged number means nothing was dropped. */
  get generation(): number {
    return this.generationNumber;
  }

  /** What and how much is kept now, to check the bounds. */
  get size(): { entries: number; bytes: number; tags: number; drops: number } {
    return { entries: this.entries.size, bytes: this.bytes, tags: this.byTag.size, drops: this.drops.size };
  }

  /** Marks the start of a computation, for store. */
  begin(): Began {
    return { generation: this.generationNumber, at: this.now() };
  }

  /**
   * Starts hearing other processes' drops. A lost connection may have missed some, so everything
   * is dropped then; so is a message this version cannot read.
   */
  listen(): Promise<void> {
    return this.channel.subscribe(
      (message) => this.hear(message.startsWith(DROP) ? message.slice(DROP.length).split(' ') : [EVERYTHING]),
      () => this.hear([EVERYTHING]),
    );
  }

  private hear(changed: readonly string[]): void {
    const now = this.now();
    for (const tag of changed) {
      if (tag !== EVERYTHING && !namesSearches(tag)) continue;
      const searches = tag === EVERYTHING ? tags.search : tag;
      this.searchesHeard.delete(searches);
      this.searchesHeard.set(searches, now);
    }
    if (this.searchesHeard.size > SEARCHES_HEARD_KEPT) {
      this.searchesHeard.clear();
      this.searchesHeard.set(tags.search, now);
    }
    this.drop(changed);
  }

  /**
   * Another process's change to the search index is caught up on here: the searches its writes
   * named were dropped when heard, but the cache's message and the index's travel apart, and one
   * may have been computed again in between from the index as it was. They are dropped again.
   */
  dropSearchesHeard(): void {
    const since = this.now() - SEARCHES_HEARD_MS;
    for (const [tag, at] of this.searchesHeard) {
      if (at >= since) break;
      this.searchesHeard.delete(tag);
    }
    if (this.searchesHeard.size > 0) this.drop([...this.searchesHeard.keys()]);
  }

  async close(): Promise<void> {
    await this.outgoing.close();
    await this.channel.close();
  }

  /**
   * After a write: drops what it named here at once, and tells the other processes (see Batch: at
   * once after a quiet spell, answering once told; else with the next message).
   */
  async bump(changed: Iterable<string> = [EVERYTHING]): Promise<void> {
    const list = [...changed];
    if (list.length === 0) return;
    this.drop(list);
    await this.outgoing.add(list);
  }

  /** Sends what was dropped here since the last message, before a test looks elsewhere (the batch does it by itself). */
  flush(): Promise<void> {
    return this.outgoing.flush();
  }

  private async tell(changed: string[]): Promise<void> {
    const unique = new Set(changed);
    if (unique.has(EVERYTHING)) return this.channel.publish(`${DROP}${EVERYTHING}`);
    // Too long for one message: every search rather than each listing's, or else everything.
    const message = [unique, compacted(unique)]
      .map((named) => `${DROP}${[...named].join(' ')}`)
      .find((text) => Buffer.byteLength(text) <= MAX_MESSAGE_BYTES);
    await this.channel.publish(message ?? `${DROP}${EVERYTHING}`);
  }

  /** Drops everything here only (a new build of the pages, which every process loads itself). */
  invalidate(): void {
    this.drop([EVERYTHING]);
  }

  /** Marks the answers showing any of `changed` stale, here only. */
  drop(changed: readonly string[]): void {
    this.generationNumber += 1;
    const now = this.now();
    for (const tag of changed) {
      if (tag === EVERYTHING) {
        this.everythingAt = this.generationNumber;
        for (const entry of this.entries.values()) entry.staleSince ??= now;
        continue;
      }
      this.drops.delete(tag);
      this.drops.set(tag, this.generationNumber);
      for (const key of this.byTag.get(tag) ?? []) {
        const entry = this.entries.get(key);
        if (entry) entry.staleSince ??= now;
      }
    }
    for (const [tag, generation] of this.drops) {
      if (this.drops.size <= DROPS_REMEMBERED) break;
      this.drops.delete(tag);
      this.forgottenBefore = generation;
    }
  }

  /**
   * The answer to serve for `key`: a fresh one; or, to anyone but a writer who changed what it
   * shows, one dropped less than `staleMs` ago while another request recomputes it. Undefined
   * when this request should compute it (or wait for the one computing it, see inFlight).
   */
  get(key: string, writer?: Writer): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = this.now();
    if (now - entry.storedAt > this.maxAgeMs) {
      this.forget(key);
      return undefined;
    }
    if (writer && entry.began.at <= writer.at && sharesTag(entry.tags, writer.tags)) return undefined;
    if (entry.staleSince !== undefined && (now - entry.staleSince > this.staleMs || !this.standsIn(key, entry, now))) {
      return undefined;
    }
    // Asked for again, it goes last in line to be dropped: a long tail of answers asked for once
    // (searches, deep pages) then pushes out each other, not the answers many people ask for.
    this.recency.touch(key);
    return entry;
  }

  /** Whether a dropped answer is still served to others: while it is computed again, or before its refresh time. */
  private standsIn(key: string, entry: CachedAnswer, now: number): boolean {
    return this.pending.has(key) || now < entry.refreshAfter;
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

  /**
   * Keeps an answer computed since `began`, showing `tags`. One whose tags were dropped meanwhile
   * may be part old, part new: it is kept as stale since `began`, so it stands in only while the
   * next request recomputes it, as its predecessor would have (under a steady stream of writes,
   * a popular answer would otherwise never be kept, and every request would compute it).
   */
  store(
    key: string,
    began: Began,
    body: string,
    headers: Record<string, string>,
    tags: readonly string[] = [],
  ): CachedAnswer {
    const now = this.now();
    const dropped = this.droppedSince(began.generation, tags);
    // Computed again after a recent drop (or with one under way), as under a stream of writes: the
    // next drops are served this one for a while. After a quiet spell, the next drop is computed at once.
    const afterDrop = dropped || now - (this.entries.get(key)?.staleSince ?? -Infinity) < this.refreshMs;
    const answer: CachedAnswer = {
      began,
      storedAt: now,
      ...(dropped ? { staleSince: began.at } : {}),
      refreshAfter: afterDrop ? now + this.refreshMs : 0,
      body,
      bytes: Buffer.byteLength(body),
      etag: etagOf(body),
      headers,
      tags,
      compressed: {},
      deliveries: {},
    };
    this.forget(key);
    this.entries.set(key, answer);
    this.recency.touch(key);
    this.bytes += answer.bytes;
    for (const tag of tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    while (this.entries.size > this.maxEntries || (this.bytes > this.maxBytes && this.entries.size > 1)) {
      this.forget(this.recency.oldest!);
    }
    return answer;
  }

  private droppedSince(generation: number, tags: readonly string[]): boolean {
    if (generation === this.generationNumber) return false;
    if (this.everythingAt > generation || this.forgottenBefore > generation) return true;
    return tags.some((tag) => (this.drops.get(tag) ?? 0) > generation);
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.recency.remove(key);
    this.bytes -= entry.bytes;
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }
}

const sharesTag = (shown: readonly string[], changed: ReadonlySet<string>) =>
  changed.has(EVERYTHING) || shown.some((tag) => changed.has(tag));

/** The body compressed once per answer, not once per request; undefined when too small to bother. */
export function compressedBody(answer: CachedAnswer, encoding: Encoding): Buffer | undefined {
  if (answer.bytes < COMPRESS_THRESHOLD) return undefined;
  answer.compressed[encoding] ??= compressed(answer.body, encoding);
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
