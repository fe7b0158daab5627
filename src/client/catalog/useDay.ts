import { useFormat, useLocale } from '#client/i18n';

/**
 * The day of an ISO timestamp in the user's own time zone (Dhaka is six hours ahead of UTC): in
 * English as YYYY-MM-DD, as the pages have always printed it, in Bangla as the formatter writes a date.
 */
export function useDay() {
  const { locale } = useLocale();
  const format = useFormat();
  return (iso: string) => (locale === 'en' ? new Date(iso).toLocaleDateString('en-CA') : format.date(iso));
}
