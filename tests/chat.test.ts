import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  blockedPersonSchema,
  chatMessageSchema,
  conversationDetailsSchema,
  conversationSchema,
  CONVERSATION_CLOSED,
  DELETED_ACCOUNT,
  type ChatMessage,
} from '#shared/chat';
import { buildApp } from '#server/app';
import { postgresChannel } from '#server/events/channel';
import { Bell } from '#server/notifications/bell';
import { registerActor, type Actor } from './support/actors';
import { openEventStream, type EventStream } from './support/event-stream';
import { useTestApp } from './support/harness';
import { listProduct, uploadPhoto } from './support/products';
import { bookPhone } from './support/deal';
import { removeUnusedUploads } from '#server/housekeeping';
import { readEnglishLines } from '#server/db/migrations/026-chat-lines';
import { timeLimit } from './support/time-limits';

const { t, seller, otherSeller, buyer, otherBuyer, admin } = useTestApp({
  seller: { role: 'seller', name: 'Sabbir Seller' },
  otherSeller: 'seller',
  buyer: { role: 'buyer', name: 'Bithi Buyer' },
  otherBuyer: 'buyer',
  admin: 'admin',
});

beforeAll(async () => {
  // Accounts of some days, past the new accounts' daily limit of conversations (tested on its own).
  await aged(buyer, otherBuyer);
});

async function aged(...actors: Actor[]) {
  const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString();
  await t.db
    .updateTable('users')
    .set({ created_at: twoDaysAgo })
    .where(
      'id',
      'in',
      actors.map((actor) => actor.user.uid),
    )
    .execute();
}

const start = (actor: Actor, productId: string) =>
  actor.request({ method: 'POST', url: '/api/conversations', payload: { productId } });

async function conversationAbout(productId: string, as = buyer): Promise<string> {
  const response = await start(as, productId);
  expect(response.statusCode).toBe(201);
  return response.json<{ _id: string }>()._id;
}

const send = (actor: Actor, id: string, text: string, clientId: string = randomUUID()) =>
  actor.request({ method: 'POST', url: `/api/conversations/${id}/messages`, payload: { clientId, text } });

async function messagesOf(actor: Actor, id: string, query = ''): Promise<ChatMessage[]> {
  const response = await actor.request({ method: 'GET', url: `/api/conversations/${id}/messages${query}` });
  expect(response.statusCode).toBe(200);
  return chatMessageSchema.array().parse(response.json());
}

const inbox = async (actor: Actor, side: 'buying' | 'selling', query = '') => {
  const response = await actor.request({ method: 'GET', url: `/api/conversations/inbox/${side}${query}` });
  expect(response.statusCode).toBe(200);
  return conversationSchema.array().parse(response.json());
};

