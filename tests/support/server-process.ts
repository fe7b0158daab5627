import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { isThisMachine } from '#server/config';
import { timeLimit } from './time-limits';

const MAIN = join(import.meta.dirname, '../../src/server/main.ts');
const STARTUP_LIMIT_MS = timeLimit(90_000);

/** The real server (src/server/main.ts) in a process of its own, as `npm start` runs it. */
export interface ServerProcess {
  origin: string;
  child: ChildProcess;
  /** Everything it wrote to stderr so far (a crash, a warning of Node's). */
  stderr(): string;
  /** The lines it wrote to standard output so far: its log (JSON lines at LOG_LEVEL and above). */
  stdout(): string[];
  /** Resolves with the exit code, or the signal's name, once the process has ended. */
  exited: Promise<number | string>;
  /** SIGTERM, then SIGKILL if it is still there after `graceMs`. */
  stop(graceMs?: number): Promise<number | string>;
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      PASSWORD_HASH_COST: hashCostFor(env),
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      // One process unless a test asks for more: signals and exit codes are then the server's own.
      WEB_CONCURRENCY: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
  const output: string[] = [];
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const server: ServerProcess = {
    origin: `http://127.0.0.1:${port}`,
    child,
    stderr: () => errors,
    stdout: () => [...output],
    exited,
    async stop(graceMs = 20_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const outcome = await exited;
      clearTimeout(timer);
      return outcome;
    },
  };

  const lines = createInterface({ input: child.stdout! });
  const listening = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start in time')), STARTUP_LIMIT_MS);
    lines.on('line', (line) => {
      output.push(line);
      if (!line.startsWith('PhoneHaat is running')) return;
      clearTimeout(timer);
      resolve();
    });
    void exited.then((outcome) => {
      clearTimeout(timer);
      reject(new Error(`the server ended before listening (${outcome}):\n${errors}`));
    });
  });
  try {
    await listening;
  } catch (error) {
    await server.stop(1000);
    throw error;
  }
  return server;
}

/**
 * The run's password hash cost (vitest.config.ts), as the apps in the test's own process have it,
 * except for a server that stands for a public one (behind a proxy, or at an address elsewhere):
 * that one refuses the test runs' cost, so it hashes at the default.
 */
function hashCostFor(env: Record<string, string>): string {
  const elsewhere = env.TRUST_PROXY || (env.PUBLIC_URL && !isThisMachine(env.PUBLIC_URL));
  return elsewhere ? '' : (process.env.PASSWORD_HASH_COST ?? '');
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}
