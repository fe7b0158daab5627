import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The API answers every refusal in the request's language (docs/i18n-server.md), so a refusal's
 * message is a catalog id (`serverMessage`, `messageText`), never an English sentence: a sentence
 * written into `new AppError(` or `forbidden(` anywhere in src/server fails here.
 */

const SERVER = join(import.meta.dirname, '..', 'src', 'server');

const REFUSAL = /\bnew AppError\(|\bforbidden\(/g;
const STRING = /'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g;
/** Words with a space between them: a sentence. Catalog ids, codes and select values have no space. */
const WORDS = /[A-Za-z]+ [A-Za-z]+/;

/** The text of the call starting at `start` (its opening parenthesis included), up to the one that closes it. */
function callAt(source: string, start: number): string {
  let depth = 0;
  for (let at = start; at < source.length; at += 1) {
    const char = source[at]!;
    if (char === "'" || char === '"' || char === '`') {
      STRING.lastIndex = at;
      const literal = STRING.exec(source);
      if (literal?.index === at) at += literal[0].length - 1;
    } else if (char === '(') depth += 1;
    else if (char === ')' && --depth === 0) return source.slice(start, at + 1);
  }
  return source.slice(start);
}

/** Each refusal of `source` with an English sentence in it, as `line: call`. */
export function englishRefusals(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(REFUSAL)) {
    const call = callAt(source, match.index);
    const literals = call.match(STRING) ?? [];
    if (literals.some((literal) => WORDS.test(literal))) {
      const line = source.slice(0, match.index).split('\n').length;
      found.push(`${line}: ${call.replace(/\s+/g, ' ')}`);
    }
  }
  return found;
}

function serverFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return serverFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** What `scan` finds in the server's files (those `keep` takes), each as `file:line: text`. */
const foundInServer = (scan: (source: string) => string[], keep: (file: string) => boolean = () => true) =>
  serverFiles(SERVER)
    .filter(keep)
    .flatMap((file) => scan(readFileSync(file, 'utf8')).map((text) => `${relative(SERVER, file)}:${text}`));

describe("the server's refusals", () => {
  it('are read by a scanner that finds an English sentence and lets catalog ids through', () => {
    const planted = [
      "if (x) throw new AppError('CONFLICT', `This booking is ${status}, so it cannot be ${doing}`);",
      'throw forbidden(',
      "  'Only the seller (of this phone) can answer',",
      ');',
      "throw new AppError('VALIDATION_FAILED', message, { photo: 'Upload your own photo' });",
      "throw new AppError('CONFLICT', serverMessage('server.products.error.ownOnly', { doing: 'stopAdvertising' }));",
      "throw forbidden(messageText('shared.errors.crossSite'));",
      "throw new AppError('NOT_FOUND', messageText(NOT_FOUND[what]));",
    ].join('\n');
    expect(englishRefusals(planted).map((found) => found.split(':')[0])).toEqual(['1', '2', '5']);
  });

  it('are catalog messages everywhere', () => {
    expect(foundInServer(englishRefusals)).toEqual([]);
  });
});

/*
 * What the server stores for people to read later (why a booking ended, a deleted buyer's name, a
 * meeting place, a moderation note, reason or case title) is a code or a catalog id, worded when it
 * is read in its reader's language (docs/i18n-server.md, "The server's words in the data"): an
 * English sentence written into one of those columns, or passed to a call that stores one, fails here.
 */

/** The columns people read that the server writes into; a code or an id has no space. */
const STORED_TEXT =
  /\b(?:status_reason|status_reason_code|buyer_name|meet_location|note|reason|hidden_reason|hidden_reason_code|moderation_reason|moderation_reason_code|decision_reason|title|actor_name)\s*:\s*/g;
/** The calls that store such a text. */
const STORING_CALL =
  /\b(?:closeOpenRequests|cancelBookingsOfBuyer|moveBooking|moderateListing|setModerationState|hideReview|appendLog|openCase)\(/g;

/** A literal with its template parts as a word each: `${a} about ${b}` is a sentence too. */
const isSentence = (literal: string) => WORDS.test(literal.replace(/\$\{[^}]*\}/g, 'X'));

/** Each English sentence `source` stores, as `line: text`. */
export function englishStoredTexts(source: string): string[] {
  const found: string[] = [];
  const lineOf = (index: number) => source.slice(0, index).split('\n').length;
  for (const match of source.matchAll(STORED_TEXT)) {
    const at = match.index + match[0].length;
    STRING.lastIndex = at;
    const literal = STRING.exec(source);
    if (literal?.index === at && isSentence(literal[0])) found.push(`${lineOf(match.index)}: ${match[0]}${literal[0]}`);
  }
  for (const match of source.matchAll(STORING_CALL)) {
    const call = callAt(source, match.index + match[0].length - 1);
    if ((call.match(STRING) ?? []).some(isSentence)) found.push(`${lineOf(match.index)}: ${call.replace(/\s+/g, ' ')}`);
  }
  return found;
}

/**
 * Where the server writes for itself: the demo's seed plays people's own words, migrations read old
 * rows, and the HTTP layer stores nothing (its `title` is the OpenAPI document's).
 */
const writesForItself = (file: string) => !/[\\/](seed|migrations|http)[\\/]/.test(file);

describe("the server's words in the data", () => {
  it('are read by a scanner that finds an English sentence stored and lets codes and ids through', () => {
    const planted = [
      "await moveBooking(trx, id, ['requested'], 'declined', 'sold to another buyer');",
      "await closeOpenRequests(trx, tell, productId, 'seller_hid');",
      "await appendLog(trx, { reason: 'other', note: 'The restriction ended at its time.' });",
      "  title: `${author}'s review of ${subject}`,",
      "  .set({ buyer_name: 'Deleted account' })",
      "  .set({ buyer_name: '', status_reason_code: 'account_removed', note: null })",
      '  title: conversationTitle(name, product),',
      '  title: `${a} about ${b}`,',
    ].join('\n');
    expect(englishStoredTexts(planted).map((found) => found.split(':')[0])).toEqual(['3', '4', '5', '8', '1', '3']);
  });

  it('are codes and ids everywhere the server writes for itself', () => {
    expect(foundInServer(englishStoredTexts, writesForItself)).toEqual([]);
  });
});