describe('starting a conversation', () => {
  it('makes one conversation per phone and buyer, even when started twice at once', async () => {
    const productId = await listProduct(seller);
    const answers = await Promise.all(Array.from({ length: 6 }, () => start(buyer, productId)));
    const ids = new Set(answers.map((answer) => answer.json<{ _id: string }>()._id));
    expect(ids.size).toBe(1);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const count = await t.db
      .selectFrom('conversations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    // Another buyer gets a conversation of their own.
    expect((await start(otherBuyer, productId)).json<{ _id: string }>()._id).not.toBe([...ids][0]);
  });

  it('refuses an unknown phone, a hidden one, and takes no identity from the body', async () => {
    expect((await start(buyer, 'ffffffffffffffffffffffff')).statusCode).toBe(404);
    expect((await start(buyer, 'not-an-id')).json<{ message: string }>().message).toBeTruthy();
    const hidden = await listProduct(seller);
    expect((await seller.request({ method: 'PUT', url: `/api/hide/product/${hidden}` })).statusCode).toBe(200);
    const refused = await start(buyer, hidden);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe('This phone is not on sale right now');
    expect((await start(seller, await listProduct(seller))).statusCode).toBe(403);
    const productId = await listProduct(seller);
    const response = await buyer.request({
      method: 'POST',
      url: '/api/conversations',
      payload: { productId, buyerId: otherBuyer.user.uid, sellerId: otherSeller.user.uid },
    });
    expect(response.statusCode).toBe(201);
    const id = response.json<{ _id: string }>()._id;
    const row = await t.db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect([row.buyer_id, row.seller_id]).toEqual([buyer.user.uid, seller.user.uid]);
  });
});

describe('messages', () => {
  it('lets the buyer write first, then the seller answer; the seller cannot write first', async () => {
    const id = await conversationAbout(await listProduct(seller));
    const first = await send(seller, id, 'Hello, want this phone?');
    expect(first.statusCode).toBe(403);
    expect(first.json<{ message: string }>().message).toMatch(/buyer writes first/);
    expect((await send(buyer, id, '  Is the price negotiable?  ')).statusCode).toBe(201);
    expect((await send(seller, id, 'The price is fixed')).statusCode).toBe(201);
    const messages = await messagesOf(buyer, id);
    expect(messages.map((m) => [m.text, m.mine])).toEqual([
      ['The price is fixed', false],
      ['Is the price negotiable?', true],
    ]);
  });

  it('stores a message sent again with the same client id once', async () => {
    const id = await conversationAbout(await listProduct(seller));
    const clientId = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => send(buyer, id, 'Battery health?', clientId)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.json<ChatMessage>()._id)).size).toBe(1);
    expect(await messagesOf(buyer, id)).toHaveLength(1);
  });

  it('keeps text as text, at most 2,000 characters, and refuses an empty one with a message', async () => {
    const id = await conversationAbout(await listProduct(seller));
    const html = '<img src=x onerror=alert(1)> <b>bold</b>';
    expect((await send(buyer, id, html)).statusCode).toBe(201);
    expect((await messagesOf(seller, id))[0]!.text).toBe(html);
    const long = await send(buyer, id, 'x'.repeat(2001));
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toMatch(/2000 characters/);
    expect((await send(buyer, id, 'x'.repeat(2000))).statusCode).toBe(201);
    const empty = await send(buyer, id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toMatch(/Write a message/);
    const badId = await send(buyer, id, 'hello', 'no');
    expect(badId.statusCode).toBe(400);
  });

  it('sends up to 3 photos uploaded through /uploads, with or without words, and keeps them from housekeeping', async () => {
    const id = await conversationAbout(await listProduct(seller));
    const photos = [await uploadPhoto(buyer), await uploadPhoto(buyer)];
    const sent = await buyer.request({
      method: 'POST',
      url: `/api/conversations/${id}/messages`,
      payload: { clientId: randomUUID(), photos },
    });
    expect(sent.statusCode).toBe(201);
    const message = chatMessageSchema.parse(sent.json());
    expect(message.text).toBe('');
    expect(message.photos.map((photo) => photo.url)).toEqual(photos);
    const seen = await seller.request({ method: 'GET', url: `/api/conversations/${id}/messages` });
    expect(chatMessageSchema.array().parse(seen.json())[0]!.photos).toHaveLength(2);
    const inbox = await seller.request({ method: 'GET', url: '/api/conversations/inbox/selling?limit=100' });
    expect(
      conversationSchema
        .array()
        .parse(inbox.json())
        .find((row) => row._id === id),
    ).toMatchObject({ lastMessage: 'Sent 2 photos', lastLine: { kind: 'photos', params: { count: 2 } } });

    // Four are too many; another person's upload, or a picture from elsewhere, is refused.
    const four = [...photos, await uploadPhoto(buyer), await uploadPhoto(buyer)];
    const tooMany = await buyer.request({
      method: 'POST',
      url: `/api/conversations/${id}/messages`,
      payload: { clientId: randomUUID(), text: 'More', photos: four },
    });
    expect(tooMany.statusCode).toBe(400);
    const notMine = await buyer.request({
      method: 'POST',
      url: `/api/conversations/${id}/messages`,
      payload: { clientId: randomUUID(), text: 'Look', photos: [await uploadPhoto(seller)] },
    });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json()).toMatchObject({ fields: { photos: 'Send photos you uploaded here, each once' } });

    // Housekeeping keeps a picture a message shows, even a day later.
    const later = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    await removeUnusedUploads(t.app.deps, later);
    const kept = await t.db
      .selectFrom('chat_message_photos')
      .select('upload_id')
      .where('message_id', '=', message._id)
      .execute();
    const uploads = await t.db
      .selectFrom('uploads')
      .select('id')
      .where(
        'id',
        'in',
        kept.map((row) => row.upload_id),
      )
      .execute();
    expect(uploads).toHaveLength(2);
  });

  it('pages a conversation newest first by cursor', async () => {
    const id = await conversationAbout(await listProduct(seller));
    for (let i = 1; i <= 5; i++) expect((await send(buyer, id, `message ${i}`)).statusCode).toBe(201);
    const first = await buyer.request({ method: 'GET', url: `/api/conversations/${id}/messages?limit=2` });
    expect(first.headers['x-total-count']).toBe('5');
    const seen = first.json<ChatMessage[]>().map((m) => m.text);
    let next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1];
    while (next) {
      const page = await buyer.request({ method: 'GET', url: next });
      seen.push(...page.json<ChatMessage[]>().map((m) => m.text));
      next = /<([^>]+)>; rel="next"/.exec(String(page.headers.link ?? ''))?.[1];
    }
    expect(seen).toEqual(['message 5', 'message 4', 'message 3', 'message 2', 'message 1']);
  });

  it('lets only the two participants read or write', async () => {
    const id = await conversationAbout(await listProduct(seller));
    await send(buyer, id, 'Where can we meet?');
    for (const stranger of [otherBuyer, otherSeller, admin]) {
      expect((await stranger.request({ method: 'GET', url: `/api/conversations/${id}` })).statusCode).toBe(403);
      expect((await stranger.request({ method: 'GET', url: `/api/conversations/${id}/messages` })).statusCode).toBe(
        403,
      );
      expect((await send(stranger, id, 'hi')).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/conversations/${id}` })).statusCode).toBe(401);
    expect(
      (await buyer.request({ method: 'GET', url: '/api/conversations/ffffffffffffffffffffffff' })).statusCode,
    ).toBe(404);
  });

  it('does not drop the public cache', async () => {
    const id = await conversationAbout(await listProduct(seller));
    const before = t.app.publicCache.generation;
    await send(buyer, id, 'Is it still available?');
    await seller.request({ method: 'PUT', url: `/api/conversations/${id}/read` });
    await start(
      buyer,
      (await t.db.selectFrom('conversations').select('product_id').where('id', '=', id).executeTakeFirstOrThrow())
        .product_id!,
    );
    expect(t.app.publicCache.generation).toBe(before);
  });
});

describe('the inbox', () => {
  it('shows each side its conversations newest first, with the phone, the other person and unread marks', async () => {
    const seller2 = await registerActor(t.app, 'seller', { name: 'Inbox Seller' });
    const buyer2 = await registerActor(t.app, 'buyer', { name: 'Inbox Buyer' });
    await aged(buyer2);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await conversationAbout(await listProduct(seller2), buyer2));
    // An empty conversation is in no inbox.
    await send(buyer2, ids[0]!, 'first');
    await send(buyer2, ids[1]!, 'second');
    const selling = await inbox(seller2, 'selling');
    expect(selling.map((row) => [row._id, row.lastMessage, row.otherName, row.unread, row.status])).toEqual([
      [ids[1], 'second', 'Inbox Buyer', true, 'Available'],
      [ids[0], 'first', 'Inbox Buyer', true, 'Available'],
    ]);
    expect(await inbox(seller2, 'buying')).toEqual([]);
    const buying = await inbox(buyer2, 'buying');
    expect(buying.map((row) => [row.otherName, row.unread])).toEqual([
      ['Inbox Seller', false],
      ['Inbox Seller', false],
    ]);

    const read = await seller2.request({ method: 'PUT', url: `/api/conversations/${ids[0]}/read` });
    expect(read.json()).toMatchObject({ modifiedCount: 1 });
    expect((await inbox(seller2, 'selling')).map((row) => row.unread)).toEqual([true, false]);
    const seen = await buyer2.request({ method: 'GET', url: `/api/conversations/${ids[0]}` });
    expect(conversationSchema.parse(seen.json()).otherReadAt).not.toBeNull();

    const page = await seller2.request({ method: 'GET', url: '/api/conversations/inbox/selling?limit=1' });
    expect(page.headers['x-total-count']).toBe('2');
    const next = /<([^>]+)>; rel="next"/.exec(String(page.headers.link))![1]!;
    expect(next).toContain('after=');
    const after = await seller2.request({ method: 'GET', url: next });
    expect(after.headers['x-total-count']).toBe('2');
    expect(String(after.headers.link ?? '')).not.toContain('rel="next"');
    expect(
      conversationSchema
        .array()
        .parse(after.json())
        .map((row) => row._id),
    ).toEqual([ids[0]]);
    // Past the end no row carries the count: it is counted on its own.
    const past = await seller2.request({ method: 'GET', url: '/api/conversations/inbox/selling?limit=1&page=3' });
    expect([past.statusCode, past.json(), past.headers['x-total-count']]).toEqual([200, [], '2']);
  });

  it('goes out compressed in one piece, with its length, to a client that takes it', async () => {
    const id = await conversationAbout(await listProduct(seller));
    await send(buyer, id, 'Is the battery original, and has the screen been changed? '.repeat(30));
    const url = '/api/conversations/inbox/buying';
    const plain = await buyer.request({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const response = await buyer.request({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
      expect([response.headers['content-encoding'], response.headers.vary]).toEqual([encoding, 'accept-encoding']);
      // Compressed in one call, not streamed: the length is known.
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decode(response.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
  });

  it('rings the other side once per unread stretch', async () => {
    const id = await conversationAbout(await listProduct(seller));
    const unread = async () =>
      (await seller.request({ method: 'GET', url: '/api/notifications/unread' })).json<{ unread: number }>().unread;
    await seller.request({ method: 'PUT', url: '/api/notifications/read' });
    await send(buyer, id, 'one');
    await send(buyer, id, 'two');
    expect(await unread()).toBe(1);
    await seller.request({ method: 'PUT', url: `/api/conversations/${id}/read` });
    await send(buyer, id, 'three');
    expect(await unread()).toBe(2);
  });

  it('rings the other side once for messages sent at once into a conversation they had read', async () => {
    const id = await conversationAbout(await listProduct(seller));
    await seller.request({ method: 'PUT', url: '/api/notifications/read' });
    const sent = await Promise.all(['one', 'two', 'three', 'four', 'five', 'six'].map((text) => send(buyer, id, text)));
    expect(sent.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const unread = await seller.request({ method: 'GET', url: '/api/notifications/unread' });
    expect(unread.json<{ unread: number }>().unread).toBe(1);
  });

  it('mails the other side once per conversation when a message waits unread for 15 minutes, unless read first', async () => {
    const mailer = await registerActor(t.app, 'seller', { name: 'Mail Seller' });
    const waiting = (userId: string) =>
      t.db
        .selectFrom('mail_outbox')
        .select(['next_attempt_at', 'data'])
        .where('user_id', '=', userId)
        .where('state', '=', 'pending')
        .where('data', 'like', '%chat_message%')
        .execute();
    const id = await conversationAbout(await listProduct(mailer));
    const sentAt = Date.now();
    await send(buyer, id, 'Is it still available?');
    await send(buyer, id, 'And the box?');
    const queued = await waiting(mailer.user.uid);
    expect(queued).toHaveLength(1);
    expect(Date.parse(queued[0]!.next_attempt_at) - sentAt).toBeGreaterThanOrEqual(15 * 60_000 - 1000);
    expect(queued[0]!.data).toContain(`/dashboard/inbox/${id}`);
    // Opened within the 15 minutes: nothing is mailed.
    await mailer.request({ method: 'PUT', url: `/api/conversations/${id}/read` });
    expect(await waiting(mailer.user.uid)).toHaveLength(0);

    // Switched off in the mail settings: no mail at all.
    const off = await mailer.request({
      method: 'PUT',
      url: '/api/account/mail-settings',
      payload: { kinds: { chat_message: false } },
    });
    expect(off.statusCode).toBe(200);
    await send(buyer, id, 'Hello again?');
    expect(await waiting(mailer.user.uid)).toHaveLength(0);
  });

  it('shows a deleted account as "Deleted account" and keeps the other side\'s messages', async () => {
    const leaving = await registerActor(t.app, 'buyer', { name: 'Leaving Buyer' });
    const id = await conversationAbout(await listProduct(seller), leaving);
    await send(leaving, id, 'Can you do 48,000?');
    await send(seller, id, 'Yes, a little');
    expect((await admin.request({ method: 'DELETE', url: `/api/buyers/${leaving.user.uid}` })).statusCode).toBe(200);
    const view = conversationSchema.parse(
      (await seller.request({ method: 'GET', url: `/api/conversations/${id}` })).json(),
    );
    expect(view.otherName).toBe(DELETED_ACCOUNT);
    expect((await messagesOf(seller, id)).map((m) => [m.text, m.mine])).toEqual([
      ['Yes, a little', true],
      ['Can you do 48,000?', false],
    ]);
    const refused = await send(seller, id, 'Hello?');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/deleted/);
  });
});

describe('lines stored in English before migration 026', () => {
  it('reads them back as lines, and leaves typed text and unknown sentences as they are', async () => {
    const id = await conversationAbout(await listProduct(seller));
    const at = (minute: number) => `2026-01-01T10:0${minute}:00.000Z`;
    const old = (minute: number, kind: 'text' | 'system', body: string) => ({
      id: randomUUID(),
      conversation_id: id,
      sender_id: buyer.user.uid,
      client_id: `old-${randomUUID()}`,
      kind,
      body,
      line: null,
      created_at: at(minute),
    });
    const rows = [
      old(1, 'system', 'Bithi Buyer asked to book this phone and would meet at Farmgate.'),
      old(2, 'system', 'Bithi Buyer offered 45,000 Tk: cash today.'),
      old(3, 'system', 'Sabbir countered with 48,000 Tk.'),
      old(4, 'system', 'A buyer whose account is now deleted asked to book this phone.'),
      old(5, 'text', 'Bithi Buyer offered 45,000 Tk.'),
      old(6, 'system', 'Something nobody wrote.'),
    ];
    await t.db.insertInto('chat_messages').values(rows).execute();
    await t.db
      .updateTable('conversations')
      .set({ last_message_text: 'Sabbir countered with 48,000 Tk.', last_message_line: null })
      .where('id', '=', id)
      .execute();
    await readEnglishLines(t.db as never);
    const stored = await t.db
      .selectFrom('chat_messages')
      .select(['body', 'line'])
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('created_at')
      .execute();
    expect(stored.map((row) => [row.body, row.line && JSON.parse(row.line)])).toEqual([
      ['', { kind: 'bookingAsked', params: { buyer: 'Bithi Buyer', place: 'Farmgate' } }],
      ['', { kind: 'offerMadeWithNote', params: { name: 'Bithi Buyer', price: 45000, note: 'cash today.' } }],
      ['', { kind: 'offerCounter', params: { name: 'Sabbir', price: 48000 } }],
      ['', { kind: 'bookingAskedByDeleted', params: {} }],
      ['Bithi Buyer offered 45,000 Tk.', null],
      ['Something nobody wrote.', null],
    ]);
    const conversation = await t.db
      .selectFrom('conversations')
      .select(['last_message_text', 'last_message_line'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(conversation).toEqual({
      last_message_text: null,
      last_message_line: JSON.stringify({ kind: 'offerCounter', params: { name: 'Sabbir', price: 48000 } }),
    });
    // The API answers them in English, each price as the one formatter writes it.
    const texts = (await messagesOf(buyer, id)).map((m) => m.text);
    expect(texts).toContain('Bithi Buyer offered 45000Tk: cash today.');
    expect(texts).toContain('Sabbir countered with 48000Tk.');
  });
});

describe('a booking request', () => {
  it('opens the conversation with a line of its own, which the seller can answer', async () => {
    const productId = await listProduct(seller);
    await bookPhone(buyer, productId, 'Dhanmondi 27');
    const row = (await inbox(seller, 'selling')).find((conversation) => conversation.productId === productId)!;
    expect(row.unread).toBe(true);
    const lines = await messagesOf(seller, row._id);
    expect(lines.map((m) => [m.kind, m.text])).toEqual([
      ['system', 'Bithi Buyer asked to book this phone and would meet at Dhanmondi 27.'],
    ]);
    // Stored as a kind and its values, which each reader's page words in their language.
    const asked = { kind: 'bookingAsked', params: { buyer: 'Bithi Buyer', place: 'Dhanmondi 27' } };
    expect(lines[0]!.line).toEqual(asked);
    expect(row).toMatchObject({ lastMessage: lines[0]!.text, lastLine: asked });
    const stored = await t.db
      .selectFrom('chat_messages')
      .select(['body', 'line'])
      .where('id', '=', lines[0]!._id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ body: '', line: JSON.stringify(asked) });
    expect((await send(seller, row._id, 'I can meet at 5 pm')).statusCode).toBe(201);
    const answered = (await inbox(seller, 'selling')).find((conversation) => conversation.productId === productId)!;
    expect(answered).toMatchObject({ lastMessage: 'I can meet at 5 pm', lastLine: null });
    // The buyer's own start of the conversation finds the same one.
    expect((await start(buyer, productId)).json<{ _id: string }>()._id).toBe(row._id);
  });
});

describe('safety before a booking is accepted', () => {
  it('refuses an email address or a link with a sentence why, and lets PhoneHaat links through', async () => {
    const id = await conversationAbout(await listProduct(seller));
    for (const text of ['write to rahim@gmail.com', 'pay at https://bkash-verify.example/pay', 'see fakeshop.xyz/p']) {
      const refused = await send(buyer, id, text);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toMatch(/cannot be sent before the seller accepts a booking/);
    }
    expect((await send(buyer, id, 'is this yours? http://127.0.0.1/productId/abc')).statusCode).toBe(201);
    expect(await messagesOf(seller, id)).toHaveLength(1);
  });

  it('warns about a mobile number in either digit system and sends it only when confirmed', async () => {
    const id = await conversationAbout(await listProduct(seller));
    for (const text of ['call me 017 1234 5678', 'call +880 1812.345678', 'ফোন ০১৭১২৩৪৫৬৭৮']) {
      const warned = await send(buyer, id, text);
      expect(warned.statusCode).toBe(409);
      expect(warned.json()).toMatchObject({
        code: 'CONFIRM_NEEDED',
        message: expect.stringContaining('Sharing numbers early is how most scams start'),
      });
    }
    expect(await messagesOf(seller, id)).toHaveLength(0);
    const clientId = randomUUID();
    const confirmed = await buyer.request({
      method: 'POST',
      url: `/api/conversations/${id}/messages`,
      payload: { clientId, text: 'ফোন ০১৭১২৩৪৫৬৭৮', confirmNumber: true },
    });
    expect(confirmed.statusCode).toBe(201);
  });

  it("lets both share anything once the booking is accepted, and shows each the other's number", async () => {
    const productId = await listProduct(seller);
    const id = await conversationAbout(productId);
    const booked = await buyer.request({
      method: 'POST',
      url: '/api/store/booking/product',
      payload: { productId, phoneNumber: '01711223344', meetLocation: 'Mirpur 10' },
    });
    const before = conversationDetailsSchema.parse(
      (await buyer.request({ method: 'GET', url: `/api/conversations/${id}` })).json(),
    );
    expect(before.phones).toBeNull();
    await seller.request({
      method: 'PUT',
      url: `/api/bookings/${booked.json<{ insertedId: string }>().insertedId}/accept`,
    });
    expect((await send(buyer, id, 'my email is bithi@example.com, call 01711223344')).statusCode).toBe(201);
    const after = conversationDetailsSchema.parse(
      (await seller.request({ method: 'GET', url: `/api/conversations/${id}` })).json(),
    );
    expect(after.phones?.buyer).toBe('01711223344');
    expect(after.phones?.seller).toBeTruthy();
    expect(after.status).toBe('Reserved');
    expect(after.booking?.status).toBe('accepted');
  });
});

describe('blocking', () => {
  for (const blocker of ['buyer', 'seller'] as const) {
    it(`stops messages and bookings both ways when the ${blocker} blocks`, async () => {
      const theSeller = await registerActor(t.app, 'seller', { name: 'Blocking Seller' });
      const theBuyer = await registerActor(t.app, 'buyer', { name: 'Blocking Buyer' });
      const productId = await listProduct(theSeller);
      const id = await conversationAbout(productId, theBuyer);
      await send(theBuyer, id, 'Hello');
      const [me, them] = blocker === 'buyer' ? [theBuyer, theSeller] : [theSeller, theBuyer];
      const blocked = await me.request({ method: 'PUT', url: `/api/conversations/${id}/block` });
      expect(blocked.json()).toMatchObject({ modifiedCount: 1 });
      for (const actor of [me, them]) {
        const refused = await send(actor, id, 'still there?');
        expect(refused.statusCode).toBe(403);
        expect(refused.json<{ message: string }>().message).toBe(CONVERSATION_CLOSED);
      }
      const booking = await theBuyer.request({
        method: 'POST',
        url: '/api/store/booking/product',
        payload: { productId, phoneNumber: '01711223344', meetLocation: 'Mirpur 10' },
      });
      expect(booking.statusCode).toBe(403);
      expect((await start(theBuyer, await listProduct(theSeller))).statusCode).toBe(403);
      const theirView = conversationDetailsSchema.parse(
        (await them.request({ method: 'GET', url: `/api/conversations/${id}` })).json(),
      );
      expect([theirView.closed, theirView.blockedByMe]).toEqual([true, false]);

      const list = await me.request({ method: 'GET', url: '/api/account/blocked' });
      expect(
        blockedPersonSchema
          .array()
          .parse(list.json())
          .map((person) => [person._id, person.sellerEmail]),
      ).toEqual([[them.user.uid, blocker === 'buyer' ? theSeller.email : null]]);
      expect((await them.request({ method: 'DELETE', url: `/api/account/blocked/${me.user.uid}` })).statusCode).toBe(
        404,
      );
      expect((await me.request({ method: 'DELETE', url: `/api/account/blocked/${them.user.uid}` })).statusCode).toBe(
        200,
      );
      expect((await send(them, id, 'back again')).statusCode).toBe(201);
    });
  }
});

describe('spam limits', () => {
  /** Starts 5 conversations as `who`, and answers the refusal of the sixth. */
  async function sixthRefusal(who: Actor, theSeller: Actor): Promise<string> {
    for (let i = 0; i < 5; i++) expect((await start(who, await listProduct(theSeller))).statusCode).toBe(201);
    const sixth = await start(who, await listProduct(theSeller));
    expect(sixth.statusCode).toBe(429);
    return sixth.json<{ message: string }>().message;
  }

  it('lets a new account with an unverified email start 5 conversations a day', async () => {
    const fresh = await registerActor(t.app, 'buyer', { verifyEmail: false });
    const theSeller = await registerActor(t.app, 'seller');
    expect(await sixthRefusal(fresh, theSeller)).toBe(
      'New accounts start at most 5 conversations a day. Verify your email address, and write again tomorrow.',
    );
    // Others still reach that seller.
    expect((await start(otherBuyer, await listProduct(theSeller))).statusCode).toBe(201);
  });

  // The refusal names only what lifts the limit: verifying does nothing for a verified account.
  it('tells a verified account less than a day old to write again tomorrow', async () => {
    const fresh = await registerActor(t.app, 'buyer');
    expect(await sixthRefusal(fresh, await registerActor(t.app, 'seller'))).toBe(
      'Accounts less than a day old start at most 5 conversations a day. Please write again tomorrow.',
    );
  });

  it('tells an older account with an unverified email to verify it', async () => {
    const unverified = await registerActor(t.app, 'buyer', { verifyEmail: false });
    await aged(unverified);
    expect(await sixthRefusal(unverified, await registerActor(t.app, 'seller'))).toBe(
      'Accounts with an unverified email address start at most 5 conversations a day. Verify your email address to start more.',
    );
  });

  it("counts the new accounts' limit in the database: 7 conversations started at once make 5", async () => {
    const fresh = await registerActor(t.app, 'buyer', { verifyEmail: false });
    const theSeller = await registerActor(t.app, 'seller');
    const products = [];
    for (let i = 0; i < 7; i++) products.push(await listProduct(theSeller));
    const answers = await Promise.all(products.map((productId) => start(fresh, productId)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(2);
  });

  it('holds the same text sent to more than 3 conversations within 10 minutes', async () => {
    const spammer = await registerActor(t.app, 'buyer');
    await aged(spammer);
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await conversationAbout(await listProduct(seller), spammer));
    for (const id of ids.slice(0, 3)) expect((await send(spammer, id, 'Cheap phones, DM me')).statusCode).toBe(201);
    const held = await send(spammer, ids[3]!, 'Cheap phones, DM me');
    expect(held.statusCode).toBe(429);
    expect(held.json<{ message: string }>().message).toMatch(/held/);
    expect((await send(spammer, ids[3]!, 'Is this one still available?')).statusCode).toBe(201);
  });

  it('holds the same text sent to 6 conversations at once after the third', async () => {
    const spammer = await registerActor(t.app, 'buyer');
    await aged(spammer);
    // A seller of its own: the file's seller has listed its minute's worth of photos by now.
    const theSeller = await registerActor(t.app, 'seller');
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await conversationAbout(await listProduct(theSeller), spammer));
    const answers = await Promise.all(ids.map((id) => send(spammer, id, 'Cheapest phones in Dhaka, call now')));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 201, 429, 429, 429]);
    // A held message was written before it was counted: its transaction took it back, last line and all.
    const held = ids.filter((_, index) => answers[index]!.statusCode === 429);
    for (const id of held) expect(await messagesOf(spammer, id)).toEqual([]);
    const listed = new Set((await inbox(spammer, 'buying')).map((conversation) => conversation._id));
    expect(held.filter((id) => listed.has(id))).toEqual([]);
  });

  it('compares whole texts: a long one repeated is held, one that differs only at its end is not', async () => {
    const spammer = await registerActor(t.app, 'buyer');
    await aged(spammer);
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await conversationAbout(await listProduct(seller), spammer));
    // The longest message, in Bengali: longer than a PostgreSQL index entry may be, and than the index's prefix.
    const long = 'দাম কত কম হবে? '.repeat(200).slice(0, 1999);
    for (const id of ids.slice(0, 3)) expect((await send(spammer, id, `${long}১`)).statusCode).toBe(201);
    expect((await send(spammer, ids[3]!, `${long}২`)).statusCode).toBe(201);
    expect((await send(spammer, ids[3]!, `${long}১`)).statusCode).toBe(429);
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.runIf(postgresUrl)('two server processes on one PostgreSQL', () => {
  it("a message sent through one reaches the other side's open page on the other, through LISTEN/NOTIFY", async () => {
    const channel = `phonehaat_bell_chat_${process.pid}`;
    // A heartbeat would read the chat state too: far off, only the channel can bring the message in time.
    const [a, b] = await Promise.all(
      [0, 1].map(() =>
        buildApp(
          { ...t.app.deps, bell: new Bell(postgresChannel(postgresUrl!, channel)) },
          { notificationHeartbeatMs: 10 * 60_000 },
        ),
      ),
    );
    await Promise.all([a!.ready(), b!.listen({ port: 0, host: '127.0.0.1' })]);
    let stream: EventStream | undefined;
    try {
      const [sellerOnA, buyerOnA] = await Promise.all([registerActor(a!, 'seller'), registerActor(a!, 'buyer')]);
      const id = await conversationAbout(await listProduct(sellerOnA), buyerOnA);
      stream = await openEventStream(b!, sellerOnA.cookie);
      const unread = () =>
        stream!.data('chat').map((data) => (JSON.parse(data) as { conversations: number }).conversations);
      await expect.poll(unread).toEqual([0]);

      expect((await send(buyerOnA, id, 'Is the battery original?')).statusCode).toBe(201);

      await expect.poll(unread, { timeout: timeLimit(5_000) }).toEqual([0, 1]);
    } finally {
      stream?.close();
      await Promise.all([a!.close(), b!.close()]);
    }
  });
});
