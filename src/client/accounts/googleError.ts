import { useSearchParams } from 'react-router';
import { GOOGLE_ERROR_PARAM, googleRefusalMessage } from '#shared/google';

/**
 * When pop-ups are blocked, Google sign-in runs as a full-page redirect and a refusal comes back as
 * `?google_error=<reason>`: the page shows its sentence like any other sign-in error.
 */
export function useGoogleRedirectError(): string | null {
  const [params] = useSearchParams();
  const reason = params.get(GOOGLE_ERROR_PARAM);
  return reason === null ? null : googleRefusalMessage(reason);
}
