import { sql, type Kysely } from 'kysely';

/**
 * The lines PhoneHaat writes into a conversation are stored as a kind and its values
 * (`chat_messages.line`, JSON; `#shared/chat-lines`) instead of an English sentence, so each reader
 * sees them in their language; the inbox's copy of the newest one is `conversations.last_message_line`
 * (also for a message of photos only, which the inbox words). Lines of before are read back from
 * their English here, once; one that does not read (none should) stays as the text it was.
 */

type Params = Record<string, string | number>;
const price = (text: string) => Number(text.replace(/,/g, ''));

/** The English each line was written in until now (chat/service.ts, chat/offers.ts, chat/forget.ts). */
const ENGLISH_LINES: Array<[RegExp, (m: RegExpExecArray) => { kind: string; params: Params }]> = [
  [
    /^A buyer whose account is now deleted asked to book this phone\.$/,
    () => ({ kind: 'bookingAskedByDeleted', params: {} }),
  ],
  [
    /^(.+) asked to book this phone and would meet at (.+)\.$/s,
    (m) => ({ kind: 'bookingAsked', params: { buyer: m[1]!, place: m[2]! } }),
  ],
  [/^(.+) offered ([\d,]+) Tk\.$/s, (m) => ({ kind: 'offerMade', params: { name: m[1]!, price: price(m[2]!) } })],
  [
    /^(.+) offered ([\d,]+) Tk: (.*)$/s,
    (m) => ({ kind: 'offerMadeWithNote', params: { name: m[1]!, price: price(m[2]!), note: m[3]! } }),
  ],
  [
    /^(.+) accepted ([\d,]+) Tk: the phone is reserved for (.+)\.$/s,
    (m) => ({ kind: 'offerAccept', params: { name: m[1]!, price: price(m[2]!), buyer: m[3]! } }),
  ],
  [
    /^(.+) countered with ([\d,]+) Tk\.$/s,
    (m) => ({ kind: 'offerCounter', params: { name: m[1]!, price: price(m[2]!) } }),
  ],
  [
    /^(.+) declined the offer of ([\d,]+) Tk\.$/s,
    (m) => ({ kind: 'offerDeclineOffer', params: { name: m[1]!, price: price(m[2]!) } }),
  ],
  [
    /^(.+) declined the counter of ([\d,]+) Tk\.$/s,
    (m) => ({ kind: 'offerDeclineCounter', params: { name: m[1]!, price: price(m[2]!) } }),
  ],
  [
    /^(.+) withdrew the offer of ([\d,]+) Tk\.$/s,
    (m) => ({ kind: 'offerWithdrawOffer', params: { name: m[1]!, price: price(m[2]!) } }),
  ],
  [
    /^(.+) withdrew the counter of ([\d,]+) Tk\.$/s,
    (m) => ({ kind: 'offerWithdrawCounter', params: { name: m[1]!, price: price(m[2]!) } }),
  ],
];

function lineOfEnglish(text: string): string | null {
  for (const [pattern, line] of ENGLISH_LINES) {
    const match = pattern.exec(text);
    if (match) return JSON.stringify(line(match));
  }
  return null;
}

const PHOTOS_PREVIEW = /^Sent (a|\d+) photos?$/;
/** SQLite answers exists() as 0 or 1. */
const truthy = (value: unknown) => value === true || Number(value) === 1;

export const chatLinesMigration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table chat_messages add column line text`.execute(db);
    await sql`alter table conversations add column last_message_line text`.execute(db);
    await readEnglishLines(db);
  },
};

/** Rewrites the lines stored as English sentences as lines (exported for its test). */
export async function readEnglishLines(db: Kysely<unknown>): Promise<void> {
  // The inbox's copy first, while the lines still read as they were: a line that was the newest
  // message, or the photos' preview of a message of photos only (never a text someone typed).
  const previews = await sql<{ id: string; last_message_text: string; typed: unknown; written: unknown }>`select c.id,
        c.last_message_text,
        exists (select 1 from chat_messages m where m.conversation_id = c.id and m.kind = 'text'
          and m.body = c.last_message_text) as typed,
        exists (select 1 from chat_messages m where m.conversation_id = c.id and m.kind = 'system'
          and m.body = c.last_message_text) as written
      from conversations c where c.last_message_text is not null`.execute(db);
  for (const row of previews.rows) {
    const photos = PHOTOS_PREVIEW.exec(row.last_message_text);
    const line = truthy(row.written)
      ? lineOfEnglish(row.last_message_text)
      : photos && !truthy(row.typed)
        ? JSON.stringify({ kind: 'photos', params: { count: photos[1] === 'a' ? 1 : Number(photos[1]) } })
        : null;
    if (!line) continue;
    await sql`update conversations set last_message_line = ${line}, last_message_text = null where id = ${row.id}`.execute(
      db,
    );
  }
  const lines = await sql<{
    id: string;
    body: string;
  }>`select id, body from chat_messages where kind = 'system'`.execute(db);
  for (const row of lines.rows) {
    const line = lineOfEnglish(row.body);
    if (line) await sql`update chat_messages set line = ${line}, body = '' where id = ${row.id}`.execute(db);
  }
}
