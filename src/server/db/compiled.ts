import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import { keepPrepared } from './named-statements';
import type { Database } from './schema';

/** What a compiled-once query takes at each call: the values of its parameters, by name. */
type Values = Record<string, string | number | null>;

/** Stands for a value while the query is built; found again among the compiled parameters by its name. */
class StandIn {
  constructor(readonly name: string) {}
}

interface Compiled<Row> {
  query: CompiledQuery<Row>;
  /** For each parameter, the name of the value it takes at a call, or undefined for one fixed when built. */
  names: Array<string | undefined>;
}

/**
 * A query read on every request, built and compiled once per database instead of on each call.
 * Kysely builds a query's tree, runs the plugins over it and writes its SQL every time it runs: for
 * the inbox's page (two joins, two subqueries) that cost as much CPU as SQLite reading the page.
 * `build` gets a stand-in for each value and must give the same query for any values (no `if` on
 * them, no arithmetic: a value it needs changed is given changed); each call then runs the SQL
 * written the first time with its own values in their places. The statement is also the same text
 * each time, which SQLite's prepared statements (connection.ts) keep, and PostgreSQL's connections
 * prepare once by its name (named-statements.ts).
 */
export function compiledOnce<V extends Values, Row>(
  build: (db: Kysely<Database>, values: V) => Compilable<Row>,
): (db: Kysely<Database>, values: V) => Promise<Row[]> {
  const run = compiledRun(build);
  return async (db, values) => (await run(db, values)).rows;
}

/**
 * An update or a delete run on every request of a kind, compiled once as `compiledOnce`'s queries
 * are: answers how many rows it changed (0 for a guarded write with nothing to do).
 */
export function compiledChange<V extends Values>(
  build: (db: Kysely<Database>, values: V) => Compilable<unknown>,
): (db: Kysely<Database>, values: V) => Promise<number> {
  const run = compiledRun(build);
  return async (db, values) => Number((await run(db, values)).numAffectedRows ?? 0);
}

/** Compiles `build`'s query once per database; each call runs it with its values in their places. */
function compiledRun<V extends Values, Row>(
  build: (db: Kysely<Database>, values: V) => Compilable<Row>,
): (db: Kysely<Database>, values: V) => Promise<QueryResult<Row>> {
  // Kept by the database's adapter, which its transactions share (each transaction is a Kysely of
  // its own, so keeping it by the Kysely compiled a transaction's statements again every time).
  const compiledFor = new WeakMap<object, Compiled<Row>>();
  const compile = (db: Kysely<Database>): Compiled<Row> => {
    const used = new Set<string>();
    const standIns = new Proxy({} as V, {
      get: (_target, name) => {
        used.add(String(name));
        return new StandIn(String(name));
      },
    });
    const query = build(db, standIns).compile();
    const names = query.parameters.map((value) => (value instanceof StandIn ? value.name : undefined));
    const unplaced = [...used].filter((name) => !names.includes(name));
    if (unplaced.length > 0) throw new Error(`compiledOnce: ${unplaced.join(', ')} did not end up a parameter`);
    keepPrepared(query.sql);
    return { query, names };
  };
  return async (db, values) => {
    const { adapter } = db.getExecutor();
    let compiled = compiledFor.get(adapter);
    if (!compiled) compiledFor.set(adapter, (compiled = compile(db)));
    const { query, names } = compiled;
    const parameters = names.map((name, index) => (name === undefined ? query.parameters[index] : values[name]));
    return db.executeQuery<Row>({ ...query, parameters });
  };
}
