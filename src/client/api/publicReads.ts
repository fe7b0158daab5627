import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { api } from './http';

/**
 * A public read (an address of `publicReads`, #shared/page-reads, which the server renders the first
 * screen with) under its query key: asked without the session, and given up when no one waits for it.
 */
export const publicReadOptions = <T>(queryKey: QueryKey, path: string) =>
  queryOptions({ queryKey, queryFn: ({ signal }) => api<T>(path, { signal }) });
