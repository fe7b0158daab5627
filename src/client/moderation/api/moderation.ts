import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRefreshingMutation } from '#client/api/refreshAll';
import type { InsertResult, UpdateResult } from '#shared/common';
import type {
  Appeal,
  AppealByLink,
  AppealDecision,
  AppealRequest,
  CaseAction,
  CaseDetails,
  CaseSummary,
  ConversationReport,
  LogEntry,
  Standing,
  UserReport,
} from '#shared/moderation';
import { API_BASE, api, enc } from '#client/api/http';
import { pagedListOptions } from '#client/api/pagedList';
import { queryKeys } from '#client/api/queryKeys';

/** GET /moderation/cases (admin): the open cases, oldest first. */
export const useCaseQueue = () =>
  useInfiniteQuery(pagedListOptions<CaseSummary>(queryKeys.moderation.cases, '/moderation/cases'));

/** GET /moderation/cases/:id (admin). */
export const useCase = (id: string) =>
  useQuery({
    queryKey: queryKeys.moderation.case(id),
    queryFn: ({ signal }) => api<CaseDetails>(`/moderation/cases/${enc(id)}`, { auth: true, signal }),
  });

/** POST /moderation/cases/:id/actions (admin): every moderation screen and the listings may change. */
export function useCaseAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: CaseAction) =>
      api<{ logId: string }>(`/moderation/cases/${enc(id)}/actions`, { method: 'POST', body: action, auth: true }),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

export const useModerationLog = () =>
  useInfiniteQuery(pagedListOptions<LogEntry>(queryKeys.moderation.log, '/moderation/log'));

/** Where the browser downloads the log as CSV (the session cookie signs the request). */
export const LOG_CSV_URL = `${API_BASE}/moderation/log.csv`;

export const useAppeals = () =>
  useInfiniteQuery(pagedListOptions<Appeal>(queryKeys.moderation.appeals, '/moderation/appeals'));

export function useDecideAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...decision }: AppealDecision & { id: string }) =>
      api<UpdateResult>(`/moderation/appeals/${enc(id)}`, { method: 'PUT', body: decision, auth: true }),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

/** GET /account/standing: what moderators did to the signed-in account. */
export const useStanding = (enabled = true) =>
  useQuery({
    queryKey: queryKeys.moderation.standing,
    queryFn: ({ signal }) => api<Standing>('/account/standing', { auth: true, signal }),
    enabled,
  });

export const useFileAppeal = () =>
  useRefreshingMutation(
    (request: AppealRequest) => api<InsertResult>('/account/appeals', { method: 'POST', body: request, auth: true }),
    () => [queryKeys.moderation.standing],
    'settled',
  );

export const reportConversation = (request: ConversationReport) =>
  api<InsertResult>('/moderation/reports/conversation', { method: 'POST', body: request, auth: true });

export const reportUser = (request: UserReport) =>
  api<InsertResult>('/moderation/reports/user', { method: 'POST', body: request, auth: true });

/** PUT /resubmit/product/:id: the seller's listing goes back on sale after the asked changes. */
export function useResubmitListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<UpdateResult>(`/resubmit/product/${enc(id)}`, { method: 'PUT', auth: true }),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

/** POST /moderation/appeals/by-link: a suspended account's appeal; the mailed token is its proof. */
export const appealByLink = (request: AppealByLink) =>
  api<InsertResult>('/moderation/appeals/by-link', { method: 'POST', body: request });
