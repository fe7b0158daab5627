import { useSearchParams } from 'react-router';
import { GOOGLE_ERROR_PARAM } from '../../../shared/google';

/**
 * When pop-ups are blocked, Google sign-in runs as a full-page redirect and a refusal comes back as
 * `?google_error=<sentence>`: the page shows it like any other sign-in error.
 */
export function useGoogleRedirectError(): string | null {
  const [params] = useSearchParams();
  return params.get(GOOGLE_ERROR_PARAM);
}
