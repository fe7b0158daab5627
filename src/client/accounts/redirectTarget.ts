import type { Location } from 'react-router';
import { paths } from '#shared/paths';

/** Where to go after signing in: back to the page that sent the user to /login, or home. */
export function redirectTarget(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || from.pathname === paths.login || from.pathname === paths.register) return paths.home;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
