import { createHash } from 'node:crypto';
import {
  expressionBuilder,
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type QueryCreator,
} from 'kysely';
import { DELETED_ACCOUNT, type ChatMessage, type ChatSide, type Conversation, type PhoneStatus } from '#shared/chat';
import type { KeysetPageQuery, ListCursor } from '#shared/common';
import type { ChatLine } from '#shared/chat-lines';
import { paths } from '#shared/paths';
import { changedRows } from '#server/db/changes';
import type { Engine } from '#server/db/connection';
import { byId, newId } from '#server/db/ids';
import { compiledOnce } from '#server/db/compiled';
import { countedPage, pageOfCounted, readPage, readPageAfter } from '#server/db/paging';
import type { ChatMessageRow, ConversationRow, Database, ProductRow } from '#server/db/schema';
import { insertNew, rowById, rowByKey } from '#server/db/keys';
import { imageFileName, thumbFileName } from '#server/uploads/names';
import { photoIdsOf } from '#server/uploads/repository';
import type { ImageStore } from '#server/uploads/store';
import { englishOf } from './lines';

export const findConversation = rowById('conversations');

export const findConversationOf = (db: Kysely<Database>, productId: string, buyerId: string) =>
  rowByKey(db, 'conversations', { product_id: productId, buyer_id: buyerId });

export type NewConversation = Pick<
  ConversationRow,
  'product_id' | 'buyer_id' | 'seller_id' | 'product_name' | 'product_image_id' | 'product_price'
>;

/** A new conversation of `buyerId` about `product`, with the copy of the phone it keeps if the listing goes. */
export const newConversationOf = (
  product: Pick<ProductRow, 'id' | 'seller_id' | 'product_name' | 'image_id' | 'resale_price'>,
  buyerId: string,
): NewConversation => ({
  product_id: product.id,
  buyer_id: buyerId,
  seller_id: product.seller_id,
  product_name: product.product_name,
  product_image_id: product.image_id,
  product_price: product.resale_price,
});

export const insertConversation = (db: Kysely<Database>, values: NewConversation, now: string): Promise<string> =>
  insertNew(db, 'conversations', { ...values, created_at: now, updated_at: now });

/** The caller's side in a conversation, or undefined when they are not one of its two people. */
export function sideOf(conversation: Pick<ConversationRow, 'buyer_id' | 'seller_id'>, userId: string) {
  if (conversation.buyer_id === userId) return 'buying' as const;
  if (conversation.seller_id === userId) return 'selling' as const;
  return undefined;
}

const otherColumn = (side: ChatSide) => (side === 'buying' ? 'c.seller_id' : 'c.buyer_id');

/** Conversations with the phone as it is now and the other person, for one side. */
const withDetails = (db: Kysely<Database>, side: ChatSide) =>
  db
    .selectFrom('conversations as c')
    .leftJoin('products as p', 'p.id', 'c.product_id')
    .leftJoin('users as o', 'o.id', otherColumn(side))
    .selectAll('c')
    .select((eb) => [
      'p.image_id',
      'p.product_name as live_name',
      'p.resale_price',
      'p.is_sold',
      'p.is_hidden',
      'o.name as other_name',
      // Served by bookings_one_accepted.
      eb
        .exists(
          eb
            .selectFrom('bookings as b')
            .select('b.id')
            .whereRef('b.product_id', '=', 'c.product_id')
            .where('b.status', '=', 'accepted'),
        )
        .as('is_reserved'),
    ]);

type DetailsRow = ConversationRow & {
  image_id: string | null;
  live_name: string | null;
  resale_price: number | null;
  is_sold: boolean | null;
  is_hidden: boolean | null;
  other_name: string | null;
  is_reserved: unknown;
};

function statusOf(row: DetailsRow): PhoneStatus {
  if (row.image_id === null) return 'Removed';
  if (row.is_sold) return 'Sold';
  if (row.is_hidden) return 'Hidden';
  // SQLite answers exists() as 0 or 1.
  return row.is_reserved === true || Number(row.is_reserved) === 1 ? 'Reserved' : 'Available';
}

