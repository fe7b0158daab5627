import type { ComponentProps } from 'react';
import { Button } from './Button';
import type { RowAction } from './rowAction';

export type RowActionButtonProps<V> = Omit<ComponentProps<typeof Button>, 'size' | 'loading' | 'onClick'> & {
  action: RowAction<V>;
  /** What the action runs on; only the button of the row it is running for spins. */
  row: V;
};

/** A dashboard table row's button for one row action, small like every button in a row. */
export function RowActionButton<V>({ action, row, ...props }: RowActionButtonProps<V>) {
  return <Button size="sm" loading={action.runningFor(row)} onClick={() => action.run(row)} {...props} />;
}
