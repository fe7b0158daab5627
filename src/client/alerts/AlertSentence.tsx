import { Fragment, type ReactNode } from 'react';
import { readAlertSearch, searchParts, SEARCH_PART_SEPARATOR, type Alert, type SearchPart } from '#shared/alerts';
import { useCategories } from '#client/catalog/api/categories';
import { useCategoryText } from '#client/catalog/categoryText';
import { UserText } from '#client/components/UserText';
import { Msg, useT } from '#client/i18n';

/** One part of a saved search: what a person typed (a brand, the words) stays as typed. */
function partNode(part: SearchPart): ReactNode {
  if ('words' in part) return part.typed ? <UserText>{part.words}</UserText> : part.words;
  const typed = part.typed;
  const values = typed ? { ...part.values, [typed]: <UserText>{part.values?.[typed]}</UserText> } : part.values;
  return <Msg id={part.id} values={values} />;
}

/**
 * "iPhone · up to 60000Tk · Dhaka · Good condition", or "iPhone · ৬০,০০০ টাকা পর্যন্ত · …" in
 * Bangla: the parts mails and the bell describe it with too (searchParts, #shared/alerts).
 */
export function AlertSentence({ alert }: { alert: Alert }) {
  const t = useT();
  const textOf = useCategoryText();
  const categories = useCategories().data;
  const search = readAlertSearch(alert.search);
  // A search saved before its filters changed meaning: the English sentence saved with it.
  if (!search) return <UserText>{alert.sentence}</UserText>;
  const category = search.category ? categories?.find((each) => each._id === search.category) : undefined;
  // Its category's name comes with the categories (base data, cached for good): nothing half-told before.
  if (search.category && !category) return null;
  const parts = searchParts(search, category && textOf(category).name);
  if (parts.length === 0) return t('shared.alertSentence.everyPhone');
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && SEARCH_PART_SEPARATOR}
      {partNode(part)}
    </Fragment>
  ));
}
