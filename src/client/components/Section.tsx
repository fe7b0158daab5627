import type { ReactNode } from 'react';
import { cx } from './cx';

interface SectionProps {
  title: string;
  /** A line under the title. */
  lead?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A titled band of the page, on the shared content width. */
export function Section({ title, lead, children, className }: SectionProps) {
  return (
    <section className={cx('mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8 lg:py-16', className)}>
      <div className="mb-8 max-w-2xl">
        <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h2>
        {lead && <p className="mt-2 text-ink-500">{lead}</p>}
      </div>
      {children}
    </section>
  );
}
