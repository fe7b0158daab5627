import type { UseMutationResult } from '@tanstack/react-query';

/** Whether `mutation` is running for this row, so only that row's button shows it. */
export function isRunningFor<V>(mutation: UseMutationResult<unknown, Error, V>, variables: V): boolean {
  return mutation.isPending && mutation.variables === variables;
}
