import { execFile } from 'node:child_process';
import { chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process';

const run = promisify(execFile);
const PG_ROOT = '/usr/lib/postgresql';

/**
 * A PostgreSQL cluster of a test's own, in a temporary folder on a free port of 127.0.0.1, that the
 * test may stop and restart: the machine's shared PostgreSQL on 5432 serves other tests meanwhile
 * and must never go away.
 */
export interface PgCluster {
  /** A URL of the cluster's `postgres` database, user `postgres`, no password. */
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** `pg_ctl restart -m fast`: every connection is ended, as when the machine's service restarts. */
  restart(): Promise<void>;
  /** Stops the cluster (if running) and deletes its folder. */
  remove(): Promise<void>;
}

/** Whether this machine has the PostgreSQL server binaries (Debian's layout) a PgCluster needs. */
export async function postgresBinDir(): Promise<string | undefined> {
  const versions = await readdir(PG_ROOT).catch(() => [] as string[]);
  const newest = versions.filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a))[0];
  return newest ? join(PG_ROOT, newest, 'bin') : undefined;
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = await postgresBinDir();
  if (!bin) throw new Error(`no PostgreSQL server under ${PG_ROOT}`);
  const dir = await mkdtemp(join(tmpdir(), 'phonehaat-pg-'));
  const asRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root: then the cluster belongs to the `postgres` user.
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const asOwner = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]) : run(join(bin, tool), args);

  const port = await freePort();
  const data = join(dir, 'data');
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const pgCtl = (...args: string[]) => asOwner('pg_ctl', ['-D', data, '-l', join(dir, 'log'), ...args]);

  await asOwner('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  await pgCtl('-o', serverOptions, '-w', 'start');
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await pgCtl('-m', 'fast', '-w', 'stop');
      running = false;
    },
    async start() {
      await pgCtl('-o', serverOptions, '-w', 'start');
      running = true;
    },
    async restart() {
      await pgCtl('-o', serverOptions, '-m', 'fast', '-w', 'restart');
    },
    async remove() {
      if (running) await pgCtl('-m', 'immediate', '-w', 'stop').catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
