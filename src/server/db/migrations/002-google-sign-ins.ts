import { sql } from 'kysely';
import { createIndex, engineMigration } from './ddl';

/**
 * Google sign-ins under way: what the callback must check (state, nonce, PKCE verifier), kept in
 * the database so that any app process can finish a sign-in another one started.
 */
export const googleSignInsMigration = engineMigration(async (db, { timestamp, bool }) => {
  await db.schema
    .createTable('google_sign_ins')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in ('login', 'register')`))
    .addColumn('is_popup', bool, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .execute();
  await createIndex(db, 'google_sign_ins_expires', 'google_sign_ins', ['expires_at']);
});
