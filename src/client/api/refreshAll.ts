import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** When a mutation refreshes what it changed: after success, or `settled`, after a refusal too (when the refusal means the screen is stale). */
type RefreshAfter = 'success' | 'settled';

/**
 * A mutation whose change shows on many screens (a phone's lists, cards and page, both sides'
 * bookings, the notifications): afterwards every query is read again, rather than a guessed list.
 */
export function useRefreshAllMutation<V, R>(mutationFn: (variables: V) => Promise<R>, after: RefreshAfter = 'success') {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries();
  return useMutation(after === 'settled' ? { mutationFn, onSettled: refresh } : { mutationFn, onSuccess: refresh });
}

/**
 * A mutation whose change shows in a few known queries: afterwards the queries under each key
 * (a prefix, queryKeys.ts), which may depend on what was sent, are read again; the mutation ends
 * once they are.
 */
export function useRefreshingMutation<V, R>(
  mutationFn: (variables: V) => Promise<R>,
  keysOf: (variables: V) => QueryKey[],
  after: RefreshAfter = 'success',
) {
  const queryClient = useQueryClient();
  const refresh = (variables: V) =>
    Promise.all(keysOf(variables).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation<R, Error, V>(
    after === 'settled'
      ? { mutationFn, onSettled: (_result, _error, variables) => refresh(variables) }
      : { mutationFn, onSuccess: (_result, variables) => refresh(variables) },
  );
}
