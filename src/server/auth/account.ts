import { assertNotSuspended } from '#server/moderation/sanctions';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentUser } from '#shared/auth';
import type { Deps } from '#server/deps';
import type { UserRow } from '#server/db/schema';
import { KNOWN_DEVICE_COOKIE, sessionCookieName } from './guards';
import { networkOf } from './address';
import { USER_AGENT_CHARS } from './devices';
import { createSession, deleteSession, type SessionDevice } from './repository';
import { KNOWN_DEVICE_DAYS, newSessionToken, SESSION_DAYS } from './tokens';

export function toCurrentUser(user: UserRow): CurrentUser {
  return {
    uid: user.id,
    email: user.email,
    emailVerified: user.is_email_verified,
    displayName: user.name || null,
    isAnonymous: false,
    photoURL: user.photo_url || null,
    phoneNumber: user.phone_number,
    tenantId: null,
    providerData: [
      {
        providerId: user.google_sub ? 'google.com' : 'password',
        uid: user.google_sub ?? user.email,
        email: user.email,
        displayName: user.name || null,
      },
    ],
    locale: user.locale,
    latinDigits: user.latin_digits,
  };
}

/** The device a request comes from, as a session keeps it (Account settings lists them). */
export const deviceOf = (request: FastifyRequest): SessionDevice => ({
  userAgent: (request.headers['user-agent'] ?? '').slice(0, USER_AGENT_CHARS),
  ipRange: networkOf(request.ip),
});

/** Opens a session for the user and hands its token to the browser as an httpOnly cookie. */
export async function startSession(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
): Promise<void> {
  assertNotSuspended(user);
  const { token, hash } = newSessionToken();
  await createSession(deps.db, user.id, hash, deviceOf(request));
  reply.setCookie(sessionCookieName(deps.config), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.config.secureCookies,
    path: '/',
    maxAge: SESSION_DAYS * 24 * 60 * 60,
  });
}

export async function endSession(deps: Deps, reply: FastifyReply, sessionId: string | undefined): Promise<void> {
  if (sessionId) await deleteSession(deps.db, sessionId);
  reply.clearCookie(sessionCookieName(deps.config), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.config.secureCookies,
  });
}

const LOGIN_PATH = '/api/auth/login';

/**
 * Remembers in this browser that the account logged in here, so the login throttle still lets its
 * owner in from here while strangers' guesses have used up the account's limit. Sent to the login
 * call only.
 */
async function rememberDevice(deps: Deps, reply: FastifyReply, user: UserRow): Promise<void> {
  reply.setCookie(KNOWN_DEVICE_COOKIE, await deps.tokens.signKnownDevice(user), {
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.config.secureCookies,
    path: LOGIN_PATH,
    maxAge: KNOWN_DEVICE_DAYS * 24 * 60 * 60,
  });
}

/** A sign-in by password (signing up, logging in): a session, and this browser remembered for the login throttle. */
export async function signInByPassword(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
): Promise<void> {
  await startSession(deps, request, reply, user);
  await rememberDevice(deps, reply, user);
}
