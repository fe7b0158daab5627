/*
 * The bare server (bare-server.ts) as the benchmarks use it: record the app's answers to some paths,
 * then start a bare node:http server in a process of its own that sends the very same bytes.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { RecordedAnswer } from './bare-server';
import { cpuUsed } from './marketplace';

/** The headers a browser's request carries that change the answer's bytes. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };
/** Hop-by-hop or per-message headers the bare server's node:http writes itself. */
const OWN_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date']);

export async function recordAnswers(origin: string, paths: string[]): Promise<Record<string, RecordedAnswer>> {
  const answers: Record<string, RecordedAnswer> = {};
  for (const path of paths) {
    // Twice: the first answer may be computed while the second comes from the cache, with its ETag.
    await fetchRaw(origin + path);
    answers[path] = await fetchRaw(origin + path);
  }
  return answers;
}

/** The answer as it went over the wire: fetch() would decompress it, so node:http reads it instead. */
async function fetchRaw(url: string): Promise<RecordedAnswer> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    request(url, { headers: BROWSER_HEADERS }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (response.statusCode !== 200) return reject(new Error(`${url} answered ${response.statusCode}`));
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined && !OWN_HEADERS.has(name)) headers[name] = String(value);
        }
        resolve({ status: 200, headers, body: Buffer.concat(chunks).toString('base64') });
      });
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

export interface BareServer {
  origin: string;
  /** CPU seconds its processes have used so far, to weigh the app's work per answer against none. */
  cpuSeconds(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * `processes`: as many as the app runs, so both share the cores with the load generator alike and
 * the comparison is of the work per request alone.
 */
export async function startBareServer(answers: Record<string, RecordedAnswer>, processes: number): Promise<BareServer> {
  const dir = await mkdtemp(join(tmpdir(), 'phonehaat-bare-'));
  const file = join(dir, 'answers.json');
  await writeFile(file, JSON.stringify(answers));
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'bare-server.ts'), file, String(processes)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await once(server, 'exit');
    }
    await rm(dir, { recursive: true, force: true });
  };
  const [line] = (await once(createInterface({ input: server.stdout! }), 'line')) as [string];
  return { origin: line.trim(), cpuSeconds: () => cpuUsed(server.pid!), stop };
}
