import type { ReactNode } from 'react';
import { useT, type MessageId, type TextsWith } from '#client/i18n';
import { ButtonLink } from './Button';
import { cx } from './cx';
import { EmptyState } from './EmptyState';
import { Spinner } from './Spinner';

/** A prefix with a loading text and a failure title (`chat.messages` for chat.messages.loading and .loadError). */
export type FallbackTexts = TextsWith<'loadError', 'loading' | 'loadError'>;
/** The same with the text of a link back to where the screen was opened from (`chat.conversation.back`). */
type FallbackWithBackTexts = TextsWith<'back', 'loading' | 'loadError' | 'back'>;

type QueryFallbackProps = {
  /** A query that is still loading or has failed: it has no data to show yet, or it could not be read. */
  query: { isPending: boolean; error: Error | null };
  /** The spinner's room in the screen (a whole screen waits with more of it than a list does). */
  spinnerMargin?: string;
} & (
  | {
      texts: FallbackTexts;
      /** What the person can do about a failure, such as trying again. */
      action?: ReactNode;
      backTo?: never;
    }
  | {
      texts: FallbackWithBackTexts;
      /** A screen of one record that could not be read: its list, offered as the way back (`<prefix>.back`). */
      backTo: string;
      action?: never;
    }
);

/** What a screen shows instead of its data while the data loads (a spinner), or when it failed to load (the server's words). */
export function QueryFallback({ query, texts, action, backTo, spinnerMargin = 'my-16' }: QueryFallbackProps) {
  const t = useT();
  // The texts' types guarantee each message; TypeScript cannot follow that through the template.
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
      action={backTo ? <ButtonLink to={backTo}>{t(`${texts}.back` as MessageId)}</ButtonLink> : action}
    />
  );
}
