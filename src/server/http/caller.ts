import type { FastifyRequest } from 'fastify';
import type { UserRow } from '#server/db/schema';
import { messageText } from '#shared/i18n/translate';
import { AppError, unauthenticated } from '#server/errors';

/*
 * Who is calling, as the guards of src/server/auth/guards.ts found it: here, below the areas, so
 * that the route helpers every area uses (paging.ts) can read it too.
 */
export interface Caller {
  user: UserRow;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** undefined: not looked up yet; null: nobody is signed in. */
    caller: Caller | null | undefined;
  }
}

/** The caller of a route behind `signedIn` or `requireRole`. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthenticated();
  return request.caller;
}

/** Whether a typed email is the account's own: stored emails are lower-case, typed ones may not be. */
export const isOwnEmail = (user: Pick<UserRow, 'email'>, typed: string) => typed.trim().toLowerCase() === user.email;

/** A body that names an email other than the caller's is refused, never silently re-targeted. */
export function assertOwnEmail(caller: Caller, email: string | undefined): void {
  if (email !== undefined && !isOwnEmail(caller.user, email)) {
    throw new AppError('FORBIDDEN', messageText('shared.errors.ownAccountOnly'));
  }
}
