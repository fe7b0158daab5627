/*
 * Where a write's CPU goes (docs/performance.md, the mixed load): drives one running server with
 * the mixed load's writes at a rate, beside its reads (wrk) unless READS=0, so a server started with
 * `node --cpu-prof` records a profile of them; with SERVER_PID, prints that process's CPU time per
 * write over the writes (no reads: what each kind of write costs by itself). Usage:
 *   SERVER_PID=<pid> READS=0 node --import tsx tests/bench/mixed-profile.ts http://127.0.0.1:4336 20 10 [kind]
 * (rate a second, seconds; `kind`, 0 to 5, writes only that kind: the bell, sign-in and out, a
 * booking request, a price edit, a new listing, a message).
 */
import { readFile } from 'node:fs/promises';
import { prepareWriter, readLoad, readPaths, writeAt } from './mixed';

const [origin = 'http://127.0.0.1:4336', rate = '50', seconds = '20', kind] = process.argv.slice(2);
const pid = process.env.SERVER_PID;
/** The server process's CPU milliseconds so far (utime and stime, in ticks of 10 ms). */
const cpuMs = async () => {
  if (!pid) return 0;
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const writer = await prepareWriter(origin);
const paths = await readPaths(origin);
const before = await cpuMs();
const [reads, writes] = await Promise.all([
  process.env.READS === '0' ? undefined : readLoad(origin, paths, Number(seconds)),
  writeAt(origin, writer, Number(rate), Number(seconds), kind === undefined ? undefined : Number(kind)),
]);
const used = (await cpuMs()) - before;
console.log(
  `${reads ? `reads ${reads.rps.toFixed(0)}/s p99 ${reads.p99} ms; ` : ''}writes ${writes.counts.ok} ok, ${writes.counts.failed} failed; server CPU ${used} ms, ${(used / Math.max(1, writes.counts.ok)).toFixed(1)} ms/write`,
);
