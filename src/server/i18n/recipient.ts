import type { Kysely } from 'kysely';
import { isLocale } from '#shared/i18n/locales';
import type { Database } from '#server/db/schema';
import { ENGLISH, type Language } from './texts';

/** The language an account reads in (its choice, saved by PUT /api/language); English for no account. */
export async function languageOf(db: Kysely<Database>, userId: string | null): Promise<Language> {
  if (!userId) return ENGLISH;
  const row = await db
    .selectFrom('users')
    .select(['locale', 'latin_digits'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row && isLocale(row.locale) ? { locale: row.locale, latinDigits: Boolean(row.latin_digits) } : ENGLISH;
}
