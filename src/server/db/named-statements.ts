import type pg from 'pg';

/**
 * Statements PostgreSQL keeps parsed and planned on each pooled connection: those compiled once
 * (db/compiled.ts), and any other text run NAMED_AFTER_RUNS times (as PgJDBC's prepareThreshold).
 * pg sends a statement without a name as Parse, Bind and Execute, and PostgreSQL parses, analyses
 * and plans its text again each time: for the inbox's page (two joins, two subqueries) planning took
 * 0.6–1.2 ms of the backend's CPU against 0.2 ms to run it, and a write's dozen small statements
 * (a price edit: 0.2–0.4 ms each to parse and plan, 0.03 ms to run) spent most of their backend's
 * CPU there (docs/performance.md). A named statement is parsed once per connection, and after five
 * runs PostgreSQL keeps a generic plan when it costs no more than the ones made for the values. The
 * app's statements are a few hundred texts; at most MOST_NAMED are named, so a backend keeps that
 * many prepared statements at most, whatever the queries.
 */
const names = new Map<string, string>();

/** Runs of a text without a name after which it gets one. */
const NAMED_AFTER_RUNS = 3;
/** Texts named at most (compiled-once ones always are): each backend keeps one prepared statement for each. */
const MOST_NAMED = 400;
/** Texts whose runs are counted at most; past it the count starts again (a long tail of one-off texts). */
const RUNS_COUNTED = 2000;
/** Longer texts (a bulk insert of many rows) are one-offs: never counted, so the count stays under a few MB. */
const LONGEST_COUNTED = 2000;
const runs = new Map<string, number>();

/** Names `text`: from now on each connection prepares it once and runs it by its name. */
export function keepPrepared(text: string): void {
  if (!names.has(text)) names.set(text, `phonehaat_${names.size + 1}`);
}

/** Counts a run of `text` without a name; names it once it ran NAMED_AFTER_RUNS times, while fewer than MOST_NAMED have one. */
function counted(text: string): string | undefined {
  if (names.size >= MOST_NAMED || text.length > LONGEST_COUNTED) return undefined;
  const count = (runs.get(text) ?? 0) + 1;
  if (count >= NAMED_AFTER_RUNS) {
    runs.delete(text);
    keepPrepared(text);
    return names.get(text);
  }
  if (runs.size >= RUNS_COUNTED) runs.clear();
  runs.set(text, count);
  return undefined;
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
    const plain =
      typeof text !== 'string' ||
      rest.length > 0 ||
      unnamed.has(text) ||
      (values !== undefined && !Array.isArray(values));
    // A text without values (begin, commit) is not counted: it goes as a simple query, parsed in one step.
    const name = plain
      ? undefined
      : (names.get(text) ?? (Array.isArray(values) && values.length > 0 ? counted(text) : undefined));
    if (!name) return query(text, values, ...rest);
    return (query({ name, text, values }) as Promise<unknown>).catch((error: unknown) => {
      if (isShapeChanged(error)) unnamed.add(text as string);
      throw error;
    });
  };
  client.query = byName as typeof client.query;
}
