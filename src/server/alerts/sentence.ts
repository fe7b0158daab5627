import { describeSearch, readAlertSearch, type AlertSearch } from '#shared/alerts';
import { translate } from '#shared/i18n/translate';
import type { SearchText } from '#server/i18n/texts';

interface SavedSearch {
  search: string;
  /** The English sentence saved with it, for people only when its search can no longer be read. */
  sentence: string;
  category_name: string | null;
  category_name_bn: string | null;
}

/** A saved alert's search as its reader reads it: its filters, with its category's name in each language. */
export function alertSentence(alert: SavedSearch): SearchText | string {
  const search = readAlertSearch(alert.search);
  if (!search) return alert.sentence;
  const english = alert.category_name;
  return english ? { search, categoryNames: { en: english, bn: alert.category_name_bn || english } } : { search };
}

/** The English sentence saved with an alert: the API's `sentence`, as the spec's client reads it. */
export const englishSentence = (search: AlertSearch, categoryName?: string) =>
  describeSearch(search, categoryName, (id, values) => translate('en', id, values));
