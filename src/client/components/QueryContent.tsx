import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useErrorText } from '#client/i18n';
import { FormError } from './FormField';
import { Spinner } from './Spinner';

interface QueryContentProps<T> {
  query: UseQueryResult<T>;
  /** Something besides the query the content waits for (a spinner meanwhile). */
  waiting?: boolean;
  /** What is loading, for screen readers (none: "Loading"). */
  loading?: string;
  /** What the data shows once it is read. */
  children: (data: T) => ReactNode;
}

/**
 * The part of a card that shows what a query reads: a spinner while it loads, the server's words
 * when it failed (the card around it stays, with its other controls), else the data's content.
 */
export function QueryContent<T>({ query, waiting = false, loading, children }: QueryContentProps<T>) {
  const errorText = useErrorText();
  if (query.isPending || waiting) return <Spinner label={loading} />;
  if (query.isError) return <FormError message={errorText(query.error.message)} />;
  return children(query.data);
}