function toConversation(row: DetailsRow, side: ChatSide, images: ImageStore): Conversation {
  const [mine, theirs] =
    side === 'buying' ? [row.buyer_read_at, row.seller_read_at] : [row.seller_read_at, row.buyer_read_at];
  const me = side === 'buying' ? row.buyer_id : row.seller_id;
  return {
    _id: row.id,
    productId: row.product_id,
    productName: row.live_name ?? row.product_name,
    productImg: images.urlOf(imageFileName(row.image_id ?? row.product_image_id)),
    price: row.resale_price ?? row.product_price,
    status: statusOf(row),
    side,
    otherName: row.other_name ?? DELETED_ACCOUNT,
    ...lastMessageOf(row),
    lastMessageAt: row.last_message_at,
    unread: isUnread(row.last_message_at, row.last_sender_id, me, mine),
    otherReadAt: theirs,
  };
}

function lastMessageOf(row: ConversationRow): Pick<Conversation, 'lastMessage' | 'lastLine'> {
  if (row.last_message_line === null) return { lastMessage: row.last_message_text, lastLine: null };
  const { text, line } = englishOf(row.last_message_line, row.last_message_text ?? '');
  return { lastMessage: text, lastLine: line };
}

const isUnread = (lastAt: string | null, lastSender: string | null, me: string | null, readAt: string | null) =>
  lastAt !== null && lastSender !== me && (readAt === null || lastAt > readAt);

/** One conversation as `side` sees it. */
export async function conversationFor(
  db: Kysely<Database>,
  images: ImageStore,
  id: string,
  side: ChatSide,
): Promise<Conversation | undefined> {
  const row = await withDetails(db, side).where('c.id', '=', id).executeTakeFirst();
  return row && toConversation(row as DetailsRow, side, images);
}

/**
 * A side's inbox, newest message first (served by conversations_buyer_last and
 * conversations_seller_last; a conversation shows once it has a message), and its statements,
 * compiled once as the inbox is read on every visit and every live change: the first page, the page
 * after a cursor, and a numbered page further on. Each reads its page and the total at once; the
 * total is the count kept for the person's side (chat_inbox_counts, migration 032, whose triggers
 * count the same conversations as these pages list), not a count of all their conversations.
 *
 * The first page and the page after a cursor are written with their row count (and the first page's
 * offset, 0) in the statement, one statement per page size (at most 100, the lists' limit; pages ask
 * for 20): PostgreSQL keeps a prepared statement's generic plan only when its estimate costs no more
 * than the plans made for the values, and a generic LIMIT, guessed at a tenth of the rows, never
 * does, so the page was planned again on every request (0.6–1.2 ms of the backend's CPU, against
 * 0.2 ms to read it). A numbered page further on keeps its values as parameters.
 */
function inboxOf(side: ChatSide) {
  const column = side === 'buying' ? 'buyer_id' : 'seller_id';
  const total = (db: Kysely<Database>, userId: string) =>
    db.selectFrom('chat_inbox_counts').select('count').where('user_id', '=', userId).where('side', '=', side);
  const rows = (db: Kysely<Database>, userId: string) =>
    withDetails(db, side)
      .where(`c.${column}`, '=', unseenByThePlanner(userId))
      .where('c.last_message_at', 'is not', null)
      .orderBy('c.last_message_at', 'desc')
      .orderBy('c.id', 'desc');
  const first = perPageSize((read) =>
    compiledOnce((db, v: { userId: string }) =>
      countedPage(rows(db, v.userId), total(db, v.userId), sql.lit(read), sql.lit(0)),
    ),
  );
  const after = perPageSize((read) =>
    compiledOnce((db, v: { userId: string; postedAt: string; id: string }) =>
      countedPage(
        rows(db, v.userId).where(({ eb, refTuple, tuple }) =>
          eb(refTuple('c.last_message_at', 'c.id'), '<', tuple(v.postedAt, v.id)),
        ),
        total(db, v.userId),
        sql.lit(read),
        sql.lit(0),
      ),
    ),
  );
  return {
    total: async (db: Kysely<Database>, userId: string) =>
      Number((await total(db, userId).executeTakeFirst())?.count ?? 0),
    first,
    after,
    numbered: compiledOnce((db, v: { userId: string; read: number; offset: number }) =>
      countedPage(rows(db, v.userId), total(db, v.userId), v.read, v.offset),
    ),
  };
}

