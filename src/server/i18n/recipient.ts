import type { Kysely } from 'kysely';
import { isLocale } from '#shared/i18n/locales';
import { slices } from '#server/db/batches';
import type { Database } from '#server/db/schema';
import { ENGLISH, type Language } from './texts';

const languageOfRow = (row: { locale: string; latin_digits: unknown } | undefined): Language =>
  row && isLocale(row.locale) ? { locale: row.locale, latinDigits: Boolean(row.latin_digits) } : ENGLISH;

/** The language an account reads in (its choice, saved by PUT /api/language); English for no account. */
export async function languageOf(db: Kysely<Database>, userId: string | null): Promise<Language> {
  if (!userId) return ENGLISH;
  const row = await db
    .selectFrom('users')
    .select(['locale', 'latin_digits'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return languageOfRow(row);
}

const USERS_PER_READ = 1000;

/** languageOf for many accounts, one read per 1,000 (an alert round tells thousands of people). */
export async function languagesOf(db: Kysely<Database>, userIds: readonly string[]): Promise<Map<string, Language>> {
  const languages = new Map(userIds.map((id) => [id, ENGLISH]));
  for (const slice of slices(userIds, USERS_PER_READ)) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'locale', 'latin_digits'])
      .where('id', 'in', slice)
      .execute();
    for (const row of rows) languages.set(row.id, languageOfRow(row));
  }
  return languages;
}
