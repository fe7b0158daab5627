import { z } from 'zod';
import { LOCALES } from './locales';

/** PUT /api/language: the language to show, and on Bangla pages whether numbers use Latin digits. */
export const languageChoiceSchema = z.object({
  locale: z.enum(LOCALES, { message: 'Choose English or Bangla.' }),
  latinDigits: z.boolean({ message: 'latinDigits is true or false.' }).optional(),
});
export type LanguageChoice = z.infer<typeof languageChoiceSchema>;
