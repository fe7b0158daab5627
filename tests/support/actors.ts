import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { CurrentUser } from '#shared/auth';
import type { Database } from '#server/db/schema';
import { ensureAdmin } from '#server/start/setup';
import { demoPerson } from '#server/start/seed/factories';
import { verifyByMail } from './mail';

export interface Actor {
  user: CurrentUser;
  email: string;
  password: string;
  /** The session cookie, as a browser would send it. */
  cookie: string;
  /** The access token from GET /api/jwt, as the spec's client sends it. */
  token: string;
  /** A request made as this actor with the bearer token. */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
}

/**
 * What a browser sends with the session cookie from one of the site's own pages: fetch metadata
 * saying so. A state change made with the cookie alone counts only with it (or a matching Origin).
 */
export const fromOwnPage = (cookie: string) => ({ cookie, 'sec-fetch-site': 'same-origin' });

let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}${++counter}.${process.pid}@example.test`;

function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'phonehaat_session');
  if (!cookie) throw new Error(`no session cookie in ${response.statusCode} ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

async function actorFromSession(
  app: FastifyInstance,
  email: string,
  password: string,
  cookie: string,
  user: CurrentUser,
): Promise<Actor> {
  const jwt = await app.inject({
    method: 'GET',
    url: `/api/jwt?email=${encodeURIComponent(email)}`,
    headers: { cookie },
  });
  if (jwt.statusCode !== 200) throw new Error(`jwt failed: ${jwt.body}`);
  const token = jwt.json<{ accessToken: string }>().accessToken;
  return {
    user,
    email,
    password,
    cookie,
    token,
    request: (options) =>
      app.inject({ ...options, headers: { ...(options.headers ?? {}), authorization: `bearer ${token}` } }),
  };
}

/**
 * Sign-up alone, as the register form leaves an account between its two calls (no profile stored):
 * answers the headers the site's own pages send with its session.
 */
export async function signUpOnly(app: FastifyInstance, email: string): Promise<Record<string, string>> {
  const signup = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email, password: 'long enough pw' },
  });
  return fromOwnPage(sessionCookie(signup));
}

/** Registers through the API exactly as the web client does: sign-up, then POST /addUser, then a token. */
export async function registerActor(
  app: FastifyInstance,
  role: 'buyer' | 'seller',
  overrides: { email?: string; name?: string; password?: string; verifyEmail?: boolean } = {},
): Promise<Actor> {
  const person = demoPerson(counter + 1, role);
  const email = overrides.email ?? uniqueEmail(role);
  const password = overrides.password ?? 'correct horse battery';
  const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password } });
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.body}`);
  // Sellers must verify their address before they list; everyone does it here through the real mail.
  if (overrides.verifyEmail !== false) await verifyByMail(app, email);
  const cookie = sessionCookie(signup);
  const profile = { name: overrides.name ?? person.name, email, role, photoURL: person.photoURL };
  const added = await app.inject({
    method: 'POST',
    url: '/api/addUser',
    payload: profile,
    headers: fromOwnPage(cookie),
  });
  if (added.statusCode !== 200) throw new Error(`addUser failed: ${added.body}`);
  const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
  return actorFromSession(app, email, password, cookie, me.json());
}

/** The same account with another session (its cookie given), for a test that made the session itself. */
export const actorWithSession = (app: FastifyInstance, actor: Actor, cookie: string): Promise<Actor> =>
  actorFromSession(app, actor.email, actor.password, cookie, actor.user);

/** POST /api/auth/login with these credentials, answered as it is (a refusal included). */
export const tryLogIn = (app: FastifyInstance, { email, password }: { email: string; password: string }) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

export async function logInActor(app: FastifyInstance, email: string, password: string): Promise<Actor> {
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  return actorFromSession(app, email, password, sessionCookie(login), login.json());
}

/** Admins cannot be made through the API: the same start-up path as ADMIN_EMAIL makes one. */
export async function adminActor(app: FastifyInstance, db: Kysely<Database>): Promise<Actor> {
  const email = uniqueEmail('admin');
  await ensureAdmin(db, email, 'admin password 123');
  return logInActor(app, email, 'admin password 123');
}
