import {
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely';
import pg from 'pg';

/*
 * The one place where the two engines' value types meet. The application always sees booleans as
 * booleans and timestamps as ISO strings:
 * - SQLite has no boolean type: `true`/`false` are written as 1/0, and every `is_*` column reads
 *   back as a boolean (and `latin_digits`). Timestamps are stored as ISO text, which sorts in time order.
 * - PostgreSQL keeps native `boolean` and `timestamptz`; its driver is told to hand timestamps back
 *   as ISO strings and 64-bit counts as numbers.
 */

const toSqliteValue = (value: unknown) => (typeof value === 'boolean' ? (value ? 1 : 0) : value);

class SqliteValueWriter extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    return super.transformValue({ ...node, value: toSqliteValue(node.value) });
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return super.transformPrimitiveValueList({ ...node, values: node.values.map(toSqliteValue) });
  }
}

/** Boolean columns whose name does not start with `is_` (the contract of issue 24 named it so). */
const OTHER_BOOLEANS = new Set(['latin_digits']);

function readSqliteRow(row: UnknownRow): UnknownRow {
  for (const key of Object.keys(row)) {
    if ((key.startsWith('is_') || OTHER_BOOLEANS.has(key)) && typeof row[key] === 'number') row[key] = row[key] === 1;
  }
  return row;
}

export class SqliteValuesPlugin implements KyselyPlugin {
  readonly #writer = new SqliteValueWriter();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#writer.transformNode(args.node);
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