/**
 * A person's id as the inbox's rows are chosen by, out of the planner's sight: a subquery's value is
 * known only when the statement runs, so the plans PostgreSQL makes for the values estimate the
 * person's rows as its generic plan does, from the number of people (not from how many conversations
 * this one has), cost the same, and the generic plan is kept after the first five runs. Compared
 * with the id itself, a person with many conversations in a table of many people (a live store; the
 * benchmark's buyer with 1,000 of 1,016) was estimated at their own count in the plans for the
 * values, which made the first 21 rows look cheaper than in the generic plan (which guesses the
 * table's rows over its people: 60), and every visit was planned again: 0.3 ms of the backend's CPU
 * against 0.1 ms to read the page (docs/chat.md, "The inbox's plan"). Both plans read the same
 * index, conversations_buyer_last or conversations_seller_last; SQLite reads it the same way.
 */
const unseenByThePlanner = (userId: string) => sql<string>`(select ${userId})`;

/** A statement for each page size, made when first asked for. */
function perPageSize<T>(make: (read: number) => T): (read: number) => T {
  const made = new Map<number, T>();
  return (read) => {
    let statement = made.get(read);
    if (statement === undefined) made.set(read, (statement = make(read)));
    return statement;
  };
}

const INBOXES = { buying: inboxOf('buying'), selling: inboxOf('selling') };

/** One page of a side's inbox, newest message first. */
export async function listConversations(
  db: Kysely<Database>,
  images: ImageStore,
  userId: string,
  side: ChatSide,
  page: KeysetPageQuery,
) {
  const inbox = INBOXES[side];
  const read = page.limit + 1;
  const offset = (page.page - 1) * page.limit;
  const found = page.after
    ? await inbox.after(read)(db, { userId, postedAt: page.after.postedAt, id: page.after.id })
    : offset === 0
      ? await inbox.first(read)(db, { userId })
      : await inbox.numbered(db, { userId, read, offset });
  const { rows, ...rest } = await pageOfCounted(found, page.limit, () => inbox.total(db, userId));
  return { ...rest, items: rows.map((row) => toConversation(row as DetailsRow, side, images)) };
}

export const cursorOfConversation = (conversation: Conversation): ListCursor => ({
  postedAt: conversation.lastMessageAt ?? '',
  id: conversation._id,
});

export const findMessageByClientId = (db: Kysely<Database>, conversationId: string, clientId: string) =>
  rowByKey(db, 'chat_messages', { conversation_id: conversationId, client_id: clientId });

export type MessagePhoto = ChatMessage['photos'][number];

export const toChatMessage = (row: ChatMessageRow, userId: string, photos: MessagePhoto[] = []): ChatMessage => ({
  _id: row.id,
  clientId: row.client_id,
  kind: row.kind,
  ...englishOf(row.line, row.body),
  photos,
  sentAt: row.created_at,
  mine: row.sender_id === userId,
});

/** A typed message has a `body`; a line PhoneHaat writes has a `line` and an empty body. */
export type NewChatMessage = Pick<ChatMessageRow, 'conversation_id' | 'sender_id' | 'client_id' | 'kind' | 'body'> & {
  line?: ChatLine;
};

/**
 * Stores a message and makes it the conversation's last; its sender has read everything up to it.
 * Answers the stored row.
 */
export async function insertMessage(
  db: Kysely<Database>,
  message: NewChatMessage,
  senderSide: ChatSide,
  now: string,
): Promise<ChatMessageRow> {
  const row = storedRow(message, now);
  const statements = SENDING[senderSide];
  await statements.insert(db, messageValuesOf(row));
  await statements.update(db, lastLineValuesOf(row, senderSide));
  return row;
}

/** A message as stored: a line PhoneHaat writes is kept as its kind and values. */
const storedRow = ({ line, ...typed }: NewChatMessage, now: string): ChatMessageRow => ({
  ...typed,
  line: line ? JSON.stringify(line) : null,
  id: newId(),
  created_at: now,
});

/** The conversation's columns a message changes: its last line, and its sender has read up to it. */
const lastLineOf = (message: ChatMessageRow, senderSide: ChatSide, photoCount = 0) => {
  // The inbox words a line, and a message of photos only, in its reader's language.
  const line = message.line ?? (message.body ? null : JSON.stringify(photosLine(photoCount)));
  return {
    last_message_at: message.created_at,
    last_message_text: line ? null : message.body,
    last_message_line: line,
    last_sender_id: message.sender_id,
    updated_at: message.created_at,
    [senderSide === 'buying' ? 'buyer_read_at' : 'seller_read_at']: message.created_at,
  };
};

