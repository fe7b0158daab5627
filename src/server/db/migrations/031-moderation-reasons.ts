import { sql, type Kysely } from 'kysely';

/**
 * Why a moderator took a listing off sale or hid a review is kept as the reason's code
 * (`products.moderation_reason_code`, `reviews.hidden_reason_code`, one of `ACTION_REASON_LABELS`'
 * keys), worded when read in the reader's language; `moderation_reason` and `hidden_reason` keep
 * only the moderator's own note (docs/i18n-server.md, "The server's words in the data").
 * Rows of before held the English label, then ": " and the note, or a review's note alone (a reason
 * of "Other", and the reviews' own Hide): they are read back into the two.
 */

/** The labels the server stored until now (#shared/moderation's ACTION_REASON_LABELS then): frozen, as rows hold them. */
const ENGLISH_LABELS: Array<[string, string]> = [
  ['Scam or fraud', 'scam'],
  ['Stolen or blocked phone', 'stolen'],
  ['Misleading listing (photos, model, price)', 'misleading'],
  ['Counterfeit or prohibited item', 'prohibited'],
  ['Asking for payment outside a meeting', 'off_platform_payment'],
  ['Harassment', 'harassment'],
  ['Spam or duplicate', 'spam'],
  ['No rule broken', 'no_violation'],
  ['Other', 'other'],
];

/**
 * The words stored before, read as a code and the note: a label alone, a label and ": " and the
 * note, or (anything else) the moderator's note for a reason of "Other". The same reading as
 * `moderationWordsToCodes`, for the log entries that still hold such words (a reversed appeal).
 */
export function givenReasonOf(stored: string): { code: string; note: string | null } {
  for (const [label, code] of ENGLISH_LABELS) {
    if (stored === label) return { code, note: null };
    if (stored.startsWith(`${label}: `)) return { code, note: stored.slice(label.length + 2) };
  }
  return { code: 'other', note: stored };
}

const READ_BACK = [
  { table: 'products', code: 'moderation_reason_code', words: 'moderation_reason' },
  { table: 'reviews', code: 'hidden_reason_code', words: 'hidden_reason' },
] as const;

/** Turns the English of before into codes and notes, as `givenReasonOf` reads it (both engines: no LIKE, whose case differs). */
export async function moderationWordsToCodes(db: Kysely<unknown>): Promise<void> {
  for (const { table, code, words } of READ_BACK) {
    const [t, c, w] = [sql.table(table), sql.ref(code), sql.ref(words)];
    for (const [label, labelCode] of ENGLISH_LABELS) {
      await sql`update ${t} set ${c} = ${labelCode}, ${w} = null where ${c} is null and ${w} = ${label}`.execute(db);
      await sql`update ${t} set ${c} = ${labelCode}, ${w} = substr(${w}, ${label.length + 3})
        where ${c} is null and substr(${w}, 1, ${label.length + 2}) = ${`${label}: `}`.execute(db);
    }
    await sql`update ${t} set ${c} = 'other' where ${c} is null and ${w} is not null`.execute(db);
  }
}

export const moderationReasonsMigration = {
  async up(db: Kysely<unknown>) {
    for (const { table, code } of READ_BACK) {
      await sql`alter table ${sql.table(table)} add column ${sql.ref(code)} text`.execute(db);
    }
    await moderationWordsToCodes(db);
  },
};
