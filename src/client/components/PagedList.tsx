import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { PagedRows } from '#client/api/pagedList';
import { Button } from './Button';
import { EmptyState } from './EmptyState';
import { ListSpinner } from './Spinner';
import { Msg, useErrorText, useT, type MessageId } from '#client/i18n';

interface PagedListProps<T> {
  query: UseInfiniteQueryResult<PagedRows<T>>;
  /** What is listed, for the loading and count texts ("buyers"). */
  noun: string;
  /** The count under the rows, a message of `shown` and `total` with the list's noun as an ICU plural. */
  showing: MessageId;
  /** The spec's empty text. */
  emptyTitle: string;
  emptyDescription?: ReactNode;
  /** What to do about an empty list, such as a link to where its rows come from. */
  emptyAction?: ReactNode;
  children: (rows: T[]) => ReactNode;
}

/** One server-paged list: loading, failure with a retry, empty, or the rows and a 'Load more' button. */
export function PagedList<T>({
  query,
  noun,
  showing,
  emptyTitle,
  emptyDescription,
  emptyAction,
  children,
}: PagedListProps<T>) {
  const t = useT();
  const errorText = useErrorText();
  if (query.isPending) {
    return (
      <ListSpinner
        label={t('components.pagedList.loading', { noun })}
        className="rounded-card border border-ink-200 bg-white shadow-card"
      />
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        tone="error"
        title={t('components.pagedList.failed', { noun })}
        description={errorText(query.error.message)}
        action={
          <Button variant="secondary" onClick={() => void query.refetch()}>
            <Msg id="components.pagedList.retry" />
          </Button>
        }
      />
    );
  }

  const { rows, total } = query.data;
  if (rows.length === 0) return <EmptyState title={emptyTitle} description={emptyDescription} action={emptyAction} />;

  return (
    <div className="flex flex-col gap-4">
      {children(rows)}
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
        <p className="text-sm text-ink-500" aria-live="polite">
          {t(showing, { shown: rows.length, total: total ?? rows.length })}
        </p>
        {query.hasNextPage && (
          <Button variant="secondary" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            <Msg id="components.pagedList.loadMore" />
          </Button>
        )}
      </div>
    </div>
  );
}
