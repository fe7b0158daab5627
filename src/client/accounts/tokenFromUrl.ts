import { useSearchParams } from 'react-router';

/** The `token` of a mailed link's address (?token=...), or '' when there is none. */
export function useLinkToken(): string {
  const [params] = useSearchParams();
  return params.get('token') ?? '';
}
