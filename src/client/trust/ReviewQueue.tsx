import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { PagedRows } from '#client/api/pagedList';
import { DataTable, type Column } from '#client/components/DataTable';
import { PagedList } from '#client/components/PagedList';
import { useT, type MessageId, type TextsWith } from '#client/i18n';

/** The texts of one queue, each a message `<prefix>.<part>`. */
type QueuePart = 'title' | 'description' | 'noun' | 'showing' | 'empty' | 'caption';

/** A prefix with every text of a review queue (`trust.reviews.photos` for .title, .description, ...). */
export type QueueTexts = TextsWith<'showing', QueuePart>;

interface ReviewQueueProps<T> {
  texts: QueueTexts;
  query: UseInfiniteQueryResult<PagedRows<T>>;
  columns: ReadonlyArray<Column<T>>;
  rowKey: (row: T) => string;
}

/** One of the admin's review queues: a titled section with its server-paged table. */
export function ReviewQueue<T>({ texts, query, columns, rowKey }: ReviewQueueProps<T>) {
  const t = useT();
  // QueueTexts guarantees each `${texts}.${part}` is a message; TypeScript cannot follow that through the template.
  const id = (part: QueuePart) => `${texts}.${part}` as MessageId;
  return (
    <section className="flex flex-col gap-3">
      <div>
        <h2 className="text-lg font-semibold text-ink-900">{t(id('title'))}</h2>
        <p className="text-sm text-ink-600">{t(id('description'))}</p>
      </div>
      <PagedList query={query} noun={t(id('noun'))} showing={id('showing')} emptyTitle={t(id('empty'))}>
        {(rows) => <DataTable caption={t(id('caption'))} hideCaption columns={columns} rows={rows} rowKey={rowKey} />}
      </PagedList>
    </section>
  );
}
