import type { ReactNode } from 'react';
import { useT, type MessageId } from '#client/i18n';
import { cx } from './cx';
import { EmptyState } from './EmptyState';
import { Spinner } from './Spinner';

/**
 * A catalog prefix with a loading text and a failure title (`chat.messages` for chat.messages.loading
 * and chat.messages.loadError): a missing one fails the type check instead of showing its id.
 */
export type FallbackTexts = {
  [Id in MessageId]: Id extends `${infer Prefix}.loadError`
    ? `${Prefix}.loading` extends MessageId
      ? Prefix
      : never
    : never;
}[MessageId];

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
