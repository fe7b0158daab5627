import type { ComponentProps, ReactNode } from 'react';
import { get, type FieldError, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';
import { FormField, Input } from './FormField';

type InputFieldProps<Values extends FieldValues> = Omit<ComponentProps<'input'>, 'form' | 'name'> & {
  /** The form the input belongs to (useSchemaForm's): it registers the input and holds its error. */
  form: { register: UseFormRegister<Values>; formState: { errors: object } };
  name: Path<Values>;
  label: ReactNode;
  hint?: ReactNode;
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
  label,
  hint,
  fieldClassName,
  autoComplete,
  type = autoComplete ? TYPES[autoComplete] : undefined,
  ...input
}: InputFieldProps<Values>) {
  const error = (get(form.formState.errors, name) as FieldError | undefined)?.message;
  return (
    <FormField label={label} error={error} hint={hint} className={fieldClassName}>
      <Input type={type} autoComplete={autoComplete} {...input} {...form.register(name)} />
    </FormField>
  );
}
