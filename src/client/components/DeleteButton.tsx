import { Msg } from '#client/i18n';
import { RowActionButton, type RowActionButtonProps } from './RowActionButton';

/**
 * A row's Delete: outlined in red rather than solid, so a table of rows does not shout. The `!`
 * marks win over the secondary variant's own text and hover colours.
 */
export function DeleteButton<V>(props: Omit<RowActionButtonProps<V>, 'variant' | 'children'>) {
  return (
    <RowActionButton variant="secondary" className="text-red-700! hover:border-red-300! hover:bg-red-50!" {...props}>
      <Msg id="components.deleteButton.label" />
    </RowActionButton>
  );
}
