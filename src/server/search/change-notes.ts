import type { FastifyInstance } from 'fastify';
import { Batch } from '#server/events/batch';
import { localChannel, type Channel } from '#server/events/channel';
import {
  changedElsewhere,
  changesSince,
  indexVersion,
  joined,
  rowsNamed,
  type ChangedRows,
  type NamedRows,
} from './indexing';

/*
 * The search index's changes, told between processes on the search's own channel (not the public
 * cache's): each process's listing columns and kept matches then catch up on the rows named before
 * its next search, as after a write of its own, instead of within COLUMNS_FRESH_MS.
 */

/** Too many rows to name, or not known which: the others read everything again. */
const EVERYTHING = '*';
/**
 * Product ids are 24 characters: a note stays well within PostgreSQL's 8,000-byte NOTIFY payload,
 * even when it names again apart those of its rows whose words changed (ChangedRows.words).
 */
const ROWS_NAMED = 100;
/**
 * A note of good-price marks (ChangedRows.marks) at most, in characters: within NOTIFY's payload with
 * the sender's prefix. A round's marks go in as many notes as they need (a few thousand marks each).
 */
const MARKS_CHARS = 7_500;
/** How a note of marks begins (JSON.stringify({ marks })): a note of rows never does. */
const MARKS_NOTE = '{"marks":';
/** How long the notes of a burst of writes are gathered into one message. */
const BATCH_MS = 50;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What a change was, for other processes to keep their own state in step: a request that may
 * change something takes a mark when it begins; what was written here since is told when it ends.
 */
export const searchChangeNotes = {
  mark: indexVersion,
  /**
   * The notes of what was written here since `mark`: its own, and those of requests running beside
   * it, which may not be committed yet but will be named again when those end. The rows in one note,
   * then (`withMarks`) the good-price marks in as many as they need; none when nothing was written.
   * A request leaves out the marks of a round that ran beside it: the round tells them all as it
   * ends (housekeeping.ts), and each request overlapping a batch told up to a batch of them again.
   */
  since(mark: number, withMarks = true): string[] {
    const rows = changesSince(mark, true);
    if (rows === undefined) return [EVERYTHING];
    const { marks = [], ...named } = rows;
    const count = rowsNamed(named);
    const rowsNote = count > ROWS_NAMED ? EVERYTHING : JSON.stringify(named);
    return [...(count > 0 ? [rowsNote] : []), ...(withMarks ? marksNotes(marks) : [])];
  },
  /**
   * What was written here since `mark` is committed now: named once more, so a search of this
   * process that caught up on those rows while their transaction was still open (and so read them
   * as they were) reads them again before its next answer. Not the marks: a round records each
   * batch's once it is committed.
   */
  committed(mark: number): void {
    const rows = changesSince(mark, true);
    if (rows === undefined) return changedElsewhere(undefined);
    const { marks: _, ...named } = rows;
    if (rowsNamed(named) > 0) changedElsewhere(named);
  },
  /** Another process's note; undefined when changes may have been missed. */
  heard(note: string | undefined): void {
    changedElsewhere(note === undefined || note === EVERYTHING ? undefined : rowsIn(note));
  },
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Tells the other processes what was written here since `mark`, outside a request (housekeeping). */
    tellSearchChanges(mark: number): Promise<void>;
    /** Adds the hook that holds each write's answer until its search note is sent: after the public cache's. */
    awaitSearchNotes(): void;
  }
}

/**
 * Tells the other processes what each write request changed in the index, in batches, and hears
 * theirs; `onHeard` runs after another process's change is caught up on (the public cache drops its
 * searches then, which may have been computed before), `missed` when changes may have been missed.
 */
export function registerSearchNotes(
  app: FastifyInstance,
  channel: Channel = localChannel,
  onHeard: (missed: boolean) => void,
): void {
  const marks = new WeakMap<object, number>();
  const sending = new WeakMap<object, Promise<void>>();
  // Published in order, each its own message: the rows first, then the marks.
  const batch = new Batch<string>(
    (notes) => Promise.all(merged(notes).map((message) => channel.publish(message))).then(() => undefined),
    BATCH_MS,
  );
  app.addHook('onRequest', async (request) => {
    if (!SAFE_METHODS.has(request.method)) marks.set(request, searchChangeNotes.mark());
  });
  // Queued here, awaited by the hook `awaitSearchNotes` adds after the public cache's: on PostgreSQL
  // the note and the cache's drops then leave in one statement (events/channel.ts), not two.
  app.addHook('onSend', async (request) => {
    const mark = marks.get(request);
    if (mark === undefined) return;
    const notes = searchChangeNotes.since(mark, false);
    searchChangeNotes.committed(mark);
    if (notes.length === 0) return;
    const sent = batch.add(notes);
    // Awaited (and its failure met) by the later hook; until then a failure is not unhandled.
    sent.catch(() => {});
    sending.set(request, sent);
  });
  // Before the answer goes, as the public cache's drops: the writer's next search elsewhere finds the change.
  app.decorate('awaitSearchNotes', () =>
    app.addHook('onSend', async (request) => {
      await sending.get(request);
    }),
  );
  app.decorate('tellSearchChanges', async (mark: number) => {
    const notes = searchChangeNotes.since(mark);
    searchChangeNotes.committed(mark);
    if (notes.length > 0) await batch.add(notes);
  });
  const heard = (note: string | undefined) => {
    searchChangeNotes.heard(note);
    onHeard(note === undefined);
  };
  app.addHook('onReady', () => channel.subscribe(heard, () => heard(undefined)));
  app.addHook('onClose', async () => {
    await batch.close();
    await channel.close();
  });
}

