import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '#shared/i18n/locales';

/*
 * Every message catalog (docs/i18n.md): each client area's, the shared one and the server's. A key
 * missing in one language, a key outside its area's prefix, or a message that does not parse fails
 * here, before a screen shows an id or a mail a raw `{`.
 */
const ROOT = join(import.meta.dirname, '..');

function catalogFolders(): Array<{ folder: string; prefix: string }> {
  const areas = (side: 'client' | 'server') =>
    readdirSync(join(ROOT, 'src', side), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(ROOT, 'src', side, entry.name, 'locales')))
      // The server's ids say whose they are (`server.mail.…`, docs/i18n-server.md).
      .map((entry) => ({
        folder: `src/${side}/${entry.name}/locales`,
        prefix: side === 'server' ? `server.${entry.name}.` : `${entry.name}.`,
      }));
  return [...areas('client'), ...areas('server'), { folder: 'src/shared/locales', prefix: 'shared.' }];
}

const read = (folder: string, locale: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(ROOT, folder, `${locale}.json`), 'utf8')) as Record<string, unknown>;

const folders = catalogFolders();

/** The variables a message uses (`{name}`, `{count, plural, …}`, `<b>…</b>`), sorted; throws when it does not parse. */
function variablesOf(message: string, locale: string): string[] {
  const format = new IntlMessageFormat(message, locale === 'bn' ? 'bn-BD' : 'en-GB');
  const found: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const element = node as { type?: number; value?: unknown };
    // Every element but literal text (0) and `#` (7) names a variable or a tag in `value`.
    if (typeof element.value === 'string' && element.type !== 0 && element.type !== 7) found.push(element.value);
    Object.values(node).forEach(visit);
  };
  visit(format.getAst());
  return [...new Set(found)].sort();
}

describe('the message catalogs', () => {
  it('are checked by a reader that sees variables and refuses broken messages', () => {
    expect(variablesOf('{count, plural, one {# phone by {name}} other {# phones}} <b>now</b>', 'en')).toEqual([
      'b',
      'count',
      'name',
    ]);
    expect(() => variablesOf('Price : {price', 'en')).toThrow();
  });

  it('are found beside every area that has one', () => {
    expect(folders.map(({ folder }) => folder)).toContain('src/client/components/locales');
    expect(folders.map(({ folder }) => folder)).toContain('src/shared/locales');
  });

  it.each(folders)('$folder has the same keys in every language', ({ folder }) => {
    const [first, ...others] = LOCALES.map((locale) => Object.keys(read(folder, locale)).sort());
    for (const keys of others) expect(keys).toEqual(first);
  });

  it.each(folders)('$folder names its keys after its area', ({ folder, prefix }) => {
    for (const locale of LOCALES) {
      const strays = Object.keys(read(folder, locale)).filter((key) => !key.startsWith(prefix));
      expect(strays, `${folder}/${locale}.json`).toEqual([]);
    }
  });

  it.each(folders)('$folder has only messages that parse, with the same variables in each language', ({ folder }) => {
    const english = read(folder, 'en');
    for (const locale of LOCALES) {
      for (const [key, message] of Object.entries(read(folder, locale))) {
        expect(typeof message, `${key} in ${locale}`).toBe('string');
        expect(() => variablesOf(message as string, locale), `${key} in ${locale}`).not.toThrow();
        if (locale !== 'en' && typeof english[key] === 'string')
          expect(variablesOf(message as string, locale), `${key}'s variables in ${locale}`).toEqual(
            variablesOf(english[key], 'en'),
          );
      }
    }
  });

  // A price goes in as a value named `price` or `…Price`, which the translators write with formatPrice.
  it.each(folders)('$folder writes no currency after a value of its own', ({ folder }) => {
    for (const locale of LOCALES) {
      const selfPriced = Object.entries(read(folder, locale)).filter(([, message]) =>
        /\{\s*\w+\s*(?:,\s*number[^{}]*)?\}\s*(?:Tk|টাকা)/.test(String(message)),
      );
      expect(selfPriced, `${folder}/${locale}.json`).toEqual([]);
    }
  });
});
