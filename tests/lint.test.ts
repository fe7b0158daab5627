import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { timeLimit } from './support/time-limits';

/*
 * `npm run lint` holds the floor plan (docs/CONTRIBUTING.md, "Layout"): a copy of the project's lint
 * set-up over a small tree passes clean, and fails once each kind of violation is planted in it.
 * The copy lives in a temporary folder, so a lint of the real tree never sees the planted files.
 */

const ROOT = join(import.meta.dirname, '..');
const run = promisify(execFile);
let project: string;

/** A clean little tree: an area on each side, shared code, and the folders the rules name. */
const CLEAN: Record<string, string> = {
  'src/shared/money.ts': 'export const tk = (n: number): string => `${n} Tk`;\n',
  'src/server/db/rows.ts': 'export const table = (name: string): string => name;\n',
  'src/server/products/repository.ts':
    "import { table } from '#server/db/rows';\n\nexport const products = (): string => table('products');\n",
  'src/server/products/service.ts':
    "import { tk } from '#shared/money';\nimport { products } from './repository';\n\nexport const priced = (): string => `${products()} ${tk(1)}`;\n",
  'src/client/components/Price.ts':
    "import { tk } from '#shared/money';\n\nexport const price = (n: number): string => tk(n);\n",
  'src/client/catalog/Card.ts':
    "import { price } from '#client/components/Price';\n\nexport const card = (): string => price(2);\n",
};

/** One violation of each rule, with what the lint must say about it. */
const PLANTED: Array<{ file: string; text: string; says: string }> = [
  {
    file: 'src/client/catalog/Leak.ts',
    text: "import { products } from '#server/products/repository';\n\nexport const leak = products;\n",
    says: 'the client does not import the server',
  },
  {
    file: 'src/server/products/Screen.ts',
    text: "import { card } from '#client/catalog/Card';\n\nexport const screen = card;\n",
    says: 'the server does not import the client',
  },
  {
    file: 'src/shared/reach.ts',
    text: "import { priced } from '#server/products/service';\n\nexport const reach = priced;\n",
    says: 'src/shared imports neither side',
  },
  {
    file: 'src/server/db/upward.ts',
    text: "import { products } from '#server/products/repository';\n\nexport const upward = products;\n",
    says: 'a lower folder does not import a higher one',
  },
  {
    file: 'src/client/components/Area.ts',
    text: "import { card } from '#client/catalog/Card';\n\nexport const area = card;\n",
    says: 'is shared by the areas and imports none of them',
  },
  {
    file: 'src/server/products/climb.ts',
    text: "import { table } from '../db/rows';\n\nexport const climb = table;\n",
    says: "leaves its area: import '#server/db/rows'",
  },
  {
    file: 'src/server/products/ping.ts',
    text: "import { pong } from './pong';\n\nexport const ping = (): string => 'ping';\nexport const both = (): string => ping() + pong();\n",
    says: 'import cycle',
  },
  {
    file: 'src/server/products/pong.ts',
    text: "import { ping } from './ping';\n\nexport const pong = (): string => 'pong';\nexport const again = (): string => ping();\n",
    says: 'import cycle',
  },
  {
    file: 'src/server/products/forgot.ts',
    text: 'export async function save(): Promise<void> {}\n\nexport function later(): void {\n  save();\n}\n',
    says: '@typescript-eslint/no-floating-promises',
  },
  {
    file: 'src/shared/state.ts',
    text: "export type State = 'open' | 'sold';\n\nexport function label(state: State): string {\n  switch (state) {\n    case 'open':\n      return 'Open';\n  }\n  return '';\n}\n",
    says: '@typescript-eslint/switch-exhaustiveness-check',
  },
];

function write(files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(project, file)), { recursive: true });
    writeFileSync(join(project, file), text);
  }
}

/** `npm run lint`'s own command line, in the copy: its exit code and what it printed. */
async function lint(): Promise<{ code: number; output: string }> {
  const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
  try {
    const { stdout, stderr } = await run('sh', ['-c', scripts.lint!], {
      cwd: project,
      env: { ...process.env, PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env.PATH}` },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'phonehaat-lint-'));
  for (const file of [
    'eslint.config.js',
    'lint',
    'tsconfig.json',
    '.prettierrc.json',
    '.prettierignore',
    'package.json',
  ])
    cpSync(join(ROOT, file), join(project, file), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(project, 'node_modules'));
  write(CLEAN);
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

it(
  'passes a clean tree, and fails on each planted violation of the floor plan',
  async () => {
    const clean = await lint();
    expect(clean.output).not.toContain('error');
    expect(clean.code).toBe(0);

    write(Object.fromEntries(PLANTED.map((plant) => [plant.file, plant.text])));
    const planted = await lint();
    expect(planted.code).not.toBe(0);
    for (const plant of PLANTED) {
      const report = planted.output.split(`${join(project, plant.file)}\n`)[1]?.split('\n\n')[0] ?? '';
      expect(report, `${plant.file} in:\n${planted.output}`).toContain(plant.says);
    }
  },
  timeLimit(120_000),
);
