import type { ComponentProps, ReactNode } from 'react';
import { get, type FieldError, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';
import { useOptionalT, useT, type MessageId, type TextsWith } from '#client/i18n';
import { FormField, Input } from './FormField';

/**
 * A prefix whose messages are one field's texts: `<prefix>.label`, and where the field has them
 * `<prefix>.hint` and `<prefix>.placeholder` (`listings.form.resalePrice` for .label, .hint, ...).
 */
export type FieldTexts = TextsWith<'label', 'label'>;

/** Where the field's texts come from: its own messages by prefix, or given (a label several forms share, a hint with values). */
type FieldTextProps =
  { texts: FieldTexts; label?: never; hint?: never } | { texts?: never; label: ReactNode; hint?: ReactNode };

type InputFieldProps<Values extends FieldValues> = Omit<ComponentProps<'input'>, 'form' | 'name'> &
  FieldTextProps & {
    /** The form the input belongs to (useSchemaForm's): it registers the input and holds its error. */
    form: { register: UseFormRegister<Values>; formState: { errors: object } };
    name: Path<Values>;
    /** The whole field's classes (label, input and message), such as its span in a grid. */
    fieldClassName?: string;
  };

/** The input type an autocomplete token asks for: a browser fills and checks a password, an email or a phone as one. */
const TYPES: Record<string, ComponentProps<'input'>['type']> = {
  email: 'email',
  'current-password': 'password',
  'new-password': 'password',
  tel: 'tel',
};

/** One input of a form with its label, and under it the field's error (the schema's or the server's) or the hint. */
export function InputField<Values extends FieldValues>({
  form,
  name,
  texts,
  label,
  hint,
  placeholder,
  fieldClassName,
  autoComplete,
  type = autoComplete ? TYPES[autoComplete] : undefined,
  ...input
}: InputFieldProps<Values>) {
  const t = useT();
  const optionalT = useOptionalT();
  const error = (get(form.formState.errors, name) as FieldError | undefined)?.message;
  return (
    <FormField
      // FieldTexts guarantees `${texts}.label` is a message; TypeScript cannot follow that through the template.
      label={texts ? t(`${texts}.label` as MessageId) : label}
      error={error}
      hint={texts ? optionalT(`${texts}.hint`) : hint}
      className={fieldClassName}
    >
      <Input
        type={type}
        autoComplete={autoComplete}
        placeholder={placeholder ?? (texts && optionalT(`${texts}.placeholder`))}
        {...input}
        {...form.register(name)}
      />
    </FormField>
  );
}
