import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';

/** The tables that hold what people made (accounts, listings, photos, bookings, requests, reports). */
const TABLES = [
  'users',
  'categories',
  'uploads',
  'products',
  'product_photos',
  'bookings',
  'verification_requests',
  'reports',
] as const;

/** Every row of those tables, by table and key (the id, or the whole row where there is none). */
export type DemoSnapshot = Record<string, Record<string, string>>;

export async function demoSnapshot(db: Kysely<Database>): Promise<DemoSnapshot> {
  const snapshot: DemoSnapshot = {};
  for (const table of TABLES) {
    const rows = (await db.selectFrom(table).selectAll().execute()) as Array<Record<string, unknown>>;
    snapshot[table] = Object.fromEntries(
      rows.map((row) => [typeof row.id === 'string' ? row.id : JSON.stringify(row), JSON.stringify(row)]),
    );
  }
  return snapshot;
}

/** The rows of `later` that `earlier` had (rows added since are left out), to compare with `earlier`. */
export function rowsStillThere(earlier: DemoSnapshot, later: DemoSnapshot): DemoSnapshot {
  return Object.fromEntries(
    Object.entries(earlier).map(([table, rows]) => [
      table,
      Object.fromEntries(
        Object.keys(rows).flatMap((key) => (key in later[table]! ? [[key, later[table]![key]!]] : [])),
      ),
    ]),
  );
}
