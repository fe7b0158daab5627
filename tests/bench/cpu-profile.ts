/*
 * Where a process's CPU went, from the profiles `node --cpu-prof` writes (docs/performance.md, issue
 * 26): the server processes run with BENCH_NODE_FLAGS="--cpu-prof --cpu-prof-dir=<folder>" under
 * any benchmark that starts the marketplace (marketplace.ts), and each writes a .cpuprofile as it
 * stops. Prints, over the profiles given together, the functions that took most time themselves
 * (self) and with what they called (inclusive), each counted once a sample however deep it recurs;
 * FROM_MS and TO_MS (from each profile's start) keep only a stretch, e.g. the writes beside the
 * reads and not the start-up. Usage:
 *   [FROM_MS=8000 TO_MS=28000] [TOP=30] node --import tsx tests/bench/cpu-profile.ts <file.cpuprofile> ...
 */
import { nameOf, readProfile } from './profile-format';

const from = Number(process.env.FROM_MS ?? 0);
const to = Number(process.env.TO_MS ?? Infinity);
const top = Number(process.env.TOP ?? 30);

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
const add = (into: Map<string, number>, name: string, ms: number) => into.set(name, (into.get(name) ?? 0) + ms);
let sampledMs = 0;

for (const file of process.argv.slice(2)) {
  const { profile, nodes, parents } = readProfile(file);
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index]!;
    const sinceStartMs = (at - profile.startTime) / 1000;
    // A sample stands for the time until the next one.
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    if (sinceStartMs < from || sinceStartMs > to) return;
    sampledMs += ms;
    add(self, nameOf(nodes.get(id)!), ms);
    const seen = new Set<string>();
    for (let node: number | undefined = id; node !== undefined; node = parents.get(node)) {
      const name = nameOf(nodes.get(node)!);
      if (!seen.has(name)) add(inclusive, name, ms);
      seen.add(name);
    }
  });
}

const print = (title: string, times: Map<string, number>) => {
  console.log(`${title}:`);
  for (const [name, ms] of [...times].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${ms.toFixed(0).padStart(8)} ms ${((100 * ms) / sampledMs).toFixed(1).padStart(5)}%  ${name}`);
  }
};
console.log(`${sampledMs.toFixed(0)} ms sampled`);
print('self', self);
print('inclusive', inclusive);
