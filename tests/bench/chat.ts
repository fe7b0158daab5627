/*
 * Chat in `npm run bench`: one buyer with CHAT_CONVERSATIONS conversations, one message each, about
 * the generated listings (generateChat, run by fill.ts), then, on the running marketplace, two
 * signed-in calls at 16 connections: opening the inbox (its first page, newest first) and sending
 * a message (every request a new message, with its own client id).
 *
 * Each connection sends into a conversation of its own (the inbox's 16 newest), as 16 people writing
 * at once in a market do: a conversation has two people typing, never 16. Sending all 16 into one
 * conversation measured a queue on that conversation's row instead, where each message waits for the
 * one before it to be written to disk (its commit), which no real conversation meets; docs/chat.md.
 */
import type { Kysely } from 'kysely';
import { hashPassword } from '#server/auth/passwords';
import { newId } from '#server/db/ids';
import type { Database } from '#server/db/schema';
import { measureInTurn, type Measured } from './load';
import type { Marketplace } from './marketplace';

export const CHAT_CONVERSATIONS = 1000;
export const CHAT_CONNECTIONS = 16;
export const CHAT_BUYER = { email: 'bench.chat.buyer@example.test', password: 'bench chat password' };

/** The buyer and their conversations, about the first unsold listings, one message each. */
export async function generateChat(db: Kysely<Database>): Promise<void> {
  const now = Date.now();
  const buyerId = newId(now);
  await db
    .insertInto('users')
    .values({
      id: buyerId,
      email: CHAT_BUYER.email,
      password_hash: await hashPassword(CHAT_BUYER.password),
      name: 'Bench Buyer',
      photo_url: 'https://example.test/bench.png',
      role: 'buyer',
      is_email_verified: true,
      google_sub: null,
      created_at: new Date(now - 30 * 86_400_000).toISOString(),
    })
    .execute();
  const products = await db
    .selectFrom('products')
    .select(['id', 'seller_id', 'product_name', 'image_id', 'resale_price'])
    .where('is_sold', '=', false)
    .limit(CHAT_CONVERSATIONS)
    .execute();
  for (const [index, product] of products.entries()) {
    const at = new Date(now - (products.length - index) * 60_000).toISOString();
    const id = newId(Date.parse(at));
    await db
      .insertInto('conversations')
      .values({
        id,
        product_id: product.id,
        buyer_id: buyerId,
        seller_id: product.seller_id,
        product_name: product.product_name,
        product_image_id: product.image_id,
        product_price: product.resale_price,
        created_at: at,
        updated_at: at,
        last_message_at: at,
        last_message_text: 'Is the price negotiable?',
        last_sender_id: buyerId,
        buyer_read_at: at,
      })
      .execute();
    await db
      .insertInto('chat_messages')
      .values({
        id: newId(Date.parse(at)),
        conversation_id: id,
        sender_id: buyerId,
        client_id: `bench-${index}`,
        kind: 'text',
        body: 'Is the price negotiable?',
        created_at: at,
      })
      .execute();
  }
}

export interface ChatResult {
  inbox: Measured;
  send: Measured;
}

/** Signs the bench buyer in: the session cookie, which the same-origin header lets write. */
async function signIn(origin: string): Promise<Record<string, string>> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify(CHAT_BUYER),
  });
  if (!response.ok) throw new Error(`the bench buyer could not sign in: ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
  return { cookie, 'sec-fetch-site': 'same-origin' };
}

/**
 * The inbox's first page and a message sent, each measured `rounds` times in turn; the median kept.
 * The marketplace's CPU readings (its server processes', PostgreSQL's backends') give each call's
 * CPU per answer.
 */
export async function measureChat(
  app: Pick<Marketplace, 'origin' | 'cpuSeconds' | 'databaseCpuSeconds'>,
  seconds: number,
  rounds: number,
): Promise<ChatResult> {
  const { origin, cpuSeconds, databaseCpuSeconds } = app;
  const headers = await signIn(origin);
  const inboxUrl = `${origin}/api/conversations/inbox/buying`;
  const first = await fetch(inboxUrl, { headers });
  const newest = ((await first.json()) as Array<{ _id: string }>).slice(0, CHAT_CONNECTIONS);
  if (!first.ok || newest.length < CHAT_CONNECTIONS)
    throw new Error(`the bench buyer's inbox answered ${first.status}`);
  const sendUrls = newest.map((conversation) => `${origin}/api/conversations/${conversation._id}/messages`);
  const [inbox] = await measureInTurn([inboxUrl], CHAT_CONNECTIONS, seconds, rounds, {
    headers,
    cpuSeconds,
    databaseCpuSeconds,
  });
  const [send] = await measureInTurn([sendUrls], CHAT_CONNECTIONS, seconds, rounds, {
    cpuSeconds,
    databaseCpuSeconds,
    headers: { ...headers, 'content-type': 'application/json' },
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
    ['send a message (16 conversations)', result.send],
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
