import { sql } from 'kysely';
import { createIndex, createTable, engineMigration, idColumn, required } from './ddl';

/**
 * Google sign-ins under way: what the callback must check (state, nonce, PKCE verifier), kept in
 * the database so that any app process can finish a sign-in another one started.
 */
export const googleSignInsMigration = engineMigration(async (db, { timestamp, bool }) => {
  await createTable(db, 'google_sign_ins', [
    idColumn,
    ...required('text', 'state', 'nonce', 'code_verifier'),
    ['mode', 'text', (c) => c.notNull().check(sql`mode in ('login', 'register')`)],
    ...required(bool, 'is_popup'),
    ...required(timestamp, 'expires_at'),
  ]);
  await createIndex(db, 'google_sign_ins_expires', 'google_sign_ins', ['expires_at']);
});
