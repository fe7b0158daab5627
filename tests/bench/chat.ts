/*
 * Chat in `npm run bench`: one buyer with CHAT_CONVERSATIONS conversations, one message each, about
 * the generated listings, and CHAT_CONNECTIONS more buyers (the writers) with one conversation each,
 * each with a seller of their own (generateChat, run by fill.ts); then, on the running marketplace,
 * two signed-in calls at 16 connections: the buyer opening the inbox (its first page, newest first),
 * and sending a message (every request a new message, with its own client id).
 *
 * Each connection sends as a person of their own, signed in with their own session cookie, into
 * their own conversation, as 16 people writing at once in a market do: a conversation has two people
 * typing, never 16, and a person writes from one window. Sending all 16 into one conversation
 * measured a queue on that conversation's row, and sending as one person into 16 conversations a
 * queue on that person's `users` row (on PostgreSQL every message's foreign-key check shares its
 * lock, a multixact); docs/chat.md.
 */
import type { Kysely } from 'kysely';
import { hashPassword } from '#server/auth/passwords';
import { newId } from '#server/db/ids';
import type { Database } from '#server/db/schema';
import { newConversationOf } from '#server/chat/repository';
import { measureInTurn, type Measured } from './load';
import type { Marketplace } from './marketplace';

export const CHAT_CONVERSATIONS = 1000;
export const CHAT_CONNECTIONS = 16;
export const CHAT_BUYER = { email: 'bench.chat.buyer@example.test', password: 'bench chat password' };

/**
 * The people the send is measured with, one a connection: each a buyer of their own with one
 * conversation. Sent by one person from 16 connections, every message's check of its sender took a
 * share lock on the same `users` row from up to 16 transactions at once (on PostgreSQL, a multixact
 * for each), a cost no person writing alone meets.
 */
export const CHAT_WRITERS = Array.from({ length: CHAT_CONNECTIONS }, (_, n) => ({
  email: `bench.chat.writer.${n}@example.test`,
  password: CHAT_BUYER.password,
}));

const MESSAGE = 'Is the price negotiable?';

/**
 * The buyer and their conversations, about the first unsold listings, one message each; then the
 * writers, each with one conversation about the first unsold listing of a seller of their own.
 */
export async function generateChat(db: Kysely<Database>): Promise<void> {
  const now = Date.now();
  const passwordHash = await hashPassword(CHAT_BUYER.password);
  const buyerId = await insertBuyer(db, CHAT_BUYER.email, 'Bench Buyer', passwordHash, now);
  const products = await unsoldProducts(db).limit(CHAT_CONVERSATIONS).execute();
  for (const [index, product] of products.entries()) {
    await insertConversation(db, buyerId, product, now - (products.length - index) * 60_000, `bench-${index}`);
  }
  const ofOwnSellers = await unsoldProducts(db)
    .where(({ eb, selectFrom }) =>
      eb(
        'id',
        'in',
        selectFrom('products')
          .select((s) => s.fn.min('id').as('id'))
          .where('is_sold', '=', false)
          .groupBy('seller_id'),
      ),
    )
    .limit(CHAT_WRITERS.length)
    .execute();
  if (ofOwnSellers.length < CHAT_WRITERS.length)
    throw new Error(`the chat's writers need ${CHAT_WRITERS.length} sellers`);
  for (const [index, writer] of CHAT_WRITERS.entries()) {
    const writerId = await insertBuyer(db, writer.email, `Bench Writer ${index}`, passwordHash, now);
    await insertConversation(db, writerId, ofOwnSellers[index]!, now - 60_000, `bench-writer-${index}`);
  }
}

const unsoldProducts = (db: Kysely<Database>) =>
  db
    .selectFrom('products')
    .select(['id', 'seller_id', 'product_name', 'image_id', 'resale_price'])
    .where('is_sold', '=', false);

/** A buyer of a month's standing, so no new account's limit applies to them. */
async function insertBuyer(
  db: Kysely<Database>,
  email: string,
  name: string,
  passwordHash: string,
  now: number,
): Promise<string> {
  const id = newId(now);
  await db
    .insertInto('users')
    .values({
      id,
      email,
      password_hash: passwordHash,
      name,
      photo_url: 'https://example.test/bench.png',
      role: 'buyer',
      is_email_verified: true,
      google_sub: null,
      created_at: new Date(now - 30 * 86_400_000).toISOString(),
    })
    .execute();
  return id;
}

