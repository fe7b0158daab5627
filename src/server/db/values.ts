import {
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';
import pg from 'pg';

/*
 * The one place where the two engines' value types meet. The application always sees booleans as
 * booleans and timestamps as ISO strings:
 * - SQLite has no boolean type: `true`/`false` are written as 1/0, and every `is_*` column reads
 *   back as a boolean (and `latin_digits`). Timestamps are stored as ISO text, which sorts in time order.
 * - PostgreSQL keeps native `boolean` and `timestamptz`; its driver is told to hand timestamps back
 *   as ISO strings and 64-bit counts as numbers.
 */

/**
 * A statement's parameters as SQLite binds them: booleans as 1/0. Converted as the statement runs,
 * not in Kysely's query tree: a plugin's transformQuery copies every node of every query (about a
 * twentieth of a write's CPU on SQLite went there), while the values all end up among the compiled parameters
 * (Kysely writes none into the SQL's text but `lit`, which SQLite reads as 1/0 too).
 */
export function toSqliteParameters(parameters: readonly unknown[]): readonly unknown[] {
  if (!parameters.some((value) => typeof value === 'boolean')) return parameters;
  return parameters.map((value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value));
}

/** Boolean columns whose name does not start with `is_` (the contract of issue 24 named it so). */
const OTHER_BOOLEANS = new Set(['latin_digits']);

function readSqliteRow(row: UnknownRow): UnknownRow {
  for (const key of Object.keys(row)) {
    if ((key.startsWith('is_') || OTHER_BOOLEANS.has(key)) && typeof row[key] === 'number') row[key] = row[key] === 1;
  }
  return row;
}

/**
 * A better-sqlite3 file as Kysely's SQLite dialect takes it, each statement binding its booleans as
 * 1/0: for a connection of a test's own (the app's statements are kept prepared, connection.ts).
 */
export const withSqliteValues = (file: SQLite.Database): SqliteDatabase => ({
  close: () => file.close(),
  prepare(query) {
    const statement = file.prepare(query);
    return {
      reader: statement.reader,
      all: (parameters) => statement.all(toSqliteParameters(parameters)),
      run: (parameters) => statement.run(toSqliteParameters(parameters)),
      iterate: (parameters) => statement.iterate(toSqliteParameters(parameters)),
    };
  },
});

/** Reads SQLite's rows back with their booleans; the values written are toSqliteParameters'. */
export class SqliteValuesPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    args.result.rows.forEach(readSqliteRow);
    return args.result;
  }
}

const TIMESTAMPTZ_OID = 1184;
const INT8_OID = 20;

export const postgresTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === TIMESTAMPTZ_OID) return (text: string) => new Date(text).toISOString();
    if (oid === INT8_OID) return (text: string) => Number(text);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;
