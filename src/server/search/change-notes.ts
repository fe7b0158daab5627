import type { ChangeNotes } from '#server/cache/public-cache';
import { changedElsewhere, changesSince, indexVersion, type ChangedRows } from './indexing';

/*
 * The search index's changes, told between processes with the public cache's message after every
 * write request: each process's listing columns and kept matches then catch up on the rows named
 * before its next search, as after a write of its own, instead of within COLUMNS_FRESH_MS.
 */

/** Too many rows to name, or not known which: the others read everything again. */
const EVERYTHING = '*';
/** Product ids are 24 characters: a note stays well within PostgreSQL's 8,000-byte NOTIFY payload. */
const ROWS_NAMED = 100;

/**
 * A request's note names the rows written here since it began: its own, and those of requests
 * running beside it, which may not be committed yet but will be named again when those end.
 */
export const searchChangeNotes: ChangeNotes = {
  mark: indexVersion,
  since(mark) {
    const rows = changesSince(mark, true);
    if (rows === undefined || rows.productIds.length + rows.listingIds.length > ROWS_NAMED) return EVERYTHING;
    return rows.productIds.length + rows.listingIds.length === 0 ? undefined : JSON.stringify(rows);
  },
  heard(note) {
    changedElsewhere(note === undefined || note === EVERYTHING ? undefined : rowsIn(note));
  },
};

/** The rows a note names; undefined (everything) for a note this version cannot read. */
function rowsIn(note: string): ChangedRows | undefined {
  try {
    const rows = JSON.parse(note) as Partial<ChangedRows>;
    const strings = Array.isArray(rows.productIds) && rows.productIds.every((id) => typeof id === 'string');
    const numbers = Array.isArray(rows.listingIds) && rows.listingIds.every((id) => Number.isInteger(id));
    return strings && numbers ? (rows as ChangedRows) : undefined;
  } catch {
    return undefined;
  }
}
