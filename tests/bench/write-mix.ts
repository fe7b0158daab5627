/*
 * The mixed load's writes, kind by kind, and how often each comes (issue 26; mixed.ts makes them).
 * Two mixes, every kind present in both:
 *
 * - `equal`: each kind an equal share, as the mixed load always sent them (the figures of
 *   docs/performance.md before 28 Nov 2026, 06:00 UTC are of this mix). It weighs each kind's
 *   cost the same, so it is the one that finds a kind's slow path; but a sixth of its writes are
 *   sign-ins, each an argon2id hash (about 40 ms of CPU, kept as it is), which no live marketplace
 *   sees: its writes are then mostly the CPU of the sign-ins.
 * - `live`: the shares a live marketplace's writes come in, by the reasons in the table's last
 *   column. A guess from how the product is used, not a measurement of a live site (there is none
 *   yet): its point is the order of the kinds, a message and the bell first and a sign-in last.
 *
 * | kind             | equal | live | why, live                                                                                                        |
 * | ---------------- | ----: | ---: | ---------------------------------------------------------------------------------------------------------------- |
 * | a message        |     1 |   8 | chat is the marketplace's conversation: a buyer and a seller trade several lines about every phone asked after |
 * | opening the bell |     1 |   6 | each signed-in visit opens it, and every message, booking and price alert rings it                             |
 * | booking request  |     1 |    2 | a buyer asks to book a phone after a few messages about it, not with every one                                 |
 * | price edit       |     1 |    2 | sellers lower a price now and then while a phone waits for its buyer                                           |
 * | new listing      |     1 |    1 | each phone is listed once, and then talked about, booked and edited many times                                 |
 * | sign-in and out  |     1 |    1 | a session lasts 30 days (14 unused), so a person signs in about once a month, not every visit                  |
 *
 * Within a measurement the kinds are interleaved as evenly as their shares allow (the heaviest
 * first; a price edit leads, so that the shortest measurement, eight writes at 2 a second, has one
 * whose price a visitor can be timed to see), and every measurement sends the same sequence.
 */

export const WRITE_KINDS = ['bell', 'sign-in', 'booking', 'price edit', 'new listing', 'message'] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];

export const WRITE_MIXES = {
  equal: { bell: 1, 'sign-in': 1, booking: 1, 'price edit': 1, 'new listing': 1, message: 1 },
  live: { bell: 6, 'sign-in': 1, booking: 2, 'price edit': 2, 'new listing': 1, message: 8 },
} satisfies Record<string, Record<WriteKind, number>>;
export type WriteMix = keyof typeof WRITE_MIXES;

/**
 * The mixes BENCH_WRITE_MIX names (`equal`, `live`, or both: `live,equal`), the first the one the
 * targets are judged on; `equal` when unset, as before there was a choice.
 */
export function writeMixesToMeasure(value = process.env.BENCH_WRITE_MIX ?? 'equal'): WriteMix[] {
  const names = [...new Set(value.split(',').map((name) => name.trim()))].filter(Boolean);
  for (const name of names) {
    if (!(name in WRITE_MIXES)) throw new Error(`BENCH_WRITE_MIX: no mix "${name}" (equal, live)`);
  }
  return names.length > 0 ? (names as WriteMix[]) : ['equal'];
}

/**
 * One cycle of the mix's kinds, interleaved by smooth weighted round robin (nginx's): each step every
 * kind gains its weight, and the kind with most goes and gives back the cycle's length. So a kind
 * of weight w comes every length / w writes or so, not in a block. Rotated to start at a price edit.
 */
export function writeCycle(mix: WriteMix): WriteKind[] {
  const weights = WRITE_MIXES[mix];
  const total = WRITE_KINDS.reduce((sum, kind) => sum + weights[kind], 0);
  const current = new Map(WRITE_KINDS.map((kind) => [kind, 0]));
  const cycle: WriteKind[] = [];
  for (let step = 0; step < total; step += 1) {
    let best: WriteKind = WRITE_KINDS[0];
    for (const kind of WRITE_KINDS) {
      current.set(kind, current.get(kind)! + weights[kind]);
      if (current.get(kind)! > current.get(best)!) best = kind;
    }
    current.set(best, current.get(best)! - total);
    cycle.push(best);
  }
  const first = cycle.indexOf('price edit');
  return [...cycle.slice(first), ...cycle.slice(0, first)];
}

/** Each kind's share of the mix's writes, `message 40%, bell 30%, …`, for the report. */
export const describeMix = (mix: WriteMix) => {
  const weights = WRITE_MIXES[mix];
  const total = WRITE_KINDS.reduce((sum, kind) => sum + weights[kind], 0);
  return [...WRITE_KINDS]
    .sort((a, b) => weights[b] - weights[a])
    .map((kind) => `${kind} ${Math.round((100 * weights[kind]) / total)}%`)
    .join(', ');
};
