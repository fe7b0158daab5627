import { Fragment, type ReactNode } from 'react';
import { alertSearchSchema, type Alert, type AlertSearch } from '#shared/alerts';
import type { Condition } from '#shared/products';
import { useCategories } from '#client/catalog/api/categories';
import { UserText } from '#client/components/UserText';
import { Msg, useT, type MessageId, type Translate } from '#client/i18n';

const CONDITION_LABELS: Record<Condition, MessageId> = {
  Exellent: 'alerts.condition.Exellent',
  Good: 'alerts.condition.Good',
  Fair: 'alerts.condition.Fair',
};

function pricePart(t: Translate, { minPrice: min, maxPrice: max }: AlertSearch): string | undefined {
  if (min !== undefined && max !== undefined) return t('alerts.sentence.between', { min, max });
  if (max !== undefined) return t('alerts.sentence.upTo', { max });
  if (min !== undefined) return t('alerts.sentence.from', { min });
  return undefined;
}

/**
 * The parts of a saved search in the reader's language, in the order the server's sentence has
 * them (describeSearch in src/shared/alerts.ts, which mails and the bell use): the words and the
 * brand a person typed stay as typed.
 */
function partsOf(t: Translate, search: AlertSearch, categoryName: string | undefined): ReactNode[] {
  const parts: Array<ReactNode | undefined> = [
    search.q ? <Msg id="alerts.sentence.query" values={{ q: <UserText>{search.q}</UserText> }} /> : undefined,
    categoryName,
    search.brand ? <UserText>{search.brand}</UserText> : undefined,
    pricePart(t, search),
    search.district,
    search.condition ? t('alerts.sentence.condition', { condition: t(CONDITION_LABELS[search.condition]) }) : undefined,
    search.verified ? t('alerts.sentence.verified') : undefined,
  ];
  return parts.filter((part) => part !== undefined);
}

/** "iPhone · up to 60,000 Tk · Dhaka · Good condition", or "iPhone · ৬০,০০০ টাকা পর্যন্ত · …" in Bangla. */
export function AlertSentence({ alert }: { alert: Alert }) {
  const t = useT();
  const categories = useCategories().data;
  const parsed = alertSearchSchema.safeParse(Object.fromEntries(new URLSearchParams(alert.search)));
  const category = parsed.success ? parsed.data.category : undefined;
  const categoryName = category && categories?.find((each) => each._id === category)?.category_name;
  // A search this client cannot read, or a category not loaded yet: the server's own sentence.
  if (!parsed.success || (category && !categoryName)) return <UserText>{alert.sentence}</UserText>;
  const parts = partsOf(t, parsed.data, categoryName);
  if (parts.length === 0) return t('alerts.sentence.everyPhone');
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && ' · '}
      {part}
    </Fragment>
  ));
}
