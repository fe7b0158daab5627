/*
 * A GET load measured by Debian's `wrk` (multi-threaded C, one event loop per thread), with the
 * requests of wrk-requests.lua. autocannon, one JavaScript thread, tops out near 9,000 requests a
 * second on a core, below the bare server: the benchmark then measured its own generator. wrk
 * sends several times that from the same core, so the bare server's figure is the servers' limit.
 */
import { execFile } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const REQUESTS = join(import.meta.dirname, 'wrk-requests.lua');
const WRITES = join(import.meta.dirname, 'wrk-writes.lua');
/** One thread a core: wrk's threads each run their own loop; more than the cores only take turns. */
const THREADS = Number(process.env.BENCH_WRK_THREADS ?? availableParallelism());

export interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

/** Different from one run to the next too, so a new run's requests do not meet the last one's answers. */
let runs = 0;

export async function wrk(
  url: string,
  connections: number,
  seconds: number,
  {
    everyRequestNew = false,
    headers = {},
    paths = [],
  }: {
    everyRequestNew?: boolean;
    headers?: Record<string, string>;
    /** Paths sent in turn instead of the URL's (each thread starts at its own): the mixed load's reads. */
    paths?: string[];
  },
): Promise<WrkResult> {
  runs += 1;
  return runWrk(url, Math.min(THREADS, connections), connections, seconds, headers, REQUESTS, [
    everyRequestNew ? '1' : '0',
    `${process.pid}.${runs}`,
    ...paths,
  ]);
}

/**
 * A write load: one connection a URL, each in a thread of its own that sends only to it (a message
 * into a conversation of its own), with its own session cookie when `cookies` gives one a URL (each
 * connection a person of its own), every request's body made from `bodyTemplate` with its `{n}`
 * replaced by a token no other request has (wrk-writes.lua). In wrk's own process, not this one's
 * event loop, so the generator takes a small share of the cores the servers run on.
 */
export async function wrkWrites(
  urls: string[],
  seconds: number,
  {
    method,
    headers,
    cookies = [],
    bodyTemplate,
  }: { method: string; headers: Record<string, string>; cookies?: string[]; bodyTemplate: string },
): Promise<WrkResult> {
  if (cookies.length > 0 && cookies.length !== urls.length) throw new Error('a write takes one cookie a URL');
  runs += 1;
  const origin = new URL(urls[0]!).origin;
  // Each thread's path, then its cookie (empty for none).
  const perThread = urls.flatMap((url, index) => {
    const parsed = new URL(url);
    if (parsed.origin !== origin) throw new Error('wrk sends to one origin');
    return [parsed.pathname + parsed.search, cookies[index] ?? ''];
  });
  return runWrk(origin, urls.length, urls.length, seconds, headers, WRITES, [
    method,
    // Letters, digits and dashes only: the token goes into a client id.
    `${process.pid}-${runs}`,
    bodyTemplate,
    ...perThread,
  ]);
}

async function runWrk(
  url: string,
  threads: number,
  connections: number,
  seconds: number,
  headers: Record<string, string>,
  script: string,
  args: string[],
): Promise<WrkResult> {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const { stdout } = await run(
    'wrk',
    [
      `-t${threads}`,
      `-c${connections}`,
      `-d${seconds}s`,
      '--timeout',
      '10s',
      ...headerArgs,
      '-s',
      script,
      url,
      '--',
      ...args,
    ],
    { maxBuffer: 1 << 20 },
  );
  const line = stdout.split('\n').find((l) => l.startsWith('{"requests"'));
  if (!line) throw new Error(`wrk printed no summary for ${url}:\n${stdout}`);
  const summary = JSON.parse(line) as {
    requests: number;
    durationUs: number;
    p50Us: number;
    p99Us: number;
    failures: number;
  };
  return {
    rps: summary.requests / (summary.durationUs / 1e6),
    // In ms to a tenth: whole ms would make a 1.4 ms p99 against a 0.6 ms one look equal.
    p50: Math.round(summary.p50Us / 100) / 10,
    p99: Math.round(summary.p99Us / 100) / 10,
    failures: summary.failures + (summary.requests === 0 ? 1 : 0),
  };
}
