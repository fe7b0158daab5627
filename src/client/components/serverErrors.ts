import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '#client/api/http';
import { translateMessage, translateNow } from '#client/i18n';

/** The form field a server field's message belongs under, or null when the form has no such field. */
type FieldOf<F extends FieldValues> = (name: string) => Path<F> | null;

/**
 * Puts a refusal's per-field messages under the form's fields, and answers what the form should
 * say above its button: nothing when every message found its field, else the error's message
 * (`fallback` for a throw that is not an Error).
 */
export function showServerErrors<F extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<F>,
  fields: readonly Path<F>[] | FieldOf<F>,
  fallback = translateNow('components.serverErrors.tryAgain'),
): string | null {
  if (!(error instanceof Error)) return fallback;
  if (!(error instanceof ApiError)) return translateMessage(translateNow, error.message);
  const fieldOf: FieldOf<F> =
    typeof fields === 'function'
      ? fields
      : (name) => ((fields as readonly string[]).includes(name) ? (name as Path<F>) : null);
  const messages = Object.entries(error.fields);
  let unplaced = messages.length === 0;
  for (const [name, message] of messages) {
    const field = fieldOf(name);
    if (field) setError(field, { message: translateMessage(translateNow, message) });
    else unplaced = true;
  }
  return unplaced ? error.message : null;
}
