import type pg from 'pg';

/** What a statement that was not sent answers: Kysely reads only `rows` (and `command`, `rowCount` of a write). */
const NOT_SENT = { command: '', rowCount: 0, rows: [] } as const;

const isPlain = (values: unknown, rest: unknown[]) =>
  rest.length === 0 && (values === undefined || (Array.isArray(values) && values.length === 0));

/**
 * Sends a transaction's `begin` with its first statement, in one round trip, when that statement has
 * no values: pg sends a text without values as a simple query, which may hold several statements
 * ("begin; select pg_advisory_xact_lock(…)"), and PostgreSQL runs them in order. Kysely sends `begin`
 * on its own and waits for its answer, which costs both processes a round trip that says nothing
 * (docs/chat.md, "Speed": a message sent on PostgreSQL was six round trips, one of them `begin`).
 *
 * `begin` is held, answered at once, and goes out just before the transaction's first statement:
 * with it when that one has no values, else on its own first (as before). A transaction that ends
 * before any statement (`commit` or `rollback` with `begin` still held) sends nothing, as nothing
 * happened in it. The statements, their order and the transaction's bounds on the server are the
 * same; only the moment `begin` leaves changes, and no statement runs between the two. Installed
 * after runKeptByName, whose named statements it passes through untouched. Answers a function that
 * drops a `begin` still held, for the pool to call when the client comes back: a `begin` never followed
 * by a statement must not open the next holder's first statement into a transaction.
 */
export function sendBeginWithFirstStatement(client: pg.PoolClient): () => void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let held = false;
  const withBegin = (text: unknown, values?: unknown, ...rest: unknown[]) => {
    const plain = typeof text === 'string' && isPlain(values, rest);
    if (plain && text === 'begin') {
      if (held) return query('begin');
      held = true;
      return Promise.resolve(NOT_SENT);
    }
    if (!held) return query(text, values, ...rest);
    held = false;
    if (plain && (text === 'commit' || text === 'rollback')) return Promise.resolve(NOT_SENT);
    if (plain) {
      // The simple query answers each of its statements; the caller asked for the last one.
      return (query(`begin; ${text}`) as Promise<pg.QueryResult | pg.QueryResult[]>).then((results) =>
        Array.isArray(results) ? results[results.length - 1] : results,
      );
    }
    // A statement with values goes by the extended protocol, which takes one statement: `begin` first.
    if (typeof rest[rest.length - 1] === 'function' || typeof values === 'function') {
      // A callback's caller gets no promise; pg sends its queries in order, so `begin` still goes first,
      // and if it failed the connection is broken and the statement fails too.
      (query('begin') as Promise<unknown>).catch(() => undefined);
      return query(text, values, ...rest);
    }
    return (query('begin') as Promise<unknown>).then(() => query(text, values, ...rest));
  };
  client.query = withBegin as typeof client.query;
  return () => {
    held = false;
  };
}
