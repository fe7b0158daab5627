import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { timeLimit } from './support/time-limits';

/*
 * `npm run i18n:extract` (docs/i18n.md): @formatjs/cli's extractor over the client, which finds the
 * ids written as literals in `<Msg id="…">`. Each must be a key of the English catalogs the client
 * carries (its areas' and the shared one), so a catalog key renamed or dropped fails here too.
 */
const ROOT = join(import.meta.dirname, '..');

function extractedIds(): string[] {
  const out = join(mkdtempSync(join(tmpdir(), 'i18n-extract-')), 'extracted.json');
  const script = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
    .scripts['i18n:extract']!;
  // The script's own command, with its output to a temporary file instead of dist/.
  const command = script.replace(/--out-file \S+/, `--out-file ${out}`);
  const run = spawnSync(`npx ${command}`, { cwd: ROOT, shell: true, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return Object.keys(JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>);
}

function englishKeys(): Set<string> {
  const folders = readdirSync(join(ROOT, 'src/client'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(ROOT, 'src/client', entry.name, 'locales'))
    .filter((folder) => existsSync(folder));
  const keys = [...folders, join(ROOT, 'src/shared/locales')].flatMap((folder) =>
    Object.keys(JSON.parse(readFileSync(join(folder, 'en.json'), 'utf8')) as Record<string, unknown>),
  );
  return new Set(keys);
}

describe('npm run i18n:extract', () => {
  it(
    'finds the client’s literal message ids, each in the catalogs',
    () => {
      const ids = extractedIds();
      // Far from none: the screens write most of their texts through <Msg>.
      expect(ids.length).toBeGreaterThan(100);
      expect(ids).toContain('catalog.banner.title');
      const known = englishKeys();
      expect(ids.filter((id) => !known.has(id))).toEqual([]);
    },
    timeLimit(60_000),
  );
});
