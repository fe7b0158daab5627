import type pg from 'pg';

/**
 * Statements PostgreSQL keeps parsed and planned on each pooled connection: the few run on nearly
 * every request (db/compiled.ts). pg sends a statement without a name as Parse, Bind and Execute,
 * and PostgreSQL parses, analyses and plans its text again each time: for the inbox's page (two
 * joins, two subqueries) planning took 0.6–1.2 ms of the backend's CPU against 0.2 ms to run it. A
 * named statement is parsed once per connection, and after five runs PostgreSQL keeps a generic plan
 * when it costs no more than the ones made for the values. The texts named are a fixed few (each
 * statement compiled once), so a backend keeps a few prepared statements, not one per query shape.
 */
const names = new Map<string, string>();

/** Names `text`: from now on each connection prepares it once and runs it by its name. */
export function keepPrepared(text: string): void {
  if (!names.has(text)) names.set(text, `phonehaat_${names.size + 1}`);
}

/**
 * PostgreSQL refuses a prepared statement whose rows changed shape since it was prepared (a `select *`
 * of a table another process's migration gave a column): that connection then runs the text unnamed.
 */
const isShapeChanged = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === '0A000' &&
  String((error as { message?: unknown }).message).includes('cached plan must not change result type');

/** Makes `client` run the kept statements by name (Kysely's driver calls `query(text, values)`). */
export function runKeptByName(client: pg.PoolClient): void {
  const unnamed = new Set<string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const byName = (text: unknown, values: unknown, ...rest: unknown[]) => {
    const name = typeof text === 'string' && rest.length === 0 && !unnamed.has(text) ? names.get(text) : undefined;
    if (!name || (values !== undefined && !Array.isArray(values))) return query(text, values, ...rest);
    return (query({ name, text, values }) as Promise<unknown>).catch((error: unknown) => {
      if (isShapeChanged(error)) unnamed.add(text as string);
      throw error;
    });
  };
  client.query = byName as typeof client.query;
}
