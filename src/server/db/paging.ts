import { sql, type SelectQueryBuilder } from 'kysely';
import type { PageQuery } from '../../shared/common';

const offsetOf = (page: PageQuery) => (page.page - 1) * page.limit;

/**
 * One page of `rows` (a query already ordered) and how many rows `scope` holds in all, read side by
 * side: the lists' "page plus total" (the total goes out in X-Total-Count).
 */
export async function readPage<RowsDB, RowsTB extends keyof RowsDB, Row, ScopeDB, ScopeTB extends keyof ScopeDB, O>(
  rows: SelectQueryBuilder<RowsDB, RowsTB, Row>,
  scope: SelectQueryBuilder<ScopeDB, ScopeTB, O>,
  page: PageQuery,
): Promise<{ rows: Row[]; total: number }> {
  const [found, counted] = await Promise.all([
    rows.limit(page.limit).offset(offsetOf(page)).execute(),
    scope.select(sql<string | number>`count(*)`.as('count')).executeTakeFirstOrThrow(),
  ]);
  // The scope's own columns are generic here; the one selected above is the count (a string on PostgreSQL).
  const { count } = counted as unknown as { count: string | number };
  return { rows: found as Row[], total: Number(count) };
}
