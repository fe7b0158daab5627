import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { timeLimit } from './support/time-limits';

/*
 * npm start builds only what changed since the last build (scripts/build-if-changed.ts). Run here
 * through npm itself, with this project's start script, in a copy of the project whose builds are
 * stand-ins that count how often they ran (the real client build takes over a minute).
 */

const root = resolve(import.meta.dirname, '..');
let project: string;

afterEach(() => rmSync(project, { recursive: true, force: true }));

/** A stand-in build: writes its output and counts its runs in built-<name>.log. */
const fakeBuild = (name: string, output: string) =>
  `node -e "const fs=require('fs');fs.mkdirSync(require('path').dirname('${output}'),{recursive:true});fs.writeFileSync('${output}','');fs.appendFileSync('built-${name}.log','x')"`;

function makeProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'phonehaat-start-'));
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  pkg.scripts = {
    start: pkg.scripts.start,
    'build:client': `${fakeBuild('client', 'dist/client/index.html')} && ${fakeBuild('ssr', 'dist/ssr/entry-1.js')}`,
    'build:server': fakeBuild('server', 'dist/server/main.js'),
    serve: 'node -e "console.log(\'serving\')"',
  };
  writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg));
  writeFileSync(join(dir, 'package-lock.json'), '{}');
  mkdirSync(join(dir, 'scripts'));
  cpSync(join(root, 'scripts/build-if-changed.ts'), join(dir, 'scripts/build-if-changed.ts'));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  const files: Record<string, string> = {
    'index.html': '<div id="root"></div>',
    'vite.config.ts': 'export default {};',
    'src/client/main.tsx': 'export const screen = 1;',
    'src/shared/paths.ts': 'export const home = "/";',
    'src/server/main.ts': 'export const port = 3000;',
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

const npmStart = () => execFileSync('npm', ['start', '--silent'], { cwd: project, encoding: 'utf8' });
const runs = (name: string) => {
  try {
    return readFileSync(join(project, `built-${name}.log`), 'utf8').length;
  } catch {
    return 0;
  }
};
const edit = (file: string, text: string) => writeFileSync(join(project, file), text);

describe('npm start', () => {
  it(
    'builds on the first start, skips the build on a second start with no source change, and serves',
    () => {
      project = makeProject();
      const first = npmStart();
      expect(first).toContain('client: building');
      expect(first).toContain('server: building');
      expect([runs('client'), runs('server')]).toEqual([1, 1]);

      const second = npmStart();
      expect(second).toContain('client: no source changed since the last build, not building it');
      expect(second).toContain('server: no source changed since the last build, not building it');
      expect(second).toContain('serving');
      expect([runs('client'), runs('server')]).toEqual([1, 1]);
    },
    timeLimit(30_000),
  );

  it(
    'builds again what a changed source belongs to, a new dependency, or a missing output',
    () => {
      project = makeProject();
      npmStart();
      edit('src/client/main.tsx', 'export const screen = 2;');
      npmStart();
      expect([runs('client'), runs('server')]).toEqual([2, 1]);

      edit('src/server/main.ts', 'export const port = 3001;');
      npmStart();
      expect([runs('client'), runs('server')]).toEqual([2, 2]);

      // Shared code is in both; so is the lock file.
      edit('src/shared/paths.ts', 'export const home = "/home";');
      npmStart();
      expect([runs('client'), runs('server')]).toEqual([3, 3]);
      edit('package-lock.json', '{"lockfileVersion":3}');
      npmStart();
      expect([runs('client'), runs('server')]).toEqual([4, 4]);

      // A file only touched (same content) is no change; a deleted output is built again.
      edit('src/client/main.tsx', 'export const screen = 2;');
      rmSync(join(project, 'dist/server'), { recursive: true });
      npmStart();
      expect([runs('client'), runs('server')]).toEqual([4, 5]);
    },
    timeLimit(60_000),
  );

  it(
    'stops on a failed build, and builds again on the next start',
    () => {
      project = makeProject();
      const pkg = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'));
      const working = pkg.scripts['build:server'];
      pkg.scripts['build:server'] = 'node -e "process.exit(3)"';
      writeFileSync(join(project, 'package.json'), JSON.stringify(pkg));
      expect(() => execFileSync('npm', ['start', '--silent'], { cwd: project, stdio: 'pipe' })).toThrow(
        /The server build failed/,
      );
      pkg.scripts['build:server'] = working;
      writeFileSync(join(project, 'package.json'), JSON.stringify(pkg));
      expect(npmStart()).toContain('serving');
      expect(runs('server')).toBe(1);
    },
    timeLimit(30_000),
  );
});
