import type { ComponentProps } from 'react';
import { Button } from './Button';
import { Msg } from '#client/i18n';

type DeleteButtonProps = Omit<ComponentProps<typeof Button>, 'variant' | 'size' | 'children'>;

/**
 * A row's Delete: outlined in red rather than solid, so a table of rows does not shout. The `!`
 * marks win over the secondary variant's own text and hover colours.
 */
export function DeleteButton(props: DeleteButtonProps) {
  return (
    <Button variant="secondary" size="sm" className="text-red-700! hover:border-red-300! hover:bg-red-50!" {...props}>
      <Msg id="components.deleteButton.label" />
    </Button>
  );
}
