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
    const found = serverFiles(SERVER).flatMap((file) =>
      englishRefusals(readFileSync(file, 'utf8')).map((call) => `${relative(SERVER, file)}:${call}`),
    );
    expect(found).toEqual([]);
  });
});