/** A conversation's last line and when each side read it. */
export type LastLine = Pick<ConversationRow, 'last_message_at' | 'last_sender_id' | 'buyer_read_at' | 'seller_read_at'>;

const LAST_LINE = ['last_message_at', 'last_sender_id', 'buyer_read_at', 'seller_read_at'] as const;

/** The values of the conversation's columns a sent message changes (lastLineOf's, by name). */
// A type, not an interface: compiledOnce's values are a record, which an interface is not to TypeScript.
type LastLineValues = {
  id: string;
  at: string;
  text: string | null;
  line: string | null;
  senderId: string | null;
};

/** The values of a message's row as stored. */
type MessageValues = {
  messageId: string;
  conversationId: string;
  senderId: string | null;
  clientId: string;
  kind: ChatMessageRow['kind'];
  body: string;
  /** Not `line`: the send's statement on PostgreSQL takes these with the conversation's LastLineValues. */
  messageLine: string | null;
  at: string;
};

const messageValuesOf = (row: ChatMessageRow): MessageValues => ({
  messageId: row.id,
  conversationId: row.conversation_id,
  senderId: row.sender_id,
  clientId: row.client_id,
  kind: row.kind,
  body: row.body,
  messageLine: row.line,
  at: row.created_at,
});

/** The values of the conversation's columns a message changes (lastLineOf's). */
function lastLineValuesOf(row: ChatMessageRow, senderSide: ChatSide, photoCount = 0): LastLineValues {
  const last = lastLineOf(row, senderSide, photoCount);
  return {
    id: row.conversation_id,
    at: row.created_at,
    text: last.last_message_text,
    line: last.last_message_line,
    senderId: row.sender_id,
  };
}

const insertRow = (db: QueryCreator<Database>, v: MessageValues) =>
  db.insertInto('chat_messages').values({
    id: v.messageId,
    conversation_id: v.conversationId,
    sender_id: v.senderId,
    client_id: v.clientId,
    kind: v.kind,
    body: v.body,
    line: v.messageLine,
    created_at: v.at,
  });

/** What a sent message's text is counted against: its sender's messages from `since` to `until` (sameTextCount). */
type SameTextValues = { conversationId: string; senderId: string | null; body: string; since: string; until: string };

/**
 * The statements of a message sent, for each side that sends, each compiled once (db/compiled.ts)
 * as every send runs them: on PostgreSQL one statement, on SQLite the same-text count, the message,
 * the line as it was, and the conversation's last line. A line PhoneHaat writes (insertMessage: every
 * booking request writes one) is the message and the last line, on either engine.
 */
const SENDING = { buying: sendingStatements('buying'), selling: sendingStatements('selling') };

function sendingStatements(side: ChatSide) {
  const set = (v: LastLineValues) => ({
    last_message_at: v.at,
    last_message_text: v.text,
    last_message_line: v.line,
    last_sender_id: v.senderId,
    updated_at: v.at,
    [side === 'buying' ? 'buyer_read_at' : 'seller_read_at']: v.at,
  });
  return {
    // The message's insert rides along as a CTE (PostgreSQL runs it whether or not it is read), the
    // update's FROM locks the row and answers it as it was, and the same-text count comes with the
    // answer (insertSentMessage): one round trip.
    postgres: compiledOnce((db, v: MessageValues & LastLineValues & SameTextValues) =>
      db
        .with('message', (cte) => insertRow(cte, v))
        .updateTable('conversations as c')
        .from(
          db
            .selectFrom('conversations')
            .select(['id', ...LAST_LINE])
            .where('id', '=', v.id)
            .forNoKeyUpdate()
            .as('before'),
        )
        .set(set(v))
        .whereRef('c.id', '=', 'before.id')
        .returning([...LAST_LINE.map((column) => `before.${column}` as const), sameTextCount(db, v).as('same_text')]),
    ),
    sameText: compiledOnce((db, v: SameTextValues) => db.selectNoFrom(sameTextCount(db, v).as('same_text'))),
    insert: compiledOnce((db, v: MessageValues) => insertRow(db, v)),
    before: compiledOnce((db, v: { id: string }) =>
      db.selectFrom('conversations').select(LAST_LINE).where('id', '=', v.id),
    ),
    update: compiledOnce((db, v: LastLineValues) => db.updateTable('conversations').set(set(v)).where('id', '=', v.id)),
  };
}

