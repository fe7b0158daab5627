import { useQuery } from '@tanstack/react-query';
import { useRefreshingMutation } from '#client/api/refreshAll';
import type { AlertList, SaveAlertRequest, UpdateAlertRequest } from '#shared/alerts';
import type { DeleteResult, UpdateResult } from '#shared/common';
import { api, apiDelete, enc } from '#client/api/http';
import { queryKeys } from '#client/api/queryKeys';

/** GET /alerts: the caller's saved searches, each with its last matches. */
export const useAlerts = () =>
  useQuery({
    queryKey: queryKeys.alerts,
    queryFn: ({ signal }) => api<AlertList>('/alerts', { auth: true, signal }),
  });

/** What a change to an alert refreshes: the list, which shows each alert's state. */
const refreshAlerts = () => [queryKeys.alerts];

/** POST /alerts: saves a search as an alert. */
export const useSaveAlert = () =>
  useRefreshingMutation(
    (request: SaveAlertRequest) =>
      api<{ insertedId: string }>('/alerts', { method: 'POST', body: request, auth: true }),
    refreshAlerts,
  );

/** PUT /alerts/{id}: pause, resume, or another frequency. */
export const useUpdateAlert = () =>
  useRefreshingMutation(
    ({ id, ...body }: UpdateAlertRequest & { id: string }) =>
      api<UpdateResult>(`/alerts/${enc(id)}`, { method: 'PUT', body, auth: true }),
    refreshAlerts,
  );

export const useDeleteAlert = () =>
  useRefreshingMutation((id: string): Promise<DeleteResult> => apiDelete(`/alerts/${enc(id)}`), refreshAlerts);

/** The search parts of a search page's URL an alert keeps (`fixed` ones, like a category page's, win). */
export function alertSearchOf(
  params: URLSearchParams,
  fixed: Record<string, string | undefined> = {},
): SaveAlertRequest['search'] {
  const read = (key: string) => fixed[key] || params.get(key) || undefined;
  const search: Record<string, unknown> = { q: params.get('q')?.trim() ?? '' };
  for (const key of ['category', 'brand', 'condition', 'minPrice', 'maxPrice', 'district', 'verified']) {
    const value = read(key);
    if (value) search[key] = value;
  }
  return search as SaveAlertRequest['search'];
}
