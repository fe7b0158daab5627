/*
 * Where a write's CPU goes (docs/performance.md, the mixed load): drives one running server with
 * the mixed load's writes at a rate, beside its reads (wrk) unless READS=0, so a server started with
 * `node --cpu-prof` records a profile of them; with SERVER_PID, prints that process's CPU time per
 * write over the writes (no reads: what each kind of write costs by itself), and with DATABASE_URL
 * the CPU of PostgreSQL's backends serving that database too. Usage:
 *   SERVER_PID=<pid> [DATABASE_URL=<url>] READS=0 node --import tsx tests/bench/mixed-profile.ts http://127.0.0.1:4336 20 10 [kind]
 * (rate a second, seconds; `kind`, 0 to 5 or its name in write-mix.ts, writes only that kind: the
 * bell, sign-in and out, a booking request, a price edit, a new listing, a message; without it, the
 * mix BENCH_WRITE_MIX names first, `equal` by default).
 */
import pg from 'pg';
import { cpuOf } from './marketplace';
import { prepareWriter, readLoad, readPaths, writeAt } from './mixed';
import { WRITE_KINDS, writeMixesToMeasure, type WriteKind } from './write-mix';

const [origin = 'http://127.0.0.1:4336', rate = '50', seconds = '20', kind] = process.argv.slice(2);
if (kind !== undefined && !/^\d$/.test(kind) && !(WRITE_KINDS as readonly string[]).includes(kind)) {
  throw new Error(`no kind of write "${kind}" (${WRITE_KINDS.join(', ')})`);
}
const pid = process.env.SERVER_PID;
const database = process.env.DATABASE_URL ? new pg.Client({ connectionString: process.env.DATABASE_URL }) : undefined;
await database?.connect();

/** The server process's CPU milliseconds so far. */
const serverMs = async () => (pid ? (await cpuOf(Number(pid))) * 1000 : 0);

/**
 * The CPU milliseconds so far of PostgreSQL's backends serving the database (the server's pool and
 * its channels' connections; this one's left out), the backends that ended meanwhile lost.
 */
async function backendsMs(): Promise<Map<number, number>> {
  if (!database) return new Map();
  const { rows } = await database.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  const used = await Promise.all(
    rows.map(async ({ pid: id }) => [id, (await cpuOf(id).catch(() => 0)) * 1000] as const),
  );
  return new Map(used);
}
const backendsUsed = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [id, ms]) => sum + ms - (before.get(id) ?? 0), 0);

const writer = await prepareWriter(origin);
const paths = await readPaths(origin);
const [serverBefore, backendsBefore] = [await serverMs(), await backendsMs()];
const [reads, writes] = await Promise.all([
  process.env.READS === '0' ? undefined : readLoad(origin, paths, Number(seconds)),
  writeAt(
    origin,
    writer,
    Number(rate),
    Number(seconds),
    kind === undefined
      ? writeMixesToMeasure()[0]!
      : /^\d$/.test(kind)
        ? WRITE_KINDS[Number(kind)]!
        : (kind as WriteKind),
  ),
]);
const server = (await serverMs()) - serverBefore;
const backends = backendsUsed(backendsBefore, await backendsMs());
await database?.end();
const ok = Math.max(1, writes.counts.ok);
console.log(
  `${reads ? `reads ${reads.rps.toFixed(0)}/s p99 ${reads.p99} ms; ` : ''}writes ${writes.counts.ok} ok, ${writes.counts.failed} failed${writes.counts.firstFailure ? ` (${writes.counts.firstFailure})` : ''}; server CPU ${server.toFixed(0)} ms, ${(server / ok).toFixed(1)} ms/write${database ? `; PostgreSQL backends ${backends.toFixed(0)} ms, ${(backends / ok).toFixed(1)} ms/write` : ''}`,
);
