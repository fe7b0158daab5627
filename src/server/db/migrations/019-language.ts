import { sql } from 'kysely';
import { addColumns, engineMigration } from './ddl';

/**
 * The language a person chose (docs/i18n.md): `users.locale` ('en' or 'bn') is what their mail,
 * notifications and pushes are written in, and `users.latin_digits` shows them numbers in Latin
 * digits on Bangla pages. Existing accounts keep English, as everything was English before.
 */
export const languageMigration = engineMigration(async (db, { bool, offByDefault }) => {
  await addColumns(db, 'users', [
    [
      'locale',
      'text',
      (c) =>
        c
          .notNull()
          .defaultTo('en')
          .check(sql`locale in ('en', 'bn')`),
    ],
    ['latin_digits', bool, offByDefault],
  ]);
});
