import type { UseMutationResult } from '@tanstack/react-query';
import { toast } from '#client/components/toast';
import type { DeleteResult } from '#shared/common';
import { alreadyDeletedText, confirmDelete } from './confirmDelete';

type Confirm = () => Promise<boolean>;

interface RowActionOptions<V, R> {
  /** Asked before every run; a run may bring its own question instead. */
  confirm?: Confirm;
  /** Says how it went: a toast, in the spec's words. */
  onDone: (result: R, variables: V) => void;
  /** Which row a run belongs to, so only that row's button spins; the variables themselves by default. */
  rowOf?: (variables: V) => unknown;
}

export interface RowAction<V> {
  run: (variables: V, confirm?: Confirm) => void;
  runningFor: (row: unknown) => boolean;
}

/**
 * A dashboard table's row action: ask first (when there is a question), then the mutation, then
 * say how it went; a refusal shows the server's own words (sold meanwhile, not yours).
 */
export function useRowAction<V, R>(
  mutation: UseMutationResult<R, Error, V>,
  { confirm, onDone, rowOf = (variables) => variables }: RowActionOptions<V, R>,
): RowAction<V> {
  async function run(variables: V, ask = confirm) {
    if (ask && !(await ask())) return;
    mutation.mutate(variables, {
      onSuccess: (result) => onDone(result, variables),
      onError: (error) => toast.error(error.message),
    });
  }
  return {
    run: (variables, ask) => void run(variables, ask),
    runningFor: (row) => mutation.isPending && rowOf(mutation.variables as V) === row,
  };
}

/** A row's Delete: the spec's confirmation first; a row someone else deleted first is said so. */
export function useDeleteAction<V>(
  mutation: UseMutationResult<DeleteResult, Error, V>,
  sayDeleted: () => void,
): RowAction<V> {
  return useRowAction(mutation, {
    confirm: confirmDelete,
    onDone: ({ deletedCount }) => (deletedCount > 0 ? sayDeleted() : toast.error(alreadyDeletedText())),
  });
}
