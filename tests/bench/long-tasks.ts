/*
 * The stretches a process's event loop was held, from the profiles `node --cpu-prof` writes
 * (docs/performance.md, issue 26): a run of samples none of which is idle is one task, which a
 * request arriving meanwhile waits for whole. Prints the tasks longer than MIN_MS, grouped by what
 * they were (the most specific function of the server's bundle under at least half of the task's
 * samples), with their count, total and longest, then the LIST longest tasks one by one with the
 * functions that took most of them themselves. Sample finely for it: BENCH_NODE_FLAGS="--cpu-prof
 * --cpu-prof-interval=200 --cpu-prof-dir=<folder>" (and BENCH_IDLE_CPU_S=0.3, marketplace.ts: the
 * profiler's own CPU is more than an idle server's). On a busy machine a stretch of samples is also
 * the time the thread waited for a core: with stall-probe.mjs's file beside a profile (the same
 * folder as STALL_PROBE_DIR), its stretches are taken instead, each by the main thread's own CPU.
 * Usage:
 *   [MIN_MS=5] [LIST=15] [FROM_MS=…] [TO_MS=…] [LAST_MS=…] [BEFORE_END_MS=…] node --import tsx tests/bench/long-tasks.ts <file.cpuprofile> ...
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { nameOf, readProfile, type Profile, type ProfileNode } from './profile-format';

interface Task {
  file: string;
  startMs: number;
  /** CPU ms with the stall probe's figures, else the stretch's wall ms. */
  ms: number;
  wallMs?: number;
  /** Sample node ids and each one's ms. */
  samples: [number, number][];
}

/** CLASSES=rankedIds,listProducts,…: a task is grouped by the first of these functions it ran, if any. */
const classes = (process.env.CLASSES ?? '').split(',').filter(Boolean);
const minMs = Number(process.env.MIN_MS ?? 5);
const list = Number(process.env.LIST ?? 15);
const fromMs = Number(process.env.FROM_MS ?? 0);
/** Only the last LAST_MS of each profile (the measurement, after the start and the pause before it). */
const lastMs = Number(process.env.LAST_MS ?? Infinity);
/** And none of the last BEFORE_END_MS (LAST_MS=19000 BEFORE_END_MS=10000: the measurement before the last). */
const beforeEndMs = Number(process.env.BEFORE_END_MS ?? 0);
const toMs = Number(process.env.TO_MS ?? Infinity);

const isOurs = (node: ProfileNode) => node.callFrame.url.includes('dist/server/');

/** The runs of busy samples in one profile, longer than minMs. */
function tasksOf(file: string, profile: Profile): Task[] {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const tasks: Task[] = [];
  let open: Task | undefined;
  const endMs = profile.timeDeltas.reduce((sum, delta) => sum + delta, 0) / 1000;
  const from = Math.max(fromMs, endMs - lastMs);
  const to = Math.min(toMs, endMs - beforeEndMs);
  let at = 0;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index]! / 1000;
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const idle = nodes.get(id)!.callFrame.functionName === '(idle)';
    if (idle || at < from || at > to) {
      if (open && open.ms >= minMs) tasks.push(open);
      open = undefined;
      return;
    }
    open ??= { file, startMs: at, ms: 0, samples: [] };
    open.ms += ms;
    open.samples.push([id, ms]);
  });
  if (open && open.ms >= minMs) tasks.push(open);
  return tasks;
}

interface Stall {
  cpuMs: number;
  wallMs: number;
  endUs: number;
}

/**
 * The stretches stall-probe.mjs found in the process a profile is of (`CPU.<date>.<time>.<pid>.0.…`,
 * its main thread), as tasks; undefined without the probe's file beside the profile.
 */
