/*
 * What a cache hit costs against the bare server (docs/performance.md, "A cache hit against the
 * bare server"): the mixed load's six public reads (wrk, 64 connections) sent in turn to the bare
 * server and to one or more running apps (a build before a change and one after it, say), each turn
 * after the same unmeasured second, for `rounds` rounds; each turn's CPU time of the server's
 * processes (/proc) over the answers it gave. On a shared machine the rates move with the
 * neighbours; the CPU an answer costs moves far less, so its ratio to the bare server's, turn by
 * turn, is the figure to compare. Usage, with each app already running (its pid, and its children's
 * if it is a cluster, counted):
 *   node --import tsx tests/bench/hit-cost.ts <seconds> <rounds> <name>=<pid>@<origin> [...]
 * The bare server sends the first app's recorded answers, in HIT_PROCESSES processes (1 by default:
 * start the apps with WEB_CONCURRENCY=1, or set it to theirs).
 */
import { cpuUsed } from './marketplace';
import { readLoad, readPaths } from './mixed';
import { recordAnswers, startBareServer } from './yardstick';

interface Server {
  name: string;
  origin: string;
  /** Its own: two apps' stores may give their listings different ids. */
  paths: string[];
  cpuSeconds: () => Promise<number>;
}

interface Turn {
  rps: number;
  p99: number;
  /** CPU microseconds an answer. */
  cpuUs: number;
}

const [secondsArgument = '5', roundsArgument = '5', ...appArguments] = process.argv.slice(2);
const apps: Server[] = await Promise.all(
  appArguments.map(async (argument) => {
    const match = /^([^=]+)=(\d+)@(.+)$/.exec(argument);
    if (!match) throw new Error(`"${argument}" is not <name>=<pid>@<origin>`);
    const [, name, pid, origin] = match as unknown as [string, string, string, string];
    return { name, origin, paths: await readPaths(origin), cpuSeconds: () => cpuUsed(Number(pid)) };
  }),
);
if (apps.length === 0) throw new Error('usage: hit-cost.ts <seconds> <rounds> <name>=<pid>@<origin> [...]');
const [seconds, rounds] = [Number(secondsArgument), Number(roundsArgument)];

const { origin: firstOrigin, paths } = apps[0]!;
const bare = await startBareServer(await recordAnswers(firstOrigin, paths), Number(process.env.HIT_PROCESSES ?? 1));
const servers: Server[] = [{ name: 'bare', origin: bare.origin, paths, cpuSeconds: bare.cpuSeconds }, ...apps];

async function turn(server: Server): Promise<Turn> {
  await readLoad(server.origin, server.paths, 1);
  const before = await server.cpuSeconds();
  const reads = await readLoad(server.origin, server.paths, seconds);
  const cpuS = (await server.cpuSeconds()) - before;
  const answers = reads.rps * seconds;
  if (reads.failures > 0) throw new Error(`${server.name}: ${reads.failures} failed requests`);
  return { rps: reads.rps, p99: reads.p99, cpuUs: (cpuS * 1e6) / answers };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const turns = new Map(servers.map((server) => [server.name, [] as Turn[]]));
try {
  for (let round = 1; round <= rounds; round += 1) {
    const line: string[] = [];
    for (const server of servers) {
      const measured = await turn(server);
      turns.get(server.name)!.push(measured);
      line.push(`${server.name} ${measured.cpuUs.toFixed(1)} µs ${measured.rps.toFixed(0)}/s p99 ${measured.p99} ms`);
    }
    console.log(`round ${round}: ${line.join('; ')}`);
  }
} finally {
  await bare.stop();
}

const bareTurns = turns.get('bare')!;
console.log(`median of ${rounds} rounds (× bare: the median of each round's ratio)`);
for (const server of servers) {
  const own = turns.get(server.name)!;
  const ratio = (pick: (one: Turn) => number) => median(own.map((one, i) => pick(one) / pick(bareTurns[i]!)));
  console.log(
    `${server.name.padEnd(10)} CPU ${median(own.map((one) => one.cpuUs)).toFixed(1)} µs/answer (× bare ${ratio((one) => one.cpuUs).toFixed(2)}), ` +
      `${median(own.map((one) => one.rps)).toFixed(0)} req/s (of bare ${ratio((one) => one.rps).toFixed(2)}), ` +
      `p99 ${median(own.map((one) => one.p99))} ms (× bare ${ratio((one) => Math.max(1, one.p99)).toFixed(2)})`,
  );
}
