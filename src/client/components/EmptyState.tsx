import type { ReactNode } from 'react';
import { cx } from './cx';

interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  /** A button or link that gets the user going again. */
  action?: ReactNode;
  tone?: 'neutral' | 'error';
  className?: string;
}

/** What a list or screen shows instead of nothing: empty, or failed to load. */
export function EmptyState({ title, description, action, tone = 'neutral', className }: EmptyStateProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className={cx(
        'flex flex-col items-center rounded-card border border-dashed px-6 py-12 text-center',
        tone === 'error' ? 'border-red-200 bg-red-50/60' : 'border-ink-200 bg-white',
        className,
      )}
    >
      <div
        className={cx(
          'mb-4 flex size-12 items-center justify-center rounded-full',
          tone === 'error' ? 'bg-red-100 text-red-600' : 'bg-brand-50 text-brand-600',
        )}
        aria-hidden="true"
      >
        <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8">
          {tone === 'error' ? (
            <path
              strokeLinecap="round"
              d="M12 8v5m0 3.5v.01M10.3 3.9 2.6 17.2A2 2 0 0 0 4.3 20h15.4a2 2 0 0 0 1.7-2.8L13.7 3.9a2 2 0 0 0-3.4 0Z"
            />
          ) : (
            <path
              strokeLinecap="round"
              strokeLinejoin="round"
              d="M8 3h8a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm3 15h2"
            />
          )}
        </svg>
      </div>
      <p className="text-base font-semibold text-ink-900">{title}</p>
      {description && <div className="mt-1 max-w-md text-sm text-ink-500">{description}</div>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}