function probedTasks(file: string, profile: Profile): Task[] | undefined {
  const [, , , pid, thread] = basename(file).split('.');
  const stallsFile = join(dirname(file), `stalls.${pid}.json`);
  if (thread !== '0' || !existsSync(stallsFile)) return undefined;
  const { stalls } = JSON.parse(readFileSync(stallsFile, 'utf8')) as { stalls: Stall[] };
  const endMs = profile.timeDeltas.reduce((sum, delta) => sum + delta, 0) / 1000;
  const from = Math.max(fromMs, endMs - lastMs);
  const to = Math.min(toMs, endMs - beforeEndMs);
  const tasks = stalls
    .map((stall) => ({
      file,
      startMs: (stall.endUs - profile.startTime) / 1000 - stall.wallMs,
      ms: stall.cpuMs,
      wallMs: stall.wallMs,
      samples: [] as [number, number][],
    }))
    .filter((task) => task.startMs >= from && task.startMs <= to && task.ms >= minMs);
  let at = 0;
  let next = 0;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index]! / 1000;
    while (next < tasks.length && tasks[next]!.startMs + tasks[next]!.wallMs! < at) next += 1;
    const task = tasks[next];
    if (task && at >= task.startMs) task.samples.push([id, (profile.timeDeltas[index + 1] ?? 0) / 1000]);
  });
  return tasks;
}

/** What a task was, and the functions that took most of it themselves. */
function describe(task: Task, nodes: Map<number, ProfileNode>, parents: Map<number, number>) {
  const inclusive = new Map<string, number>();
  const self = new Map<string, number>();
  for (const [id, ms] of task.samples) {
    self.set(nameOf(nodes.get(id)!), (self.get(nameOf(nodes.get(id)!)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let node: number | undefined = id; node !== undefined; node = parents.get(node)) {
      const frame = nodes.get(node)!;
      if (!(isOurs(frame) || classes.length > 0) || seen.has(nameOf(frame))) continue;
      seen.add(nameOf(frame));
      inclusive.set(nameOf(frame), (inclusive.get(nameOf(frame)) ?? 0) + ms);
    }
  }
  const sampled = task.samples.reduce((sum, [, ms]) => sum + ms, 0);
  const covering = [...inclusive].filter(([, ms]) => ms >= sampled / 2).sort((a, b) => a[1] - b[1]);
  const named = classes.find((name) =>
    [...inclusive.keys(), ...self.keys()].some((frame) => frame.startsWith(`${name} `)),
  );
  const what = named ?? covering[0]?.[0] ?? '(outside the bundle)';
  const ours = [...inclusive]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([name, ms]) => `${name.replace(/ dist\/server\/main\.js/, '')} ${ms.toFixed(1)}`);
  const top = [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, ms]) => `${name} ${ms.toFixed(1)}`);
  return { what, top, ours };
}

const groups = new Map<string, { count: number; ms: number; longest: number }>();
const all: { task: Task; what: string; top: string[]; ours: string[] }[] = [];
let busyMs = 0;
for (const file of process.argv.slice(2)) {
  const { profile, nodes, parents } = readProfile(file);
  for (const task of probedTasks(file, profile) ?? tasksOf(file, profile)) {
    const { what, top, ours } = describe(task, nodes, parents);
    const group = groups.get(what) ?? { count: 0, ms: 0, longest: 0 };
    group.count += 1;
    group.ms += task.ms;
    group.longest = Math.max(group.longest, task.ms);
    groups.set(what, group);
    all.push({ task, what, top, ours });
    busyMs += task.ms;
  }
}

console.log(`${all.length} tasks of ${minMs} ms or longer, ${busyMs.toFixed(0)} ms in all`);
console.log('count  total ms  longest  what');
for (const [what, group] of [...groups].sort((a, b) => b[1].ms - a[1].ms))
  console.log(
    `${String(group.count).padStart(5)}${group.ms.toFixed(0).padStart(10)}${group.longest.toFixed(1).padStart(9)}  ${what}`,
  );
console.log('\nlongest:');
for (const { task, what, top, ours } of all.sort((a, b) => b.task.ms - a.task.ms).slice(0, list))
  console.log(
    `${task.ms.toFixed(1).padStart(7)} ms${task.wallMs ? ` (${task.wallMs.toFixed(0)} wall)` : ''} at ${(task.startMs / 1000).toFixed(1)} s  ${what}\n          self: ${top.join('; ')}\n          under: ${ours.join('; ')}`,
  );
