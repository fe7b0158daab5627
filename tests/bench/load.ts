/*
 * One load measurement, as every benchmark takes it: a number of connections for a few seconds,
 * each request from another visitor's address (X-Forwarded-For, believed from the trusted proxy at
 * 127.0.0.1) and accepting compression as browsers do, all sent by wrk (wrk.ts) in a process of its
 * own, which outruns the servers: GETs by wrk-requests.lua, writes by wrk-writes.lua, which makes
 * each request's body anew.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { BROWSER_HEADERS } from './yardstick';
import { wrk, wrkWrites } from './wrk';
import { cpuOf } from './marketplace';

export interface Measured {
  rps: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, errors and timeouts; no answer at all in the time given counts as one. */
  failures: number;
  /** The server processes' CPU milliseconds per answer, when LoadOptions.cpuSeconds reads them. */
  cpuMs?: number;
  /** PostgreSQL's backends' CPU milliseconds per answer, when LoadOptions.databaseCpuSeconds reads them. */
  databaseCpuMs?: number;
  /**
   * The load generator's CPU milliseconds per answer (wrk, once it ended, and this process, which
   * waits for it), with cpuMs: on a machine of two cores it takes its share from the same cores.
   */
  generatorCpuMs?: number;
}

/**
 * `everyRequestNew`: each request's URL gets a parameter the API ignores (`_=<n>`), new for every
 * request, so no answer comes from the cache: the app computes every one, as for a long tail of
 * different searches.
 */
export interface LoadOptions {
  everyRequestNew?: boolean;
  /** A signed-in call's headers (its session cookie). */
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  /** A write's session cookies, one a connection: each connection then writes as a person of its own. */
  cookies?: string[];
  /**
   * A write's body, made anew for every request from this template: each `{n}` in it becomes a
   * token no other request has (a message with its own client id).
   */
  bodyTemplate?: string;
  /**
   * The server processes' CPU seconds so far (Marketplace.cpuSeconds): read around the measured
   * load, it gives the CPU each answer cost (`cpuMs`), which the machine's other load does not change
   * as it changes the latencies.
   */
  cpuSeconds?: () => Promise<number>;
  /** PostgreSQL's backends' CPU seconds so far (Marketplace.databaseCpuSeconds), read as cpuSeconds. */
  databaseCpuSeconds?: () => Promise<number>;
}

/** The generator's CPU seconds so far: this process's, and its children's that ended (wrk). */
const generatorCpuSeconds = () => cpuOf('self', true);

/** Runs `measure`, answering its result and the server CPU seconds used meanwhile. */
export async function withCpu<T>(cpuSeconds: () => Promise<number>, measure: () => Promise<T>): Promise<[T, number]> {
  const before = await cpuSeconds();
  const result = await measure();
  return [result, (await cpuSeconds()) - before];
}

/** A second of the same load first, not measured: every server process has computed its answer and warmed up. */
export async function measureLoad(
  url: string | string[],
  connections: number,
  seconds: number,
  options: LoadOptions = {},
): Promise<Measured> {
  await load(url, connections, 1, options);
  const { cpuSeconds, databaseCpuSeconds = async () => 0 } = options;
  if (!cpuSeconds) return load(url, connections, seconds, options);
  const readAll = async () => Promise.all([cpuSeconds(), databaseCpuSeconds(), generatorCpuSeconds()]);
  const before = await readAll();
  const measured = await load(url, connections, seconds, options);
  const [server, database, generator] = (await readAll()).map((after, index) => after - before[index]!);
  const perAnswer = (cpuS: number) => (cpuS * 1000) / Math.max(1, measured.rps * seconds);
  return {
    ...measured,
    cpuMs: perAnswer(server!),
    databaseCpuMs: perAnswer(database!),
    generatorCpuMs: perAnswer(generator!),
  };
}

/**
 * Measures each URL `rounds` times, taking them in turn (a, b, c, a, b, c, ...), and answers each
 * one's median. On a shared machine a slow moment then falls on all of them alike, instead of on
 * whichever was measured at that moment, and one unlucky measurement does not decide a figure.
 */
export async function measureInTurn(
  urls: Array<string | string[]>,
  connections: number,
  seconds: number,
  rounds: number,
  options: LoadOptions | ((index: number) => LoadOptions) = {},
): Promise<Measured[]> {
  // A function gives each URL its own options: each marketplace's CPU is read from its own processes.
  const optionsOf = typeof options === 'function' ? options : () => options;
  const samples = urls.map((): Measured[] => []);
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, url] of urls.entries()) {
      samples[index]!.push(await measureLoad(url, connections, seconds, optionsOf(index)));
    }
  }
  return samples.map(medianOf);
}

/** Each figure's median on its own; failures are added up. */
function medianOf(samples: Measured[]): Measured {
  const median = (pick: (m: Measured) => number) => {
    const sorted = samples.map(pick).sort((a, b) => a - b);
    const middle = sorted.length >> 1;
    return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  };
  return {
    rps: median((m) => m.rps),
    p50: median((m) => m.p50),
    p99: median((m) => m.p99),
    failures: samples.reduce((sum, m) => sum + m.failures, 0),
    ...(samples[0]?.cpuMs === undefined
      ? {}
      : {
          cpuMs: median((m) => m.cpuMs!),
          databaseCpuMs: median((m) => m.databaseCpuMs!),
          generatorCpuMs: median((m) => m.generatorCpuMs!),
        }),
  };
}

/** `url`, or a list of them for a write: each connection then sends to its own (one conversation per person). */
function load(url: string | string[], connections: number, seconds: number, options: LoadOptions): Promise<Measured> {
  const headers = { ...BROWSER_HEADERS, ...options.headers };
  if (options.method === 'POST') {
    const urls = typeof url === 'string' ? Array<string>(connections).fill(url) : url;
    if (urls.length !== connections) throw new Error('a write is measured with one URL a connection');
    return wrkWrites(urls, seconds, {
      method: 'POST',
      headers,
      cookies: options.cookies,
      bodyTemplate: options.bodyTemplate ?? '',
    });
  }
  if (typeof url !== 'string') throw new Error('a read is measured at one URL');
  return wrk(url, connections, seconds, { everyRequestNew: options.everyRequestNew, headers });
}

/** The 1-minute load average: the machine is shared, so figures are printed with it. */
export const loadAverage = () => loadavg()[0]!.toFixed(2);

/** The machine's CPU seconds so far, busy and idle, over all its cores (/proc/stat's first line, in 1/100 s). */
export function machineCpuSeconds(): { busy: number; idle: number } {
  // guest and guest_nice, the last two, are counted in user and nice already.
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n', 1)[0]!
    .split(/\s+/)
    .slice(1, 9)
    .map((ticks) => Number(ticks) / 100);
  return { busy: user! + nice! + system! + irq! + softirq! + steal!, idle: idle! + iowait! };
}
