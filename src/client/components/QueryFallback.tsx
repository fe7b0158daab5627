import type { ReactNode } from 'react';
import { useT, type MessageId, type TextsWith } from '#client/i18n';
import { cx } from './cx';
import { EmptyState } from './EmptyState';
import { Spinner } from './Spinner';

/** A prefix with a loading text and a failure title (`chat.messages` for chat.messages.loading and .loadError). */
export type FallbackTexts = TextsWith<'loadError', 'loading' | 'loadError'>;

interface QueryFallbackProps {
  /** A query that is still loading or has failed: it has no data to show yet, or it could not be read. */
  query: { isPending: boolean; error: Error | null };
  texts: FallbackTexts;
  /** What the person can do about a failure: try again, or go back. */
  action?: ReactNode;
  /** The spinner's room in the screen (a whole screen waits with more of it than a list does). */
  spinnerMargin?: string;
}

/** What a screen shows instead of its data while the data loads (a spinner), or when it failed to load (the server's words). */
export function QueryFallback({ query, texts, action, spinnerMargin = 'my-16' }: QueryFallbackProps) {
  const t = useT();
  // FallbackTexts guarantees both messages; TypeScript cannot follow that through the template.
  if (query.isPending) {
    return (
      <Spinner label={t(`${texts}.loading` as MessageId)} className={cx('mx-auto text-brand-600', spinnerMargin)} />
    );
  }
  return (
    <EmptyState
      tone="error"
      title={t(`${texts}.loadError` as MessageId)}
      description={query.error?.message}
      action={action}
    />
  );
}
