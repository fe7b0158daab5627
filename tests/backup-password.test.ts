import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';

/*
 * npm run backup and restore hand PostgreSQL's tools the database password in PGPASSWORD, never on
 * their command line, where every user of the machine can read it. Stand-ins for pg_dump and psql,
 * first on PATH, write down what they were given.
 */

const PASSWORD = 'S3cret-pw_for-the-db';
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'phonehaat-pgtools-'));
  for (const tool of ['pg_dump', 'psql']) {
    const script = `#!/bin/sh
printf '%s\\n' "$@" > "${scratch}/${tool}.args"
printf '%s' "$PGPASSWORD" > "${scratch}/${tool}.password"
for arg in "$@"; do case "$arg" in --file=*) : > "\${arg#--file=}";; esac; done
`;
    await writeFile(join(scratch, tool), script);
    await chmod(join(scratch, tool), 0o755);
  }
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

const runScript = (script: string, args: string[]) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', join('scripts', `${script}.ts`), ...args], {
    env: {
      PATH: `${scratch}:${process.env.PATH ?? ''}`,
      DATA_DIR: join(scratch, `data-${script}`),
      DATABASE_URL: `postgres://phonehaat:${encodeURIComponent(PASSWORD)}@127.0.0.1:5999/phonehaat?options=-c%20search_path%3Dshop`,
    },
  });

it.each([
  ['backup', 'pg_dump'],
  ['restore', 'psql'],
])('npm run %s gives %s the password in PGPASSWORD, not on its command line', async (script, tool) => {
  const folder = join(scratch, 'backup');
  if (script === 'backup') await runScript('backup', [folder]);
  else await runScript('restore', [folder]);
  const args = await readFile(join(scratch, `${tool}.args`), 'utf8');
  expect(args).toContain('postgres://phonehaat@127.0.0.1:5999/phonehaat');
  expect(args).not.toContain(PASSWORD);
  expect(await readFile(join(scratch, `${tool}.password`), 'utf8')).toBe(PASSWORD);
  if (tool === 'pg_dump') expect(args).toContain('--schema=shop');
  // The options keep their %20: libpq would read a + as itself.
  expect(args).toContain('options=-c%20search_path%3Dshop');
});
