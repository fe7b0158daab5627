import type { ComponentProps } from 'react';
import { Button } from './Button';
import { FormError } from './FormField';

type FormSubmitProps = Pick<ComponentProps<typeof Button>, 'size' | 'className' | 'disabled' | 'children'> & {
  /** What the server answered to the last try, shown above the button. */
  error: string | null | undefined;
  busy: boolean;
};

/** A form's last lines: the server's answer to the last try, then the submit button. */
export function FormSubmit({ error, busy, children, ...button }: FormSubmitProps) {
  return (
    <>
      <FormError message={error} />
      <Button type="submit" loading={busy} {...button}>
        {children}
      </Button>
    </>
  );
}
