import type { ReactNode } from 'react';
import { cx } from './cx';

interface SettingsCardProps {
  /** The heading's id: the card is named by its heading for screen readers. */
  id: string;
  title: ReactNode;
  /** A line under the title, before the card's controls. */
  lead?: ReactNode;
  children: ReactNode;
}

/** One card of Account settings (profile, mail, push, language, ...): a titled section on a white card. */
export function SettingsCard({ id, title, lead, children }: SettingsCardProps) {
  return (
    <section aria-labelledby={id} className="rounded-card border border-ink-200 bg-white p-6 shadow-card">
      <h2 id={id} className={cx('text-lg font-semibold', lead ? 'mb-1' : 'mb-4')}>
        {title}
      </h2>
      {lead && <p className="mb-4 text-sm text-ink-600">{lead}</p>}
      {children}
    </section>
  );
}
