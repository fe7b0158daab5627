import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { PagedRows } from '#client/api/pagedList';
import type { MessageId } from '#client/i18n';
import { DataTable, type Column } from './DataTable';
import { PageHeader } from './PageHeader';
import { PagedList } from './PagedList';

/** Every listed record has its id. */
interface Row {
  _id: string;
}

interface TablePageProps<T extends Row> {
  title: string;
  description: string;
  headerActions?: ReactNode;
  query: UseInfiniteQueryResult<PagedRows<T>>;
  /** What is listed, for the loading and count texts ("buyers"). */
  noun: string;
  /** The count under the rows (see PagedList). */
  showing: MessageId;
  /** The spec's empty text. */
  emptyTitle: string;
  emptyDescription?: ReactNode;
  emptyAction?: ReactNode;
  /** The table's name for screen readers. */
  caption: string;
  columns: ReadonlyArray<Column<T>>;
  /** What goes below the list, such as the dialog its rows open. */
  children?: ReactNode;
}

/** A dashboard screen that is one server-paged table under a heading, a row per record. */
export function TablePage<T extends Row>({
  title,
  description,
  headerActions,
  caption,
  columns,
  children,
  ...list
}: TablePageProps<T>) {
  return (
    <>
      <PageHeader title={title} description={description} actions={headerActions} />
      <PagedList {...list}>
        {(rows) => <DataTable caption={caption} hideCaption columns={columns} rows={rows} rowKey={(row) => row._id} />}
      </PagedList>
      {children}
    </>
  );
}
