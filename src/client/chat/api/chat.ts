import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRefreshingMutation } from '#client/api/refreshAll';
import type {
  BlockedPerson,
  ChatMessage,
  ChatMessageRequest,
  ChatSide,
  Conversation,
  ConversationDetails,
} from '#shared/chat';
import type { DeleteResult, UpdateResult } from '#shared/common';
import { useAuth } from '#client/accounts/AuthProvider';
import { useHydrated } from '#client/components/useHydrated';
import { api, ApiError, enc } from '#client/api/http';
import { pagedListOptions } from '#client/api/pagedList';
import { queryKeys } from '#client/api/queryKeys';
import { noteMeaningfulAction } from '#client/app/installOffer';

/** What the live stream says about chat (src/server/notifications/stream.ts). */
interface ChatEvent {
  conversations: number;
  at: string;
}

/**
 * The stream's `chat` event: the number of conversations with something unread, and when any of
 * the user's conversations last changed; a change makes the open inbox and conversation read again.
 * So does the page's first event: the stream opens after the page read its conversations, and a
 * change in between (a booking declined as the page loaded) would otherwise never show.
 */
export function onChatEvent(queryClient: QueryClient, data: string): void {
  const event = JSON.parse(data) as ChatEvent;
  const before = queryClient.getQueryData<ChatEvent>(queryKeys.chat.unread);
  queryClient.setQueryData<ChatEvent>(queryKeys.chat.unread, event);
  if (before?.at !== event.at) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.chat.all, refetchType: 'active' });
  }
}

/** How many conversations have something unread (from the live stream; 0 until it has spoken). */
export const useChatUnread = () =>
  useQuery<ChatEvent>({
    queryKey: queryKeys.chat.unread,
    queryFn: () => ({ conversations: 0, at: '' }),
    staleTime: Infinity,
  }).data?.conversations ?? 0;

/** GET /conversations/inbox/{side}: the caller's conversations on one side, newest message first. */
export const useInbox = (side: ChatSide) =>
  useInfiniteQuery(pagedListOptions<Conversation>(queryKeys.chat.inbox(side), `/conversations/inbox/${side}`));

export const useConversation = (id: string) =>
  useQuery({
    queryKey: queryKeys.chat.conversation(id),
    queryFn: ({ signal }) => api<ConversationDetails>(`/conversations/${enc(id)}`, { auth: true, signal }),
  });

/** GET /conversations/{id}/messages: newest first, page by page. */
export const useMessages = (id: string) =>
  useInfiniteQuery(pagedListOptions<ChatMessage>(queryKeys.chat.messages(id), `/conversations/${enc(id)}/messages`));

/** POST /conversations: the buyer's conversation about a phone, made if there is none. */
export const useStartConversation = () =>
  useMutation({
    mutationFn: (productId: string) =>
      api<{ _id: string; created: boolean }>('/conversations', { method: 'POST', body: { productId }, auth: true }),
  });

const mayRetry = (error: Error) => error instanceof ApiError && (error.code === 'NETWORK' || error.code === 'TIMEOUT');

/**
 * POST /conversations/{id}/messages. The message's id is made before the first try, so the retries
 * after a dropped connection (same variables, same id) are stored once however many arrive.
 */
export function useSendMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: ChatMessageRequest) =>
      api<ChatMessage>(`/conversations/${enc(id)}/messages`, { method: 'POST', body: message, auth: true }),
    retry: (failures, error) => failures < 4 && mayRetry(error),
    retryDelay: (failures) => Math.min(1000 * 2 ** failures, 8000),
    onSuccess: () => {
      noteMeaningfulAction();
      return queryClient.invalidateQueries({ queryKey: queryKeys.chat.all });
    },
  });
}

/** A message's own id: 32 random hex digits (randomUUID needs a secure context, this does not). */
export const newClientId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** PUT /conversations/{id}/read: the other side's page shows "Seen". */
export function useMarkRead(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<UpdateResult>(`/conversations/${enc(id)}/read`, { method: 'PUT', auth: true }),
    onSuccess: (result) => {
      if (result.modifiedCount > 0) void queryClient.invalidateQueries({ queryKey: queryKeys.chat.all });
    },
  });
}

/** What blocking or unblocking refreshes: the conversations (they say who is blocked) and the blocked list. */
const refreshBlocking = () => [queryKeys.chat.all, queryKeys.blocked];

/** PUT /conversations/{id}/block: the caller blocks the other side. */
export const useBlock = (id: string) =>
  useRefreshingMutation(
    () => api<UpdateResult>(`/conversations/${enc(id)}/block`, { method: 'PUT', auth: true }),
    refreshBlocking,
  );

/** GET /account/blocked: the people the caller blocked (the first 100: a settings list, not a feed). */
export const useBlocked = (enabled = true) =>
  useQuery({
    queryKey: queryKeys.blocked,
    queryFn: ({ signal }) => api<BlockedPerson[]>('/account/blocked?limit=100', { auth: true, signal }),
    enabled,
  });

/** DELETE /account/blocked/{userId}. */
export const useUnblock = () =>
  useRefreshingMutation(
    (userId: string) => api<DeleteResult>(`/account/blocked/${enc(userId)}`, { method: 'DELETE', auth: true }),
    refreshBlocking,
  );

/**
 * The phones a signed-in user should not be shown: those of sellers they blocked. The lists are
 * the same for everyone (the public cache), so they are left out here, once the page is live.
 */
export function useShownProducts<T extends { sellerEmail: string }>(products: readonly T[]): readonly T[] {
  const { user } = useAuth();
  const hydrated = useHydrated();
  const blocked = useBlocked(user !== null && hydrated).data;
  const emails = new Set((blocked ?? []).flatMap((person) => (person.sellerEmail ? [person.sellerEmail] : [])));
  return emails.size === 0 ? products : products.filter((product) => !emails.has(product.sellerEmail));
}
