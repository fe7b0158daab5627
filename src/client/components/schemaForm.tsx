import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from '#shared/zod';
import { FormSubmit } from './FormSubmit';
import { showServerErrors } from './serverErrors';
import { useHydrated } from './useHydrated';

type Schema = z.ZodType<FieldValues, FieldValues>;

/**
 * A form checked in the browser by the same zod schema the server checks it with. `submitWith`
 * runs an action on valid values; a refusal lands the one way: each field's message under its
 * field, the rest in `serverError`, above the button.
 */
export function useSchemaForm<S extends Schema>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
  fallback?: string,
) {
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never),
    defaultValues,
  });
  const isField = (name: string) => (name in form.getValues() ? (name as Path<z.input<S>>) : null);
  const submitWith = (action: (values: z.output<S>) => Promise<unknown>) =>
    form.handleSubmit(async (values) => {
      setServerError(null);
      try {
        await action(values);
      } catch (error) {
        setServerError(showServerErrors(error, form.setError, isField, fallback));
      }
    });
  return { ...form, serverError, submitWith };
}

interface SchemaFormBodyProps {
  /** What useSchemaForm answered: the body shows its server error and its submitting state. */
  form: { serverError: string | null; formState: { isSubmitting: boolean } };
  onSubmit: (event?: FormEvent) => Promise<void>;
  submitText: string;
  /** The big full-width button of a page that is only this form. */
  wide?: boolean;
  children: ReactNode;
}

/** The fields, then what the server said, then the submit button. */
export function SchemaFormBody({ form, onSubmit, submitText, wide, children }: SchemaFormBodyProps) {
  const hydrated = useHydrated();
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
      {children}
      <FormSubmit
        error={form.serverError}
        busy={form.formState.isSubmitting}
        size={wide ? 'lg' : undefined}
        className={wide ? 'w-full' : undefined}
        disabled={!hydrated}
      >
        {submitText}
      </FormSubmit>
    </form>
  );
}