/** The messages for several notes: their rows together in one (everything past ROWS_NAMED), then the notes of marks as they are. */
function merged(notes: string[]): string[] {
  const marks = notes.filter((note) => note.startsWith(MARKS_NOTE));
  const rowNotes = notes.filter((note) => !note.startsWith(MARKS_NOTE));
  return [...(rowNotes.length > 0 ? [mergedRows(rowNotes)] : []), ...marks];
}

/** One note of rows for several: their rows together (see joined), or everything past ROWS_NAMED. */
function mergedRows(notes: string[]): string {
  if (notes.length === 1) return notes[0]!;
  const read = notes.map((note) => (note === EVERYTHING ? undefined : rowsIn(note)));
  const named = read.filter((rows) => rows !== undefined);
  if (named.length < read.length) return EVERYTHING;
  const all = joined(named);
  return rowsNamed(all) > ROWS_NAMED ? EVERYTHING : JSON.stringify(all);
}

/**
 * Good-price marks (ChangedRows.marks) as notes of at most MARKS_CHARS: each mark the difference
 * of its id from the one before in base 36, a minus before a mark taken away ("2s,-4,1"), so a
 * dense round's marks take two or three characters each.
 */
export function marksNotes(lists: Int32Array[]): string[] {
  const notes: string[] = [];
  let parts: string[] = [];
  let length = 0;
  let previous = 0;
  const end = () => {
    if (parts.length > 0) notes.push(JSON.stringify({ marks: parts.join(',') }));
    [parts, length, previous] = [[], 0, 0];
  };
  for (const marks of lists) {
    for (const mark of marks) {
      if (length + 16 > MARKS_CHARS) end();
      const part = `${mark < 0 ? '-' : ''}${(Math.abs(mark) - previous).toString(36)}`;
      parts.push(part);
      length += part.length + 1;
      previous = Math.abs(mark);
    }
    end();
  }
  return notes;
}

/** The marks of a note made by marksNotes; undefined when it cannot be read. */
function marksIn(text: unknown): Int32Array | undefined {
  if (typeof text !== 'string' || !/^-?[0-9a-z]+(,-?[0-9a-z]+)*$/.test(text)) return undefined;
  const parts = text.split(',');
  const marks = new Int32Array(parts.length);
  let id = 0;
  for (const [index, part] of parts.entries()) {
    id += parseInt(part.replace('-', ''), 36);
    marks[index] = part.startsWith('-') ? -id : id;
  }
  return id < 2 ** 31 ? marks : undefined;
}

/** The rows a note names; undefined (everything) for a note this version cannot read. */
function rowsIn(note: string): ChangedRows | undefined {
  try {
    if (note.startsWith(MARKS_NOTE)) {
      const marks = marksIn((JSON.parse(note) as { marks?: unknown }).marks);
      return marks && { productIds: [], listingIds: [], marks: [marks] };
    }
    const { words, ...rows } = JSON.parse(note) as Partial<ChangedRows>;
    const named = rowsNamedIn(rows);
    // Words kept only where the note says so: one of an older version changed all of its rows' words.
    const wordsNamed = words && rowsNamedIn(words);
    return named && { ...named, ...(wordsNamed ? { words: wordsNamed } : {}) };
  } catch {
    return undefined;
  }
}

/** The rows named in a note's parsed JSON; undefined when they are not lists of ids. */
function rowsNamedIn({ productIds, listingIds }: Partial<NamedRows>): NamedRows | undefined {
  const strings = Array.isArray(productIds) && productIds.every((id) => typeof id === 'string');
  const numbers = Array.isArray(listingIds) && listingIds.every((id) => Number.isInteger(id));
  return strings && numbers ? { productIds: productIds!, listingIds: listingIds! } : undefined;
}
