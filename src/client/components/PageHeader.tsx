import type { ReactNode } from 'react';
import { useOptionalT, useT, type MessageId, type TextsWith } from '#client/i18n';
import { cx } from './cx';

/** A prefix whose messages are a screen's heading (`<prefix>.title`) and, where it has one, its description. */
export type PageHeaderTexts = TextsWith<'title', 'title'>;

/** The heading and the line under it: given, or the screen's own messages by prefix (as Modal's texts). */
type PageHeaderTextProps =
  | { texts: PageHeaderTexts; title?: never; description?: never }
  | { texts?: never; title: ReactNode; description?: ReactNode };

type PageHeaderProps = PageHeaderTextProps & {
  /** Buttons on the right (below the title on phones). */
  actions?: ReactNode;
  className?: string;
};

export function PageHeader({ texts, title, description, actions, className }: PageHeaderProps) {
  const t = useT();
  const optionalT = useOptionalT();
  // PageHeaderTexts guarantees `${texts}.title` is a message; TypeScript cannot follow that through the template.
  const heading = texts ? t(`${texts}.title` as MessageId) : title;
  const lead = texts ? optionalT(`${texts}.description`) : description;
  return (
    <div className={cx('mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between', className)}>
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl">{heading}</h1>
        {lead && <p className="mt-1.5 max-w-2xl text-sm text-ink-500 sm:text-base">{lead}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
