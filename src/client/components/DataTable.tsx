import type { ReactNode } from 'react';
import { cx } from './cx';

interface DataTableProps {
  /** Names the table for screen readers; shown above it unless `hideCaption`. */
  caption: string;
  hideCaption?: boolean;
  /** The table's own `<thead>` and `<tbody>`. */
  children: ReactNode;
  className?: string;
}

/**
 * A card around a plain `<table>`: header cells, row lines and padding come from here, and on a phone
 * the table scrolls sideways inside the card instead of widening the page.
 */
export function DataTable({ caption, hideCaption = false, children, className }: DataTableProps) {
  return (
    <div className={cx('overflow-hidden rounded-card border border-ink-200 bg-white shadow-card', className)}>
      <div className="overflow-x-auto">
        <table
          className={cx(
            'w-full min-w-[40rem] border-collapse text-left text-sm',
            '[&_thead]:bg-ink-50 [&_th]:px-4 [&_th]:py-3 [&_thead_th]:text-xs [&_thead_th]:font-semibold [&_thead_th]:tracking-wide [&_thead_th]:text-ink-600 [&_thead_th]:uppercase',
            '[&_td]:px-4 [&_td]:py-3 [&_td]:align-middle [&_tbody_tr]:border-t [&_tbody_tr]:border-ink-100 [&_tbody_tr:hover]:bg-ink-50/60',
          )}
        >
          <caption
            className={cx(
              hideCaption ? 'sr-only' : 'border-b border-ink-100 px-4 py-3 text-left text-base font-semibold text-ink-900',
            )}
          >
            {caption}
          </caption>
          {children}
        </table>
      </div>
    </div>
  );
}

/** A small rounded picture for a table row. */
export function TableImage({ src, alt }: { src: string; alt: string }) {
  return (
    <img src={src} alt={alt} loading="lazy" className="size-12 rounded-lg bg-ink-100 object-cover ring-1 ring-ink-200" />
  );
}
