import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection';
import { createIndex, engineTypes } from './ddl';

/**
 * What a session knows of its device, for the list in Account settings and the end of idle
 * sessions: when it was last used, the browser it was opened in (User-Agent), and the network it
 * was last used from (an IP range, never the whole address).
 */
export function signedInDevicesMigration(engine: Engine) {
  const { timestamp } = engineTypes(engine);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('sessions').addColumn('last_used_at', timestamp).execute();
      await db.schema
        .alterTable('sessions')
        .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('sessions')
        .addColumn('ip_range', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      // A session opened before this kept no use: it counts as used when it was opened.
      await sql`update sessions set last_used_at = created_at`.execute(db);
      // Housekeeping ends the sessions nobody used for a while.
      await createIndex(db, 'sessions_last_used', 'sessions', ['last_used_at']);
    },
  };
}
