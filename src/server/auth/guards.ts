import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Config } from '#server/config';
import type { Kysely } from 'kysely';
import { onWriters } from '#server/db/connection';
import type { Database, UserRow } from '#server/db/schema';
import { forbidden, unauthenticated } from '#server/errors';
import { serverMessage } from '#server/i18n/texts';
import { networkOf } from './address';
import { findSessionById, findSessionByTokenHash, touchSession } from './repository';
import { hashSessionToken } from './tokens';
import type { Caller } from '#server/http/caller';
import { hasSameOriginProof, isStateChange } from '#server/http/same-origin';
import { privateWrite } from '#server/cache/hooks';

const SESSION_COOKIE = 'phonehaat_session';

/**
 * Over https the session cookie carries the `__Host-` prefix: browsers then accept it only Secure,
 * for path /, from this very host, so no sibling subdomain can plant or shadow it.
 */
export const sessionCookieName = (config: Pick<Config, 'secureCookies'>) =>
  config.secureCookies ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
export const KNOWN_DEVICE_COOKIE = 'phonehaat_device';

export { assertOwnEmail, callerOf, isOwnEmail, type Caller } from '#server/http/caller';

/**
 * Who is calling: a bearer access token (checked, and its session still alive) or else the session
 * cookie. A cookie counts on a state change only with a same-origin proof, and never on a cross-site
 * request, so another site cannot act for the user, whatever the method.
 */
export async function identify(request: FastifyRequest): Promise<Caller | null> {
  if (request.caller !== undefined) return request.caller;
  request.caller = (await fromBearer(request)) ?? (await fromCookie(request));
  return request.caller;
}

async function fromBearer(request: FastifyRequest): Promise<Caller | null> {
  const match = /^bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return null;
  const claims = await request.server.deps.tokens.verify(match[1]);
  if (!claims) return null;
  const row = await sessionRead(request, (on) => findSessionById(on, claims.sessionId, claims.userId));
  return row ? toCaller(request, row) : null;
}

/**
 * A write request's session is read on the writers' connections (db/connection.ts, onWriters): on
 * PostgreSQL the readers' few are then left to the public answers computed again after a write.
 */
const sessionRead = <T>(request: FastifyRequest, read: (db: Kysely<Database>) => Promise<T>): Promise<T> => {
  const { db } = request.server.deps;
  return isStateChange(request) ? onWriters(db, read) : read(db);
};

async function fromCookie(request: FastifyRequest): Promise<Caller | null> {
  const token = request.cookies[sessionCookieName(request.server.deps.config)];
  if (!token || request.headers['sec-fetch-site'] === 'cross-site') return null;
  if (isStateChange(request) && !hasSameOriginProof(request, request.server.deps.config.PUBLIC_URL)) return null;
  const tokenHash = hashSessionToken(token);
  const row = await sessionRead(request, (on) => findSessionByTokenHash(on, tokenHash));
  return row ? toCaller(request, row) : null;
}

/**
 * How old a session's last use may get before a request writes it again: Account settings shows
 * it to the minute it needs, and the idle limit is days, so one write in a while is enough.
 */
const TOUCH_EVERY_MS = 5 * 60 * 1000;
/**
 * A move to another network is written at once, unless the last write is under a minute old: a
 * phone hopping between Wi-Fi and mobile data, or a load spread over many addresses, would
 * otherwise write the session on almost every request (on SQLite each write waits for the disk).
 * Account settings then shows the new network within a minute.
 */
const NETWORK_TOUCH_MS = 60 * 1000;

async function toCaller(
  request: FastifyRequest,
  row: UserRow & { session_id: string; session_used_at: string; session_ip_range: string },
): Promise<Caller> {
  const { session_id, session_used_at, session_ip_range, ...user } = row;
  const ipRange = networkOf(request.ip);
  const sinceWritten = Date.now() - new Date(session_used_at).getTime();
  if (sinceWritten > TOUCH_EVERY_MS || (ipRange !== session_ip_range && sinceWritten > NETWORK_TOUCH_MS)) {
    await touchSession(request.server.deps.db, session_id, ipRange);
  }
  return { user, sessionId: session_id };
}

// Guards run as onRequest hooks, before the body is read: a stranger learns nothing about the
// body's rules and never costs a multipart parse.
export const signedIn: onRequestAsyncHookHandler = async (request) => {
  if (!(await identify(request))) throw unauthenticated();
};

/**
 * Route options of a signed-in caller's change that no public answer shows (their settings, alerts,
 * reports, conversations): it keeps the public cache.
 */
export const ownWrite = { onRequest: signedIn, config: privateWrite };

/** Route config of the calls that sign in or up and of the mailed links' calls: AUTH_RATE_LIMIT a minute. */
export const authRateLimit = (config: Pick<Config, 'AUTH_RATE_LIMIT'>) => ({
  rateLimit: { max: config.AUTH_RATE_LIMIT, timeWindow: '1 minute' },
});

/** The roles a guard lets through, as its refusal names them ("Only a buyer or a seller can do that"). */
type Roles = ['admin'] | ['seller'] | ['buyer'] | ['buyer', 'seller'];

export function requireRole(...roles: Roles): onRequestAsyncHookHandler {
  const who = roles.length === 1 ? roles[0] : 'buyerOrSeller';
  return async (request) => {
    const caller = await identify(request);
    if (!caller) throw unauthenticated();
    const allowed: readonly string[] = roles;
    if (!caller.user.role || !allowed.includes(caller.user.role)) {
      throw forbidden(serverMessage('server.auth.error.roleOnly', { who }));
    }
  };
}

export const adminOnly = requireRole('admin');
export const sellerOnly = requireRole('seller');
/** Either side of a deal: every account but the admin's buys, sellers included (one account buys and sells). */
export const buyerOrSeller = requireRole('buyer', 'seller');