/** A conversation about `product` with the buyer's one message, sent at `atMs`. */
async function insertConversation(
  db: Kysely<Database>,
  buyerId: string,
  product: Parameters<typeof newConversationOf>[0],
  atMs: number,
  clientId: string,
): Promise<void> {
  const at = new Date(atMs).toISOString();
  const id = newId(atMs);
  await db
    .insertInto('conversations')
    .values({
      id,
      ...newConversationOf(product, buyerId),
      created_at: at,
      updated_at: at,
      last_message_at: at,
      last_message_text: MESSAGE,
      last_sender_id: buyerId,
      buyer_read_at: at,
    })
    .execute();
  await db
    .insertInto('chat_messages')
    .values({
      id: newId(atMs),
      conversation_id: id,
      sender_id: buyerId,
      client_id: clientId,
      kind: 'text',
      body: MESSAGE,
      created_at: at,
    })
    .execute();
}

export interface ChatResult {
  inbox: Measured;
  send: Measured;
}

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

/** Signs a bench person in: their session cookie, which the same-origin header lets write. */
async function signIn(origin: string, person: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...SAME_ORIGIN },
    body: JSON.stringify(person),
  });
  if (!response.ok) throw new Error(`${person.email} could not sign in: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
}

/** The newest conversations of a signed-in buyer's inbox (its first page). */
async function inboxOf(inboxUrl: string, cookie: string): Promise<Array<{ _id: string }>> {
  const response = await fetch(inboxUrl, { headers: { cookie, ...SAME_ORIGIN } });
  if (!response.ok) throw new Error(`a bench inbox answered ${response.status}`);
  return (await response.json()) as Array<{ _id: string }>;
}

/**
 * The inbox's first page (the buyer's) and a message sent (each writer into their own
 * conversation, signed in as themself), each measured `rounds` times in turn; the median kept.
 * The marketplace's CPU readings (its server processes', PostgreSQL's backends') give each call's
 * CPU per answer.
 */
export async function measureChat(
  app: Pick<Marketplace, 'origin' | 'cpuSeconds' | 'databaseCpuSeconds'>,
  seconds: number,
  rounds: number,
): Promise<ChatResult> {
  const { origin, cpuSeconds, databaseCpuSeconds } = app;
  const inboxUrl = `${origin}/api/conversations/inbox/buying`;
  const buyerCookie = await signIn(origin, CHAT_BUYER);
  if ((await inboxOf(inboxUrl, buyerCookie)).length === 0) throw new Error("the bench buyer's inbox is empty");
  const writerCookies = await Promise.all(CHAT_WRITERS.map((writer) => signIn(origin, writer)));
  const sendUrls = await Promise.all(
    writerCookies.map(async (cookie) => {
      const [own] = await inboxOf(inboxUrl, cookie);
      if (!own) throw new Error("a bench writer's inbox is empty");
      return `${origin}/api/conversations/${own._id}/messages`;
    }),
  );
  const [inbox] = await measureInTurn([inboxUrl], CHAT_CONNECTIONS, seconds, rounds, {
    headers: { cookie: buyerCookie, ...SAME_ORIGIN },
    cpuSeconds,
    databaseCpuSeconds,
  });
  const [send] = await measureInTurn([sendUrls], CHAT_CONNECTIONS, seconds, rounds, {
    cpuSeconds,
    databaseCpuSeconds,
    headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
    cookies: writerCookies,
    method: 'POST',
    bodyTemplate: JSON.stringify({ clientId: 'bench-{n}', text: 'Still there? ({n})' }),
  });
  return { inbox: inbox!, send: send! };
}

/** Prints the table; answers whether both p99 figures are under 50 ms with every answer 2xx. */
export function reportChat(engine: string, result: ChatResult): boolean {
  console.log(`\n${engine}, chat, signed in (${CHAT_CONNECTIONS} connections, median of the same rounds)`);
  console.log(
    `${'call'.padEnd(40)}${'p50'.padStart(8)}${'p99'.padStart(8)}${'req/s'.padStart(8)}` +
      `${'CPU ms/answer: server'.padStart(23)}${'database'.padStart(10)}${'generator'.padStart(11)}`,
  );
  const rows: Array<[string, Measured]> = [
    [`open the inbox (${CHAT_CONVERSATIONS} conversations)`, result.inbox],
    ['send a message (16 people)', result.send],
  ];
  let held = true;
  for (const [label, measured] of rows) {
    console.log(
      `${label.padEnd(40)}${String(measured.p50).padStart(8)}${String(measured.p99).padStart(8)}${measured.rps.toFixed(0).padStart(8)}` +
        `${(measured.cpuMs ?? 0).toFixed(2).padStart(23)}${(measured.databaseCpuMs ?? 0).toFixed(2).padStart(10)}` +
        `${(measured.generatorCpuMs ?? 0).toFixed(2).padStart(11)}`,
    );
    const ok = measured.p99 < 50 && measured.failures === 0;
    if (!ok) console.log(`  missed: ${label}: p99 < 50 ms with every answer 2xx (${measured.failures} failed)`);
    held &&= ok;
  }
  return held;
}