/**
 * Stores a message someone sent (typed, so without a line), as insertMessage, and answers the
 * conversation's last line as it was just before, read under the conversation's lock: of two
 * messages sent at once, the second sees the first. On PostgreSQL the insert and the read are the
 * update's own (one statement: its FROM locks the row as the update would, FOR NO KEY UPDATE, which
 * leaves the message's foreign-key lock alone, and reads the newest version, which the update then
 * changes), so the lock is taken last in the transaction and held only until its commit; SQLite's
 * transaction holds the write lock already. Answers too into how many other conversations the sender
 * sent the same text in the last `windowMs` (sameTextCount), for the caller to refuse the message with
 * its transaction.
 */
export async function insertSentMessage(
  db: Kysely<Database>,
  engine: Engine,
  message: Omit<NewChatMessage, 'line' | 'kind'>,
  senderSide: ChatSide,
  now: string,
  counted: { photoCount: number; windowMs: number },
): Promise<{ row: ChatMessageRow; before: LastLine | undefined; sameText: number }> {
  const row = storedRow({ ...message, kind: 'text' }, now);
  const sent = messageValuesOf(row);
  const values = lastLineValuesOf(row, senderSide, counted.photoCount);
  const statements = SENDING[senderSide];
  const window = sameTextWindow(now, counted.windowMs);
  if (engine === 'postgres') {
    const [answer] = await statements.postgres(db, { ...sent, ...values, ...window });
    if (!answer) return { row, before: undefined, sameText: 0 };
    const { same_text, ...before } = answer;
    return { row, before, sameText: Number(same_text) };
  }
  const [counts] = await statements.sameText(db, { ...sent, ...window });
  await statements.insert(db, sent);
  const [before] = await statements.before(db, values);
  await statements.update(db, values);
  return { row, before, sameText: Number(counts?.same_text ?? 0) };
}

/** What the inbox shows for a message of photos only. */
const photosLine = (count: number): ChatLine => ({ kind: 'photos', params: { count } });

/** Stores the pictures of a message, in the order sent. */
export async function insertMessagePhotos(db: Kysely<Database>, messageId: string, uploadIds: string[]) {
  if (uploadIds.length === 0) return;
  await db
    .insertInto('chat_message_photos')
    .values(uploadIds.map((upload_id, position) => ({ message_id: messageId, upload_id, position })))
    .execute();
}

/** The pictures of each of the messages, in order. */
export async function photosOf(
  db: Kysely<Database>,
  images: ImageStore,
  messageIds: string[],
): Promise<Map<string, MessagePhoto[]>> {
  const uploadIds = await photoIdsOf(db, 'chat_message_photos', messageIds);
  return new Map([...uploadIds].map(([id, uploads]) => [id, uploads.map((upload) => photoOf(images, upload))]));
}

/** A message's picture as the answers give it. */
export const photoOf = (images: ImageStore, uploadId: string): MessagePhoto => ({
  url: images.urlOf(imageFileName(uploadId)),
  thumbUrl: images.urlOf(thumbFileName(uploadId)),
});

/** One page of a conversation's messages, newest first (served by chat_messages_conversation_created). */
export async function listMessages(
  db: Kysely<Database>,
  images: ImageStore,
  conversationId: string,
  userId: string,
  page: KeysetPageQuery,
) {
  const scope = db.selectFrom('chat_messages').where('conversation_id', '=', conversationId);
  const rows = scope.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
  const read = page.after
    ? readPageAfter(
        rows.where(({ eb, refTuple, tuple }) =>
          eb(refTuple('created_at', 'id'), '<', tuple(page.after!.postedAt, page.after!.id)),
        ),
        scope,
        page.limit,
      )
    : readPage(rows, scope, page);
  const { rows: found, ...rest } = await read;
  const photos = await photosOf(
    db,
    images,
    found.filter((row) => row.kind === 'text').map((row) => row.id),
  );
  return { ...rest, items: found.map((row) => toChatMessage(row, userId, photos.get(row.id))) };
}

export const cursorOfMessage = (message: ChatMessage): ListCursor => ({ postedAt: message.sentAt, id: message._id });

