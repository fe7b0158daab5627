import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountMessage } from '#shared/account';
import type { PushKey, PushSettings, PushSubscriptionRequest, UpdatePushSettingsRequest } from '#shared/push';
import { api, enc } from '#client/api/http';
import { privateRoot } from '#client/api/queryKeys';

const pushSettingsKey = (endpoint: string | undefined) => [...privateRoot, 'pushSettings', endpoint ?? ''] as const;

export const fetchPushKey = () => api<PushKey>('/push/key');

export const sendSubscription = (subscription: PushSubscriptionRequest) =>
  api<AccountMessage>('/push/subscriptions', { method: 'POST', body: subscription, auth: true });

export const dropSubscription = (endpoint: string) =>
  api<AccountMessage>('/push/unsubscribe', { method: 'POST', body: { endpoint }, auth: true });

/** GET /push/settings, with whether this browser (its subscription's endpoint) gets pushes. */
export function usePushSettings(endpoint: string | undefined) {
  return useQuery({
    queryKey: pushSettingsKey(endpoint),
    queryFn: () => api<PushSettings>(`/push/settings${endpoint ? `?endpoint=${enc(endpoint)}` : ''}`, { auth: true }),
  });
}

export function useUpdatePushSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: UpdatePushSettingsRequest) =>
      api<PushSettings>('/push/settings', { method: 'PUT', body: request, auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...privateRoot, 'pushSettings'] }),
  });
}

export const invalidatePushSettings = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: [...privateRoot, 'pushSettings'] });
