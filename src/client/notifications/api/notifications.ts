import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { UpdateResult } from '#shared/common';
import type { Notification, UnreadCount } from '#shared/notifications';
import { onChatEvent } from '#client/chat/api/chat';
import { api, API_BASE } from '#client/api/http';
import { pagedListOptions } from '#client/api/pagedList';
import { queryKeys } from '#client/api/queryKeys';

/** GET /notifications/unread, kept current by the server's event stream while the app is open. */
export function useUnreadCount(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    // EventSource sends the session cookie and reconnects by itself when the stream ends.
    const events = new EventSource(`${API_BASE}/notifications/stream`);
    events.addEventListener('unread', (event) => {
      const { unread } = JSON.parse((event as MessageEvent<string>).data) as UnreadCount;
      const before = queryClient.getQueryData<UnreadCount>(queryKeys.notifications.unread);
      queryClient.setQueryData<UnreadCount>(queryKeys.notifications.unread, { unread });
      // Something new happened: the lists it is about (orders, requests, phones) are read again.
      if (before && unread > before.unread) void queryClient.invalidateQueries({ refetchType: 'active' });
    });
    events.addEventListener('chat', (event) => onChatEvent(queryClient, (event as MessageEvent<string>).data));
    return () => events.close();
  }, [enabled, queryClient]);
  return useQuery({
    queryKey: queryKeys.notifications.unread,
    queryFn: ({ signal }) => api<UnreadCount>('/notifications/unread', { auth: true, signal }),
    enabled,
  });
}

/** GET /notifications: the signed-in user's notifications, newest first. */
export const useNotifications = (enabled: boolean) =>
  useInfiniteQuery({ ...pagedListOptions<Notification>(queryKeys.notifications.list, '/notifications'), enabled });

/** PUT /notifications/read: everything is read; the count goes to 0 at once. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<UpdateResult>('/notifications/read', { method: 'PUT', auth: true }),
    onSuccess: () => {
      queryClient.setQueryData<UnreadCount>(queryKeys.notifications.unread, { unread: 0 });
      return queryClient.invalidateQueries({ queryKey: queryKeys.notifications.list });
    },
  });
}
