import { sql } from 'kysely';
import { addColumns, createIndex, engineMigration } from './ddl';

/**
 * What a session knows of its device, for the list in Account settings and the end of idle
 * sessions: when it was last used, the browser it was opened in (User-Agent), and the network it
 * was last used from (an IP range, never the whole address).
 */
export const signedInDevicesMigration = engineMigration(async (db, { timestamp }) => {
  await addColumns(db, 'sessions', [
    ['last_used_at', timestamp],
    ['user_agent', 'text', (c) => c.notNull().defaultTo('')],
    ['ip_range', 'text', (c) => c.notNull().defaultTo('')],
  ]);
  // A session opened before this kept no use: it counts as used when it was opened.
  await sql`update sessions set last_used_at = created_at`.execute(db);
  // Housekeeping ends the sessions nobody used for a while.
  await createIndex(db, 'sessions_last_used', 'sessions', ['last_used_at']);
});
