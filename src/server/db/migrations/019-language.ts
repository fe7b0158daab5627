import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection';
import { engineTypes } from './ddl';

/**
 * The language a person chose (docs/i18n.md): `users.locale` ('en' or 'bn') is what their mail,
 * notifications and pushes are written in, and `users.latin_digits` shows them numbers in Latin
 * digits on Bangla pages. Existing accounts keep English, as everything was English before.
 */
export function languageMigration(engine: Engine) {
  const { bool, falseDefault } = engineTypes(engine);

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('locale', 'text', (c) =>
          c
            .notNull()
            .defaultTo('en')
            .check(sql`locale in ('en', 'bn')`),
        )
        .execute();
      await db.schema
        .alterTable('users')
        .addColumn('latin_digits', bool, (c) => c.notNull().defaultTo(falseDefault))
        .execute();
    },
  };
}
