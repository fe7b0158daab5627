import type { ReactNode } from 'react';
import { cx } from './cx';

/**
 * What a column is for, which decides how its cell shows on a phone, where each row is a card:
 * - `index`: the row number; left out of the card.
 * - `image`: the picture, at the card's top left.
 * - `title`: the row's name, next to the picture and larger.
 * - `field` (the default): a line of its own, the column's header as its label, the value on the right.
 * - `actions`: the row's buttons, in full across the card's foot (and right-aligned in the table).
 */
type ColumnKind = 'index' | 'image' | 'title' | 'field' | 'actions';

export interface Column<Row> {
  /** The header text, exactly as the spec spells it; also the cell's label on a phone. */
  header: string;
  cell: (row: Row, index: number) => ReactNode;
  kind?: ColumnKind;
  /** Extra classes for this column's cells. */
  className?: string;
}

/** The spec's '#' column: the row's number, from 1. */
export const numberColumn: Column<unknown> = { header: '#', kind: 'index', cell: (_row, index) => index + 1 };

interface DataTableProps<Row> {
  /** Names the table for screen readers; shown above it unless `hideCaption`. */
  caption: string;
  hideCaption?: boolean;
  columns: ReadonlyArray<Column<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  className?: string;
}

const headerClasses: Record<ColumnKind, string> = {
  index: '',
  image: '',
  title: '',
  field: '',
  actions: 'text-right @4xl:sticky @4xl:right-0 @4xl:bg-ink-50',
};

/** Table cell classes first, then (`@max-4xl:`) the card's, for a narrow container. */
const cellClasses: Record<ColumnKind, string> = {
  index: 'text-ink-500 tabular-nums @max-4xl:hidden',
  image: '@max-4xl:col-start-1',
  title:
    'min-w-40 font-medium wrap-anywhere text-ink-900 @max-4xl:col-start-2 @max-4xl:min-w-0 @max-4xl:self-center @max-4xl:text-base @max-4xl:font-semibold',
  field: '@max-4xl:col-span-2 @max-4xl:flex @max-4xl:items-baseline @max-4xl:justify-between @max-4xl:gap-4',
  actions:
    '@4xl:sticky @4xl:right-0 @4xl:bg-white @4xl:group-hover:bg-ink-50 @max-4xl:col-span-2 @max-4xl:mt-1 @max-4xl:border-t @max-4xl:border-ink-100 @max-4xl:pt-3',
};

/**
 * A card around a real `<table>`, built from one column list: the header cells and, in card form, the
 * label of each value come from the same `header` texts. The form follows the space the table has
 * (a container query), not the screen, since the dashboard's side menu takes a share of it: from
 * 56rem up it is a table (scrolling sideways inside the card should its columns still not fit, the
 * actions column pinned to the right edge so its buttons stay in view); narrower, each row is a card
 * of its own (picture and name first, then label and value lines, then the row's buttons), so nothing
 * ends up out of sight. The header row stays in the document for screen readers, only hidden from
 * view in card form, and every element carries its table role explicitly, so a screen reader still
 * reads each value with its column's header; the visible labels are therefore `aria-hidden`.
 */
export function DataTable<Row>({
  caption,
  hideCaption = false,
  columns,
  rows,
  rowKey,
  className,
}: DataTableProps<Row>) {
  return (
    <div
      className={cx('@container overflow-hidden rounded-card border border-ink-200 bg-white shadow-card', className)}
    >
      <div className="@4xl:overflow-x-auto">
        {/* Explicit roles: in card form the CSS display change would drop the table's built-in ones. */}
        <table role="table" className="w-full border-collapse text-left text-sm @max-4xl:block">
          <caption
            className={cx(
              hideCaption
                ? 'sr-only'
                : 'border-b border-ink-100 px-4 py-3 text-left text-base font-semibold text-ink-900 @max-4xl:block',
            )}
          >
            {caption}
          </caption>
          <thead role="rowgroup" className="bg-ink-50 @max-4xl:sr-only">
            <tr role="row">
              {columns.map((column) => (
                <th
                  key={column.header}
                  scope="col"
                  role="columnheader"
                  className={cx(
                    'px-4 py-3 text-xs font-semibold tracking-wide text-ink-600 uppercase',
                    headerClasses[column.kind ?? 'field'],
                  )}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup" className="@max-4xl:block">
            {rows.map((row, index) => (
              <tr
                key={rowKey(row)}
                role="row"
                className={cx(
                  'group border-t border-ink-100 @4xl:hover:bg-ink-50',
                  '@max-4xl:grid @max-4xl:grid-cols-[auto_minmax(0,1fr)] @max-4xl:gap-x-3 @max-4xl:gap-y-2 @max-4xl:px-4 @max-4xl:py-4 @max-4xl:first:border-t-0',
                )}
              >
                {columns.map((column) => (
                  <BodyCell key={column.header} column={column}>
                    {column.cell(row, index)}
                  </BodyCell>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function BodyCell<Row>({ column, children }: { column: Column<Row>; children: ReactNode }) {
  const kind = column.kind ?? 'field';
  return (
    <td role="cell" className={cx('px-4 py-3 align-middle @max-4xl:p-0', cellClasses[kind], column.className)}>
      {kind === 'field' ? (
        <>
          {/* The header is read out with the cell already; this is only for the eye, in card form. */}
          <span
            aria-hidden="true"
            className="shrink-0 text-xs font-semibold tracking-wide text-ink-500 uppercase @4xl:hidden"
          >
            {column.header}
          </span>
          <div className="@max-4xl:min-w-0 @max-4xl:text-right @max-4xl:wrap-anywhere">{children}</div>
        </>
      ) : kind === 'actions' ? (
        // In the table, a row with many buttons wraps them in two lines rather than squeeze its other columns.
        <div className="flex flex-wrap items-center justify-end gap-2 @4xl:ml-auto @4xl:max-w-[26rem]">{children}</div>
      ) : (
        children
      )}
    </td>
  );
}

/** A small rounded picture for a table row (a little larger in card form). */
export function TableImage({ src, alt }: { src: string; alt: string }) {
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      className="size-12 rounded-lg bg-ink-100 object-cover ring-1 ring-ink-200 @max-4xl:size-16"
    />
  );
}
