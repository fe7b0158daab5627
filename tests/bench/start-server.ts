import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const STARTUP_LIMIT_MS = 60_000;

export interface BenchServer {
  /** Where it listens, such as http://127.0.0.1:40123. */
  origin: string;
  /** Stops the server and deletes its data folder. */
  stop(): Promise<void>;
}

/**
 * Starts tests/bench/server.ts in a process of its own on a fresh temporary data folder; `env`
 * reaches it as it is (BENCH_LISTINGS, BENCH_DATABASE_URL, BENCH_SCHEMA: see server.ts).
 */
export async function startBenchServer(
  env: Record<string, string> = {},
  startupLimitMs = STARTUP_LIMIT_MS,
): Promise<BenchServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'phonehaat-bench-'));
  const server = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'server.ts'), dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await once(server, 'exit');
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const origin = new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: server.stdout });
    const timer = setTimeout(
      () => reject(new Error(`the server did not start within ${startupLimitMs / 1000} s`)),
      startupLimitMs,
    );
    lines.once('line', (line) => {
      clearTimeout(timer);
      lines.close();
      resolve(line.trim());
    });
    server.once('exit', (code) => reject(new Error(`the server stopped before listening (exit ${code})`)));
  });
  try {
    return { origin: await origin, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