/** Records that `side` has read the conversation now; answers whether anything was unread. */
export async function markConversationRead(
  db: Kysely<Database>,
  conversation: ConversationRow,
  side: ChatSide,
  now: string,
): Promise<boolean> {
  const column = side === 'buying' ? 'buyer_read_at' : 'seller_read_at';
  const result = await db
    .updateTable('conversations')
    .set({ [column]: now, updated_at: now })
    .where('id', '=', conversation.id)
    .where('last_message_at', 'is not', null)
    .where((eb) => eb.or([eb(column, 'is', null), eb(column, '<', eb.ref('last_message_at'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * What a live page needs to know whether to read its chat again: how many conversations have an
 * unread message for the user, and when any of theirs last changed.
 */
export async function chatStateOf(db: Kysely<Database>, userId: string): Promise<{ unread: number; at: string }> {
  const ofSide = async (side: 'buyer' | 'seller') => {
    const row = await db
      .selectFrom('conversations')
      .select((eb) => [
        eb.fn.max('updated_at').as('at'),
        eb.fn
          .sum<number>(
            sql<number>`case when last_message_at is not null
              and (last_sender_id is null or last_sender_id <> ${userId})
              and (${sql.ref(`${side}_read_at`)} is null or last_message_at > ${sql.ref(`${side}_read_at`)})
              then 1 else 0 end`,
          )
          .as('unread'),
      ])
      .where(`${side}_id`, '=', userId)
      .executeTakeFirstOrThrow();
    return { unread: Number(row.unread ?? 0), at: row.at ? String(row.at) : '' };
  };
  const [buying, selling] = await Promise.all([ofSide('buyer'), ofSide('seller')]);
  return { unread: buying.unread + selling.unread, at: buying.at > selling.at ? buying.at : selling.at };
}

/** Whether `a` blocked `b`, and `b` blocked `a` (served by the key and chat_blocks_blocked). */
export async function blocksBetween(db: Kysely<Database>, a: string, b: string) {
  const rows = await blocksOf(db, { a, b });
  return { byA: rows.some((row) => row.blocker_id === a), byB: rows.some((row) => row.blocker_id === b) };
}

/** A row of chat_blocks by which `a` blocked `b` or `b` blocked `a` (each a value or a column). */
const eitherWay = (eb: ExpressionBuilder<Database, 'chat_blocks'>, a: Expression<string>, b: Expression<string>) =>
  eb.or([
    eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
    eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
  ]);

/**
 * Whether `a` and the person of the column `other` blocked each other, either way: a condition for a
 * query of that person (a booking request's read of its listing, by its seller).
 */
export const blockedEitherWay = (a: string, other: string) => {
  const eb = expressionBuilder<Database, never>();
  return eb.exists(
    eb
      .selectFrom('chat_blocks')
      .select('chat_blocks.blocker_id')
      .where((inner) => eitherWay(inner, sql.val(a), sql.ref<string>(other))),
  );
};

/** Asked by every conversation begun and offer made: compiled once. */
const blocksOf = compiledOnce((db, { a, b }: { a: string; b: string }) =>
  db
    .selectFrom('chat_blocks')
    .select('blocker_id')
    .where((eb) => eitherWay(eb, sql.val(a), sql.val(b))),
);

export async function insertBlock(db: Kysely<Database>, blockerId: string, blockedId: string, now: string) {
  await db
    .insertInto('chat_blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: now })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .execute();
}

export const deleteBlock = byId(
  (db: Kysely<Database>, blockedId: string, blockerId: string) =>
    changedRows(db.deleteFrom('chat_blocks').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId)),
  0,
);

/** The people `blockerId` blocked, latest first. */
export async function listBlocked(db: Kysely<Database>, blockerId: string, page: KeysetPageQuery) {
  const scope = db.selectFrom('chat_blocks').where('blocker_id', '=', blockerId);
  const { rows, total } = await readPage(
    db
      .selectFrom('chat_blocks as k')
      .innerJoin('users as u', 'u.id', 'k.blocked_id')
      .select(['u.id', 'u.name', 'u.email', 'u.role', 'k.created_at'])
      .where('k.blocker_id', '=', blockerId)
      .orderBy('k.created_at', 'desc')
      .orderBy('u.id', 'desc'),
    scope,
    page,
  );
  const items = rows.map((row) => ({
    _id: row.id,
    name: row.name,
    blockedAt: row.created_at,
    sellerEmail: row.role === 'seller' ? row.email : null,
  }));
  return { items, total };
}

/**
 * The two numbers once the buyer's booking of the phone is accepted (or sold to them): the buyer's
 * from the booking, the seller's from the listing. undefined before.
 */
export async function dealPhones(db: Kysely<Database>, conversation: ConversationRow) {
  if (!conversation.product_id || !conversation.buyer_id) return undefined;
  const row = await db
    .selectFrom('bookings as b')
    .innerJoin('products as p', 'p.id', 'b.product_id')
    .select(['b.phone_number', 'p.seller_mobile'])
    .where('b.product_id', '=', conversation.product_id)
    .where('b.buyer_id', '=', conversation.buyer_id)
    .where('b.status', 'in', ['accepted', 'sold'])
    .executeTakeFirst();
  return row && { buyer: row.phone_number, seller: row.seller_mobile };
}

/** How much of a message's text the same-text index holds (chat_messages_sender_text, migration 022). */
const TEXT_PREFIX = 40;
const textPrefix = (text: Expression<string>) => sql<string>`substr(${text}, 1, ${sql.lit(TEXT_PREFIX)})`;

/**
 * A conversation and what a new message into it is checked against, in one read: the message
 * already stored under the sender's client id (a retry) and whether either person blocked the other.
 * Compiled once: every send reads it.
 */
const sendingContext = compiledOnce((db, v: { id: string; clientId: string }) =>
  db
    .selectFrom('conversations as c')
    .selectAll('c')
    .select((eb) => [
      eb
        .selectFrom('chat_messages as m')
        .select('m.id')
        .whereRef('m.conversation_id', '=', 'c.id')
        .where('m.client_id', '=', v.clientId)
        .as('retried_id'),
      eb
        .exists(
          eb
            .selectFrom('chat_blocks as k')
            .select('k.blocker_id')
            .where((b) =>
              b.or([
                b.and([b('k.blocker_id', '=', b.ref('c.buyer_id')), b('k.blocked_id', '=', b.ref('c.seller_id'))]),
                b.and([b('k.blocker_id', '=', b.ref('c.seller_id')), b('k.blocked_id', '=', b.ref('c.buyer_id'))]),
              ]),
            ),
        )
        .as('blocked'),
    ])
    .where('c.id', '=', v.id),
);

export async function sendingContextOf(db: Kysely<Database>, id: string, clientId: string) {
  const [row] = await sendingContext(db, { id, clientId });
  if (!row) return undefined;
  const { retried_id, blocked, ...conversation } = row;
  return {
    conversation: conversation as ConversationRow,
    retriedId: retried_id,
    // SQLite answers exists() as 0 or 1.
    blocked: blocked === true || Number(blocked) === 1,
  };
}

/**
 * The times a message sent at `now` counts the same text between: the last `windowMs`, and as far
 * ahead. Nothing is stamped in the future, but a message sent at the same moment through another
 * process (or machine, whose clock may be a little ahead) can be stamped after `now` and committed
 * before this count: it counts. The upper bound is there for PostgreSQL's planner (sameTextCount).
 */
function sameTextWindow(now: string, windowMs: number): Pick<SameTextValues, 'since' | 'until'> {
  const at = Date.parse(now);
  return { since: new Date(at - windowMs).toISOString(), until: new Date(at + windowMs).toISOString() };
}

/**
 * Into how many other conversations the sender sent exactly `body` between `since` and `until`
 * (served by chat_messages_sender_text, which holds the text's first characters: a long text is not
 * indexed whole), as a subquery of the send's statements (SENDING). It is read after the same text's
 * lock (lockSameText), in a statement of its own, which sees every send of that text committed before.
 *
 * The time is bounded on both sides for PostgreSQL's plan of the prepared send (SENDING.postgres):
 * without the values it guesses a third of the rows for `created_at > $n`, but a narrow range for a
 * pair of bounds. Where the statistics cannot tell the senders and texts apart (a young store, or
 * the benchmark's: 1,000 messages of one buyer, all alike), the generic plan with one bound scanned
 * chat_messages and PostgreSQL planned the whole send again for every message (0.17–0.27 ms of the
 * backend's CPU); with both, it reads the index and is kept while such a table is small (a few
 * thousand rows: tests/chat-send-plan.test.ts, docs/chat.md). Where senders are many, the sender
 * alone makes the count selective and either form is kept.
 */
const sameTextCount = (db: Kysely<Database>, v: SameTextValues) =>
  db
    .selectFrom('chat_messages as s')
    .select((s) => s.fn.count<number>('s.conversation_id').distinct().as('n'))
    .where('s.sender_id', '=', v.senderId)
    .where(textPrefix(sql.ref('s.body')), '=', textPrefix(sql.val(v.body)))
    .where('s.body', '=', v.body)
    .where('s.created_at', '>', v.since)
    .where('s.created_at', '<', v.until)
    .where('s.conversation_id', '<>', v.conversationId);

/**
 * Takes the lock of a sender's text inside the send's transaction (PostgreSQL's; SQLite's transaction
 * holds the write lock already), until its commit: sends of one text at once then count one after
 * another (insertSentMessage) and cannot all pass the limit together. It is the transaction's first
 * statement, and its key is a number made here (the first 8 bytes of a SHA-256 of sender and text),
 * so the statement has no values and goes out with the transaction's `begin` in one round trip
 * (db/begin-with-first.ts); a number is all the statement's text holds, never the message's words.
 */
export async function lockSameText(trx: Kysely<Database>, engine: Engine, v: { senderId: string; text: string }) {
  if (engine !== 'postgres') return;
  // The key is a bigint's digits (sameTextLockKey), so it can stand in the text as written.
  await sql`select pg_advisory_xact_lock(${sql.raw(sameTextLockKey(v.senderId, v.text))})`.execute(trx);
}

/** The advisory lock's key of a sender's text: a signed 64-bit number, as pg_advisory_xact_lock takes. */
export const sameTextLockKey = (senderId: string, text: string): string =>
  createHash('sha256')
    .update(`same-text:${senderId}:${text.slice(0, TEXT_PREFIX)}`)
    .digest()
    .readBigInt64BE(0)
    .toString();

/** Marks the conversations between two people changed, so their open pages read them again. */
export async function touchConversationsBetween(db: Kysely<Database>, a: string, b: string, now: string) {
  await db
    .updateTable('conversations')
    .set({ updated_at: now })
    .where((eb) =>
      eb.or([
        eb.and([eb('buyer_id', '=', a), eb('seller_id', '=', b)]),
        eb.and([eb('buyer_id', '=', b), eb('seller_id', '=', a)]),
      ]),
    )
    .execute();
}

/** The buyer's conversation about a phone, made when there is none (in the caller's transaction). */
export async function ensureConversation(db: Kysely<Database>, values: NewConversation, now: string) {
  // The new row comes back from the insert (one round trip on PostgreSQL, not two); a conflict
  // returns nothing, and the one already there is read.
  const [inserted] = await insertConversationUnlessThere(db, { ...values, id: newId(), now });
  return inserted ?? (await findConversationOf(db, values.product_id!, values.buyer_id!))!;
}

/** Every booking request runs it: compiled once. */
const insertConversationUnlessThere = compiledOnce((db, v: NewConversation & { id: string; now: string }) =>
  db
    .insertInto('conversations')
    .values({
      id: v.id,
      product_id: v.product_id,
      buyer_id: v.buyer_id,
      seller_id: v.seller_id,
      product_name: v.product_name,
      product_image_id: v.product_image_id,
      product_price: v.product_price,
      created_at: v.now,
      updated_at: v.now,
    })
    .onConflict((oc) => oc.columns(['product_id', 'buyer_id']).doNothing())
    .returningAll(),
);

/** The buyer's booking of the conversation's phone, if any (served by the bookings' buyer index). */
export async function bookingOf(db: Kysely<Database>, conversation: ConversationRow) {
  if (!conversation.product_id || !conversation.buyer_id) return undefined;
  const row = await db
    .selectFrom('bookings')
    .select(['id', 'status', 'agreed_price'])
    .where('product_id', '=', conversation.product_id)
    .where('buyer_id', '=', conversation.buyer_id)
    .executeTakeFirst();
  return row && { _id: row.id, status: row.status, agreedPrice: row.agreed_price };
}

/**
 * The conversation's mail to `userId` that still waits for its 15 minutes: they read it, so it is
 * not sent (the mail's data holds the conversation's link; served by mail_outbox_user).
 */
export const dropWaitingMail = (db: Kysely<Database>, userId: string, conversationId: string) =>
  changedRows(
    db
      .deleteFrom('mail_outbox')
      .where('user_id', '=', userId)
      .where('state', '=', 'pending')
      .where('template', '=', 'notification')
      .where('data', 'like', `%"link":"${paths.conversation(conversationId)}"%`),
  );
