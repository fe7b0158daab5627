import { readFileSync } from 'node:fs';

/** What `node --cpu-prof` writes (a .cpuprofile), as cpu-profile.ts and long-tasks.ts read it. */
export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A function by its name and place, the bundle's and packages' paths shortened. */
export const nameOf = ({ callFrame: { functionName, url, lineNumber } }: ProfileNode) =>
  `${functionName || '(anonymous)'} ${url.replace(/^.*\/(dist|node_modules)\//, '$1/')}:${lineNumber + 1}`;

/** A profile file with its nodes by id and each node's parent, as both scripts walk it. */
export function readProfile(file: string) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  return { profile, nodes, parents };
}
