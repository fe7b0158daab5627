/*
 * npm start's build: the client and the server are built only when their sources changed since
 * their last build, so a restart serves within seconds instead of rebuilding the client (over a
 * minute). What a build was made from is a hash of its inputs' paths and contents, kept next to
 * the output: unlike modification times it survives a checkout or a copy, and a change
 * reverted is no change.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export interface BuildStep {
  name: string;
  /** Files and folders (relative to the root) the build reads. */
  inputs: string[];
  /** Whether the build's output is there (a deleted dist/ is built again). */
  built: (root: string) => boolean;
  command: string[];
}

const hasEntry = (folder: string) =>
  existsSync(folder) && readdirSync(folder).some((name) => name.startsWith('entry-'));

/** Both builds read the lock file and package.json: a new dependency or build script builds again. */
export const STEPS: BuildStep[] = [
  {
    name: 'client',
    inputs: [
      'index.html',
      'vite.config.ts',
      'aliases.ts',
      'public',
      'src/client',
      'src/shared',
      'package.json',
      'package-lock.json',
    ],
    // The client, then the server's page renderer (an entry-<hash>.js in dist/ssr).
    built: (root) => existsSync(join(root, 'dist/client/index.html')) && hasEntry(join(root, 'dist/ssr')),
    command: ['npm', 'run', 'build:client'],
  },
  {
    name: 'server',
    inputs: ['src/server', 'src/shared', 'tsconfig.json', 'package.json', 'package-lock.json'],
    built: (root) => existsSync(join(root, 'dist/server/main.js')),
    command: ['npm', 'run', 'build:server'],
  },
];

function filesUnder(root: string, path: string): string[] {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full)
    .sort()
    .flatMap((entry) => filesUnder(root, join(path, entry)));
}

/** The hash of every input file's path and content, in a fixed order. */
export function sourcesHash(root: string, inputs: string[]): string {
  const hash = createHash('sha256');
  for (const file of [...new Set(inputs.flatMap((input) => filesUnder(root, input)))].sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const stampOf = (root: string, step: BuildStep) => join(root, 'dist', '.built', `${step.name}.sha256`);

function readStamp(path: string): string | undefined {
  return existsSync(path) ? readFileSync(path, 'utf8').trim() : undefined;
}

/**
 * Runs the step's build unless its output is there and was made from these very sources; answers
 * whether it built. A failed build throws, and leaves no stamp, so the next start builds again.
 */
export function buildIfChanged(root: string, step: BuildStep, log: (line: string) => void): boolean {
  const stamp = stampOf(root, step);
  const hash = sourcesHash(root, step.inputs);
  if (step.built(root) && readStamp(stamp) === hash) {
    log(`${step.name}: no source changed since the last build, not building it`);
    return false;
  }
  log(`${step.name}: building`);
  const [command, ...args] = step.command;
  const build = spawnSync(command!, args, { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`The ${step.name} build failed (see above)`);
  mkdirSync(dirname(stamp), { recursive: true });
  writeFileSync(stamp, `${hash}\n`);
  return true;
}

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename);
if (isMain) {
  const root = resolve(import.meta.dirname, '..');
  try {
    for (const step of STEPS) buildIfChanged(root, step, (line) => console.log(`npm start: ${line}`));
  } catch (error) {
    console.error(`npm start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
