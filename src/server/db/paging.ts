import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { PageQuery } from '#shared/common';

const offsetOf = (page: PageQuery) => (page.page - 1) * page.limit;

/**
 * How many rows a list holds: the rows of a query to count, or a function that knows the count
 * without counting (a maintained count, listing_counts).
 */
type Total<DB, TB extends keyof DB, O> = SelectQueryBuilder<DB, TB, O> | (() => Promise<number>);

/** How many rows `scope` holds (the total that goes out in X-Total-Count). */
export async function countOf<DB, TB extends keyof DB, O>(scope: Total<DB, TB, O>): Promise<number> {
  if (typeof scope === 'function') return scope();
  const counted = await scope.select(sql<string | number>`count(*)`.as('count')).executeTakeFirstOrThrow();
  // The scope's own columns are generic here; the one selected above is the count (a string on PostgreSQL).
  const { count } = counted as unknown as { count: string | number };
  return Number(count);
}

/**
 * A list's rows, ordered: a query, read `limit` rows from `offset`; or a function that reads them
 * so itself (listProducts reads a page's ids from the list's index alone, then their rows).
 */
type Rows<DB, TB extends keyof DB, Row> =
  SelectQueryBuilder<DB, TB, Row> | ((limit: number, offset?: number) => { execute(): Promise<Row[]> });

/** `limit` of `rows` from `offset` (none: from the first). */
function readRows<DB, TB extends keyof DB, Row>(rows: Rows<DB, TB, Row>, limit: number, offset?: number) {
  if (typeof rows === 'function') return rows(limit, offset);
  const read = rows.limit(limit);
  return offset === undefined ? read : read.offset(offset);
}

/**
 * One page of `rows` and how many rows `scope` holds in all, read side by side: the lists' "page
 * plus total" (the total goes out in X-Total-Count).
 */
export async function readPage<RowsDB, RowsTB extends keyof RowsDB, Row, ScopeDB, ScopeTB extends keyof ScopeDB, O>(
  rows: Rows<RowsDB, RowsTB, Row>,
  scope: Total<ScopeDB, ScopeTB, O>,
  page: PageQuery,
): Promise<{ rows: Row[]; total: number }> {
  const [found, total] = await Promise.all([readRows(rows, page.limit, offsetOf(page)).execute(), countOf(scope)]);
  return { rows: found as Row[], total };
}

/**
 * One page of `scope`'s rows newest first, by (`created_at`, `id`) as the list's index orders them,
 * and how many rows `scope` holds in all.
 */
export const newestFirstPage = <DB, TB extends keyof DB, O>(scope: SelectQueryBuilder<DB, TB, O>, page: PageQuery) =>
  readPage(scope.selectAll().orderBy(sql.ref('created_at'), 'desc').orderBy(sql.ref('id'), 'desc'), scope, page);

/**
 * The page after a cursor: `rows` already narrowed to the rows after it (in the list's order) and
 * ordered, so the database reads on from there through the list's index; one row more than the
 * page tells whether another page follows. `scope` counts the whole list, as on a numbered page.
 */
export async function readPageAfter<
  RowsDB,
  RowsTB extends keyof RowsDB,
  Row,
  ScopeDB,
  ScopeTB extends keyof ScopeDB,
  O,
>(
  rows: Rows<RowsDB, RowsTB, Row>,
  scope: Total<ScopeDB, ScopeTB, O>,
  limit: number,
): Promise<{ rows: Row[]; total: number; more: boolean }> {
  const [found, total] = await Promise.all([readRows(rows, limit + 1).execute(), countOf(scope)]);
  return { rows: found.slice(0, limit) as Row[], total, more: found.length > limit };
}

/**
 * As readPage and readPageAfter, in one statement: the total is a column of the page's rows (`total`,
 * a query of one row and one column, in an uncorrelated subquery, which the database runs once: a
 * count kept for the list, or a count of its scope; 0 when it finds no row), so a list read often pays
 * one round trip and one pooled connection instead of two. `rows` is ordered and, for a page after a
 * cursor, already narrowed to the rows after it; `read` rows are read from `offset`, one more than
 * the page, to tell whether another follows (each a number, a parameter, or `sql.lit` of one written
 * into the statement). The statement only: a list read on every request compiles it once
 * (db/compiled.ts), and pageOfCounted reads its rows.
 */
export function countedPage<DB, TB extends keyof DB, Row, S, STB extends keyof S, O>(
  rows: SelectQueryBuilder<DB, TB, Row>,
  total: SelectQueryBuilder<S, STB, O>,
  read: number | RawBuilder<number>,
  offset: number | RawBuilder<number>,
) {
  return rows
    .select(sql<string | number>`coalesce((${total}), 0)`.as('total'))
    .limit(read)
    .offset(offset);
}

/**
 * The page of `limit` rows and the total from countedPage's rows (`limit` + 1 of them read). A page
 * past the end has no row to carry the total: `countAlone` counts it on its own.
 */
export async function pageOfCounted<Row extends { total: string | number }>(
  found: Row[],
  limit: number,
  countAlone: () => Promise<number>,
): Promise<{ rows: Row[]; total: number; more: boolean }> {
  const total = found[0] ? Number(found[0].total) : await countAlone();
  return { rows: found.slice(0, limit), total, more: found.length > limit };
}
