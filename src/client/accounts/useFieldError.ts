import { useCallback } from 'react';
import { useErrorText } from '#client/i18n';

/**
 * `fieldError(message)`: a form field's or form's message (a shared schema's id, or the server's
 * text) in the page's language; no message stays none, so the field shows its hint instead.
 */
export function useFieldError(): (message: string | null | undefined) => string | undefined {
  const errorText = useErrorText();
  return useCallback((message) => (message ? errorText(message) : undefined), [errorText]);
}
