import { DISTRICT_ALIASES, DISTRICTS, type District } from '#shared/districts';

/*
 * The one tokenizer of the search, used for indexed text and for queries alike, so both engines
 * index and look up exactly the same words: SQLite FTS5 and PostgreSQL's `simple` parser only
 * ever see these words joined by spaces.
 */

const BENGALI_ZERO = 0x09e6;
const BENGALI_DIGIT = /[\u09e6-\u09ef]/g;
const JOINERS = /[\u200c\u200d]/g;
const LATIN_ACCENTS = /[\u0300-\u036f]/g;
// Letters, digits and combining marks: Bangla vowel signs and the virama stay inside their word.
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/**
 * Bengali digits become ASCII ones ("৫০০০" finds "5000"), Latin accents go, and the zero-width
 * joiners go: they change how a conjunct is drawn, not which word it is, and people type them
 * inconsistently.
 */
function normalizeText(text: string): string {
  return text
    .replace(BENGALI_DIGIT, (digit) => String(digit.charCodeAt(0) - BENGALI_ZERO))
    .replace(JOINERS, '')
    .normalize('NFD')
    .replace(LATIN_ACCENTS, '')
    .normalize('NFC')
    .toLowerCase();
}

// A run of digits, or of letters with their marks: "iphone12" is "iphone" and "12".
const LETTERS_OR_DIGITS = /\p{N}+|[\p{L}\p{M}]+/gu;

/**
 * The words of a text, letters split from digits ("iphone12" → iphone, 12; "a52" → a, 52), so a
 * model number is found however it is spaced: "iphone12" finds "iPhone 12", and "iphone 12" finds
 * "iPhone12".
 */
export function wordsOf(text: string): string[] {
  return (normalizeText(text).match(WORD) ?? []).flatMap((word) => word.match(LETTERS_OR_DIGITS) ?? []);
}

/** What the full-text index stores for a field: its words, space-separated. */
export const indexedText = (text: string) => wordsOf(text).join(' ');

const ALIASES: Array<[words: string, district: District]> = [
  ...DISTRICTS.map((name) => [indexedText(name), name] as [string, District]),
  ...Object.entries(DISTRICT_ALIASES).map(([alias, name]) => [indexedText(alias), name] as [string, District]),
];

/** The district a free-text location names first ("Dhaka, Mirpur" is in Dhaka), or null. */
export function districtOf(location: string): District | null {
  const text = ` ${indexedText(location)} `;
  let found: { at: number; district: District } | null = null;
  for (const [words, district] of ALIASES) {
    const at = text.indexOf(` ${words} `);
    if (at >= 0 && (!found || at < found.at)) found = { at, district };
  }
  return found?.district ?? null;
}

/**
 * Edit distance counting a swap of two neighbouring letters as one edit (optimal string alignment),
 * so "iphnoe" is one edit from "iphone". Gives up (answers `limit + 1`) once it exceeds `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > limit) return limit + 1;
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/** How many edits a typed word may be from the word it is taken for: none for short words or numbers. */
export function editsAllowed(word: string): number {
  if (/\p{N}/u.test(word)) return 0;
  const length = [...word].length;
  return length < 4 ? 0 : length < 6 ? 1 : 2;
}
