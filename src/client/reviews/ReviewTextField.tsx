import { get, type FieldError, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';
import { MAX_REVIEW_TEXT } from '#shared/reviews';
import { FormField, Textarea } from '#client/components/FormField';
import { useT, type MessageId } from '#client/i18n';

interface ReviewTextFieldProps<Values extends FieldValues> {
  /** The form the text belongs to (useSchemaForm's): it registers the field and holds its error. */
  form: { register: UseFormRegister<Values>; formState: { errors: object } };
  name: Path<Values>;
  label: string;
  /** A message of `max`, the most characters a review's text may have. */
  hint: MessageId;
}

/** A review's free text, the comment or the reply to it, under the same limit. */
export function ReviewTextField<Values extends FieldValues>({ form, name, label, hint }: ReviewTextFieldProps<Values>) {
  const t = useT();
  const error = (get(form.formState.errors, name) as FieldError | undefined)?.message;
  return (
    <FormField label={label} error={error} hint={t(hint, { max: MAX_REVIEW_TEXT })}>
      <Textarea rows={3} maxLength={MAX_REVIEW_TEXT + 50} {...form.register(name)} />
    </FormField>
  );
}
