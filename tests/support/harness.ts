import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { z } from 'zod';
import { adminActor, registerActor, type Actor } from './actors';
import { createTestApp, type TestApp } from './app';

/*
 * The set-up most API test files share, in one call: a fresh app before the file's tests, the
 * accounts they act as, and the app closed after them.
 *
 *   const { t, seller, buyer, admin } = useTestApp({ seller: 'seller', buyer: { role: 'buyer', name: 'Nusrat Jahan' }, admin: 'admin' });
 */

export type ActorSpec = 'buyer' | 'seller' | 'admin' | { role: 'buyer' | 'seller'; name?: string };

/** The arguments of createTestApp, for a file that needs other settings or limits. */
export interface AppSetup {
  env?: Parameters<typeof createTestApp>[0];
  options?: Parameters<typeof createTestApp>[1];
  shared?: Parameters<typeof createTestApp>[2];
  beside?: Parameters<typeof createTestApp>[3];
}

/** Makes the named accounts side by side (each its own sign-up, mail verification and token). */
export async function makeActors<const Specs extends Record<string, ActorSpec>>(
  t: TestApp,
  specs: Specs,
): Promise<{ [K in keyof Specs]: Actor }> {
  const made = await Promise.all(
    Object.entries(specs).map(async ([name, spec]) => {
      if (spec === 'admin') return [name, await adminActor(t.app, t.db)] as const;
      const { role, ...overrides } = typeof spec === 'string' ? { role: spec } : spec;
      return [name, await registerActor(t.app, role, overrides)] as const;
    }),
  );
  return Object.fromEntries(made) as { [K in keyof Specs]: Actor };
}

/**
 * Registers the file's beforeAll and afterAll, and answers the app and the actors as objects that
 * are filled in before the first test runs (read them in tests and hooks, not at the top level).
 */
export function useTestApp<const Specs extends Record<string, ActorSpec>>(
  specs: Specs,
  setup: AppSetup = {},
): { t: TestApp } & { [K in keyof Specs]: Actor } {
  const t = {} as TestApp;
  const actors = Object.fromEntries(Object.keys(specs).map((name) => [name, {} as Actor])) as {
    [K in keyof Specs]: Actor;
  };
  beforeAll(async () => {
    Object.assign(t, await createTestApp(setup.env, setup.options, setup.shared, setup.beside));
    const made = await makeActors(t, specs);
    for (const name of Object.keys(specs) as Array<keyof Specs>) Object.assign(actors[name], made[name]);
  });
  afterAll(() => t.close());
  return { t, ...actors };
}

/**
 * A typed API call: made as `caller` (an actor's bearer token, or anonymously through the app),
 * expected to answer `status`, and its JSON parsed with the shared schema the server answers with.
 */
export async function callApi<S extends z.ZodType>(
  caller: Actor | TestApp,
  options: InjectOptions,
  schema: S,
  status = 200,
): Promise<z.infer<S>> {
  const answer = 'request' in caller ? await caller.request(options) : await caller.app.inject(options);
  expect(answer.statusCode, answer.body).toBe(status);
  return schema.parse(answer.json());
}
