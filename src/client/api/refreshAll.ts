import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A mutation whose change shows on many screens (a phone's lists, cards and page, both sides'
 * bookings, the notifications): afterwards every query is read again, rather than a guessed list.
 * `after: 'settled'` refreshes after a refusal too, when the refusal means the screen is stale.
 */
export function useRefreshAllMutation<V, R>(
  mutationFn: (variables: V) => Promise<R>,
  after: 'success' | 'settled' = 'success',
) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries();
  return useMutation(after === 'settled' ? { mutationFn, onSettled: refresh } : { mutationFn, onSuccess: refresh });
}
