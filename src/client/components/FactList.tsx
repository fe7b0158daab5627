import type { ReactNode } from 'react';
import { cx } from './cx';

/** One row: its label, and its value (text, or a node that marks it). */
export type Fact = [label: string, value: ReactNode];

interface FactListProps {
  facts: Fact[];
  /** The list's grid: its columns and spacing. */
  className: string;
  termClassName?: string;
  valueClassName?: string;
  /** Labels and values the server wrote in one language, which a page translator should leave alone. */
  untranslated?: boolean;
}

/** Labelled values as a description list, a label and its value a row of the list's grid. */
export function FactList({ facts, className, termClassName, valueClassName, untranslated }: FactListProps) {
  return (
    <dl className={cx('text-sm', className)} {...(untranslated ? { translate: 'no', 'data-user-text': true } : {})}>
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className={cx('text-ink-500', termClassName)}>{label}</dt>
          <dd className={valueClassName}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
