import type { Kysely } from 'kysely';
import { isLocale } from '#shared/i18n/locales';
import type { Database } from '#server/db/schema';
import { ENGLISH, type Language } from './texts';

/** The language of an account's row (its `locale` and `latin_digits`); English for none. */
export const languageOfRow = (row: { locale: string; latin_digits: unknown } | undefined): Language =>
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
