import type { ReactNode } from 'react';
import { Msg, type MessageId } from '#client/i18n';
import { cx } from './cx';
import { Icon, iconPaths } from './Icon';

export type BadgeTone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger' | 'info';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-ink-100 text-ink-700 ring-ink-200',
  brand: 'bg-brand-50 text-brand-700 ring-brand-200',
  success: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  warning: 'bg-amber-50 text-amber-800 ring-amber-200',
  danger: 'bg-red-50 text-red-700 ring-red-200',
  info: 'bg-sky-50 text-sky-700 ring-sky-200',
};

interface BadgeProps {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}

export function Badge({ tone = 'neutral', children, className }: BadgeProps) {
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

/** A badge that says one message of the catalog, such as a listing's state. */
export function MessageBadge({ message, ...badge }: Omit<BadgeProps, 'children'> & { message: MessageId }) {
  return (
    <Badge {...badge}>
      <Msg id={message} />
    </Badge>
  );
}

/** The check-mark badge next to a verified seller's name. */
export function VerifiedBadge() {
  return (
    <Badge tone="info">
      <Icon d={iconPaths.verified} className="size-3.5" solid />
      <Msg id="components.badge.verified" />
    </Badge>
  );
}
