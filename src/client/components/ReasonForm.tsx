import { useEffect, type ReactNode } from 'react';
import type { z } from '#shared/zod';
import { FormField, Textarea } from './FormField';
import { DialogActions } from './Modal';
import { useSchemaForm } from './schemaForm';

type Reason = { reason?: string };

interface ReasonFormProps {
  /** The schema the server checks the reason with. */
  schema: z.ZodType<Reason, Reason>;
  label: string;
  hint?: string;
  /** A little over the schema's limit, so that its message says why a longer text is refused. */
  maxLength?: number;
  cancelText: ReactNode;
  confirmText: ReactNode;
  busy: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}

/** A dialog's form asking for the short reason the other side reads with a refusal or a cancellation. */
export function ReasonForm({
  schema,
  label,
  hint,
  maxLength,
  cancelText,
  confirmText,
  busy,
  onClose,
  onConfirm,
}: ReasonFormProps) {
  const form = useSchemaForm(schema, { reason: '' });
  const { errors } = form.formState;
  const { setFocus } = form;
  // The dialog gives focus to its close button first; the reason is what there is to type.
  useEffect(() => setFocus('reason'), [setFocus]);
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(({ reason }) => onConfirm(reason ?? ''))}
      className="flex flex-col gap-5"
    >
      <FormField label={label} error={errors.reason?.message} hint={hint}>
        <Textarea rows={3} maxLength={maxLength} {...form.register('reason')} />
      </FormField>
      <DialogActions cancelText={cancelText} onCancel={onClose} confirmText={confirmText} busy={busy} />
    </form>
  );
}
