import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { editDistance, editsAllowed, wordsOf } from './text';

/** A word to look for in the full-text index; `prefix` also finds the words it begins. */
export interface Term {
  word: string;
  prefix: boolean;
}

export interface Terms {
  terms: Term[];
  /** Whether a typed word was replaced by a different indexed word ("samsng" by "samsung"). */
  corrected: boolean;
}

export const MAX_WORDS = 12;
const LAST_CHARACTER = '\u{10FFFF}';

/**
 * Reads the typed words against the vocabulary of indexed words: a known word stays; an unknown
 * one that begins indexed words is taken as a prefix (people type "galax" on the way to
 * "galaxy"); otherwise it becomes the nearest indexed word within the edits its length allows,
 * the most common one on a tie. `lastIsPrefix` makes a known last word a prefix too, for
 * suggestions while typing ("galaxy" also suggests what begins with it).
 */
export async function termsOf(db: Kysely<Database>, text: string, lastIsPrefix = false): Promise<Terms> {
  const words = [...new Set(wordsOf(text))].slice(0, MAX_WORDS);
  if (words.length === 0) return { terms: [], corrected: false };
  const known = new Set((await live(db).select('word').where('word', 'in', words).execute()).map((row) => row.word));
  let corrected = false;
  const terms = await Promise.all(
    words.map(async (word, index): Promise<Term> => {
      const last = lastIsPrefix && index === words.length - 1;
      if (known.has(word)) return { word, prefix: last };
      if (await beginsAWord(db, word)) return { word, prefix: true };
      const nearest = await nearestWord(db, word);
      if (nearest === undefined) return { word, prefix: false };
      corrected = true;
      return { word: nearest, prefix: false };
    }),
  );
  return { terms, corrected };
}

const live = (db: Kysely<Database>) => db.selectFrom('search_words').where('listings', '>', 0);

async function beginsAWord(db: Kysely<Database>, word: string): Promise<boolean> {
  if ([...word].length < 2) return false;
  const row = await live(db)
    .select('word')
    .where('word', '>', word)
    .where('word', '<', word + LAST_CHARACTER)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

async function nearestWord(db: Kysely<Database>, word: string): Promise<string | undefined> {
  const edits = editsAllowed(word);
  if (edits === 0) return undefined;
  const letters = [...word];
  // A misspelling seldom touches the first letter, and when it does it is mostly a swap of the first two.
  const heads = [...new Set(letters.slice(0, 2))];
  const candidates = await live(db)
    .select(['word', 'listings'])
    .where('head', 'in', heads)
    .where('length', '>=', letters.length - edits)
    .where('length', '<=', letters.length + edits)
    .execute();
  let best: { word: string; distance: number; listings: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(word, candidate.word, edits);
    if (distance > edits) continue;
    if (
      !best ||
      distance < best.distance ||
      (distance === best.distance && candidate.listings > best.listings) ||
      (distance === best.distance && candidate.listings === best.listings && candidate.word < best.word)
    )
      best = { word: candidate.word, distance, listings: candidate.listings };
  }
  return best?.word;
}
