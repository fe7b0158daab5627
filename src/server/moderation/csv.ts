import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { logAfter } from './repository';
import { toLogEntry } from './views';

const COLUMNS = [
  'at',
  'actor',
  'automated',
  'action',
  'subject',
  'subject id',
  'target user',
  'reason',
  'note',
  'until',
  'before',
  'after',
  'case',
];

/** A CSV cell: quoted, and a leading =, +, - or @ defused, so a spreadsheet never runs it as a formula. */
export const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

/** The whole log, oldest first, read 500 rows at a time so memory stays flat however long it gets. */
export async function* logCsv(db: Kysely<Database>): AsyncGenerator<string> {
  yield `${COLUMNS.map(csvCell).join(',')}\r\n`;
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const rows = await logAfter(db, after, 500);
    for (const row of rows) {
      const e = toLogEntry(row);
      yield `${[
        e.at,
        e.actorName,
        e.automated ? 'yes' : 'no',
        e.actionLabel,
        e.subjectType,
        e.subjectId,
        e.targetUserId,
        e.reasonLabel,
        e.note,
        e.until,
        JSON.stringify(e.before),
        JSON.stringify(e.after),
        e.caseId,
      ]
        .map(csvCell)
        .join(',')}\r\n`;
    }
    if (rows.length < 500) return;
    after = { at: rows.at(-1)!.created_at, id: rows.at(-1)!.id };
  }
}
