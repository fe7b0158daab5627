import {
  sql,
  type ColumnDataType,
  type ColumnDefinitionBuilder,
  type ComparisonOperator,
  type CreateTableBuilder,
  type Kysely,
  type Migration,
} from 'kysely';
import type { Engine } from '../connection';

/*
 * What the migrations write the same way on both engines. A migration's output must never change
 * once it has run somewhere: these only spell the same statements shorter.
 */

/** The column types that differ between the engines: SQLite keeps booleans as 0/1 and timestamps as ISO text. */
export function engineTypes(engine: Engine) {
  const postgres = engine === 'postgres';
  const falseDefault = postgres ? sql`false` : sql`0`;
  return {
    timestamp: postgres ? 'timestamptz' : 'text',
    bool: postgres ? 'boolean' : 'integer',
    falseDefault,
    trueDefault: postgres ? sql`true` : sql`1`,
    /** A flag: `not null default false`. */
    offByDefault: (column: ColumnDefinitionBuilder) => column.notNull().defaultTo(falseDefault),
  } as const;
}

export type EngineTypes = ReturnType<typeof engineTypes>;

/** A migration (run forwards only) whose statements use the engine's column types (or the engine itself). */
export const engineMigration =
  (up: (db: Kysely<unknown>, types: EngineTypes, engine: Engine) => Promise<void>) =>
  (engine: Engine): Migration => ({ up: (db: Kysely<unknown>) => up(db, engineTypes(engine), engine) });

/** A column a migration adds to a table that exists: its name, type and constraints (nullable when none). */
export type NewColumn = [
  name: string,
  type: ColumnDataType,
  constraints?: (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder,
];

/** `id text primary key`: the first column of most tables. */
export const idColumn: NewColumn = ['id', 'text', (c) => c.primaryKey()];

/** Columns of one type, each `not null`, in the order named. */
export const required = (type: ColumnDataType, ...names: string[]): NewColumn[] =>
  names.map((name) => [name, type, (c) => c.notNull()]);

/** A required link to a row of `table` (its `id`) that goes with that row (`on delete cascade`). */
export const ownedBy = (name: string, table: string): NewColumn => [
  name,
  'text',
  (c) => c.notNull().references(`${table}.id`).onDelete('cascade'),
];

/** A link to a row of `table` (its `id`) that turns null when that row goes: the record outlives it. */
export const linkTo = (name: string, table: string): NewColumn => [
  name,
  'text',
  (c) => c.references(`${table}.id`).onDelete('set null'),
];

interface TableConstraints {
  primaryKey?: [name: string, columns: string[]];
  unique?: [name: string, columns: string[]];
}

/** `create table name (columns, [primary key], [unique])`, the columns in order. */
export async function createTable(
  db: Kysely<unknown>,
  name: string,
  columns: NewColumn[],
  { primaryKey, unique }: TableConstraints = {},
): Promise<void> {
  let table: CreateTableBuilder<string, string> = db.schema.createTable(name);
  for (const [column, type, constraints] of columns) table = table.addColumn(column, type, constraints);
  if (primaryKey) table = table.addPrimaryKeyConstraint(...primaryKey);
  if (unique) table = table.addUniqueConstraint(...unique);
  await table.execute();
}

/** `alter table table add column ...` for each column in order: SQLite adds one column a statement. */
export async function addColumns(db: Kysely<unknown>, table: string, columns: NewColumn[]): Promise<void> {
  for (const [name, type, constraints] of columns) {
    await db.schema.alterTable(table).addColumn(name, type, constraints).execute();
  }
}

interface IndexOptions {
  unique?: boolean;
  /** A partial index: only the rows whose column compares so to the value. */
  where?: [column: string, operator: ComparisonOperator, value: unknown];
}

/** `create [unique] index name on table (columns) [where ...]`. */
export async function createIndex(
  db: Kysely<unknown>,
  name: string,
  table: string,
  columns: string[],
  { unique = false, where }: IndexOptions = {},
): Promise<void> {
  let index = db.schema.createIndex(name).on(table).columns(columns);
  if (unique) index = index.unique();
  if (where) index = index.where(sql.ref(where[0]), where[1], where[2]);
  await index.execute();
}
