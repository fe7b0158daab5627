import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { PagedRows } from '#client/api/pagedList';
import { useT, type MessageId, type TextsWith } from '#client/i18n';
import { DataTable, type Column } from './DataTable';
import { PageHeader } from './PageHeader';
import { PagedList } from './PagedList';

/** Every listed record has its id. */
interface Row {
  _id: string;
}

/** The texts every table page shows, each a message `<prefix>.<part>`. */
type TablePart = 'title' | 'description' | 'caption' | 'noun' | 'showing' | 'empty';

/** A prefix with every text of a table page (`admin.buyers` for admin.buyers.title, .description, ...). */
export type TableTexts = TextsWith<'showing', TablePart>;

interface TablePageProps<T extends Row> {
  texts: TableTexts;
  headerActions?: ReactNode;
  query: UseInfiniteQueryResult<PagedRows<T>>;
  emptyDescription?: ReactNode;
  emptyAction?: ReactNode;
  columns: ReadonlyArray<Column<T>>;
  /** What goes below the list, such as the dialog its rows open. */
  children?: ReactNode;
}

/** A dashboard screen that is one server-paged table under a heading, a row per record. */
export function TablePage<T extends Row>({ texts, headerActions, columns, children, ...list }: TablePageProps<T>) {
  const t = useT();
  // TableTexts guarantees each `${texts}.${part}` is a message; TypeScript cannot follow that through the template.
  const id = (part: TablePart) => `${texts}.${part}` as MessageId;
  const title = t(id('title'));
  // The table's name for screen readers.
  const caption = t(id('caption'));
  return (
    <>
      <PageHeader title={title} description={t(id('description'))} actions={headerActions} />
      <PagedList noun={t(id('noun'))} showing={id('showing')} emptyTitle={t(id('empty'))} {...list}>
        {(rows) => <DataTable caption={caption} hideCaption columns={columns} rows={rows} rowKey={(row) => row._id} />}
      </PagedList>
      {children}
    </>
  );
}
