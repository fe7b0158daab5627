import type { LanguageChoice } from '#shared/i18n/language';
import { api } from '#client/api/http';

/** Remembers the language (a cookie, and the account's choice when signed in): PUT /api/language. */
export const saveLanguage = (choice: LanguageChoice): Promise<LanguageChoice> =>
  api<LanguageChoice>('/language', { method: 'PUT', body: choice });
