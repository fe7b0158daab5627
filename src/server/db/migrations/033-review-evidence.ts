import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { STARS_BY_SIDE, type ReviewSide, type StarName } from '#shared/reviews';
import type { Snapshot } from '#shared/moderation';

/**
 * A review case's evidence is kept as data (`type: 'review'`), worded by the admin's client in its
 * reader's language (docs/i18n-server.md, "The server's words in the data"). Cases of before held
 * it as English fields (`type: 'other'`); those of that exact shape are read back, anything else is
 * left as it is and still shown as its fields. Conversation snapshots of before keep their English:
 * a text that equals a line's English may as well be what a person typed, so it is not read back.
 */

/** The star labels the server stored until now (#shared/reviews' starLabels then): frozen, as rows hold them. */
const ENGLISH_STARS: Record<StarName, string> = {
  asDescribed: 'As described',
  communication: 'Communication',
  punctuality: 'Punctuality',
  paidAsAgreed: 'Paid as agreed',
};
const DELETED = 'a deleted account';
const NONE = '(none)';

type ReviewSnapshot = Extract<Snapshot, { type: 'review' }>;

const nameOrDeleted = (words: string) => (words === DELETED ? null : words);
const textOrNone = (words: string | undefined) => (words === NONE || words === undefined ? null : words);

/** An old review snapshot's English fields as the data they were written from; null when they are not of that shape. */
export function reviewSnapshotOf(fields: Record<string, string>): ReviewSnapshot | null {
  const writtenBy = /^(.*) \(the (buyer|seller)\)$/s.exec(fields['Written by'] ?? '');
  if (!writtenBy) return null;
  const side = writtenBy[2] as ReviewSide;
  const starNames = STARS_BY_SIDE[side];
  const keys = [
    'Written by',
    'About',
    'Phone',
    ...starNames.map((name) => ENGLISH_STARS[name]),
    'Comment',
    'Reply',
    'Published',
  ];
  if (Object.keys(fields).length !== keys.length || !keys.every((key) => typeof fields[key] === 'string')) return null;
  const stars = starNames.map((name) => ({
    name,
    value: Number(/^([1-5]) of 5$/.exec(fields[ENGLISH_STARS[name]]!)?.[1]),
  }));
  if (stars.some((star) => Number.isNaN(star.value))) return null;
  return {
    type: 'review',
    side,
    authorName: nameOrDeleted(writtenBy[1]!),
    subjectName: nameOrDeleted(fields.About!),
    productName: fields.Phone!,
    stars,
    comment: textOrNone(fields.Comment),
    reply: textOrNone(fields.Reply),
    publishedAt: fields.Published || null,
  };
}

/** Reads the review cases' English snapshots back into data (both engines: the JSON is read in JS). */
export async function reviewEvidenceToData(db: Kysely<Database>): Promise<void> {
  const rows = await db
    .selectFrom('case_reports')
    .select(['id', 'snapshot'])
    .where('subject_type', '=', 'review')
    .execute();
  for (const row of rows) {
    const stored = JSON.parse(row.snapshot) as Snapshot;
    if (stored.type !== 'other') continue;
    const typed = reviewSnapshotOf(stored.fields);
    if (typed)
      await db
        .updateTable('case_reports')
        .set({ snapshot: JSON.stringify(typed) })
        .where('id', '=', row.id)
        .execute();
  }
}

export const reviewEvidenceMigration = {
  async up(db: Kysely<unknown>) {
    await reviewEvidenceToData(db as Kysely<Database>);
  },
};
