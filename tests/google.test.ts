import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleClientFor } from '#server/auth/google/oidc';
import { loadConfig } from '#server/config';
import type { GoogleSignInOutcome } from '#shared/google';
import { registerActor } from './support/actors';
import { createTestApp, type TestApp } from './support/app';
import { startIdentityProvider, type TestIdentityProvider } from './support/oidc-provider';

/*
 * The whole Google sign-in against a real OpenID Connect provider: the app through app.inject, the
 * provider over real HTTP, redirects and cookies followed by hand the way a browser would.
 */

const APP_URL = 'http://127.0.0.1:3999';
const CALLBACK = `${APP_URL}/api/auth/google/callback`;

let provider: TestIdentityProvider;
let t: TestApp;
let logins = 0;
/** A provider login name no other test uses, so every test starts with a fresh Google account. */
const freshLogin = (label: string) => `${label}-${++logins}-${process.pid}`;

const googleEnv = (client = provider.client, issuer = provider.issuer) => ({
  PUBLIC_URL: APP_URL,
  GOOGLE_ISSUER: issuer,
  GOOGLE_CLIENT_ID: client.id,
  GOOGLE_CLIENT_SECRET: client.secret,
});

beforeAll(async () => {
  provider = await startIdentityProvider({ redirectUris: [CALLBACK] });
  t = await createTestApp(googleEnv());
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

/** The provider's side of one browser: its cookies, and its login and consent screens. */
class ProviderBrowser {
  readonly #cookies = new Map<string, string>();

  async fetch(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (value === '' || /max-age=0|expires=Thu, 01 Jan 1970/i.test(header)) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
    return response;
  }

  /**
   * Follows the provider from the authorization URL through its screens, signing in as `login`,
   * and answers the URL it finally sends the browser to (the app's callback).
   */
  async signIn(authorizationUrl: string, login: string, consent: 'allow' | 'deny' = 'allow'): Promise<URL> {
    let response = await this.fetch(authorizationUrl);
    let url = authorizationUrl;
    for (let step = 0; step < 12; step++) {
      const location = response.headers.get('location');
      if (location) {
        const next = new URL(location, url);
        if (next.href.startsWith(CALLBACK)) return next;
        url = next.href;
        response = await this.fetch(url);
        continue;
      }
      const html = await response.text();
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
      const action = unescapeHtml(/<form[^>]* action="([^"]+)"/.exec(html)?.[1] ?? '');
      if (prompt === 'login') {
        response = await this.fetch(action, { method: 'POST', form: { prompt, login, password: 'any password' } });
      } else if (prompt === 'consent' && consent === 'deny') {
        const abort = unescapeHtml(/href="([^"]*\/abort)"/.exec(html)?.[1] ?? '');
        response = await this.fetch(abort);
      } else if (prompt === 'consent') {
        response = await this.fetch(action, { method: 'POST', form: { prompt } });
      } else {
        throw new Error(`unexpected provider page (${response.status}) at ${url}: ${html.slice(0, 300)}`);
      }
    }
    throw new Error('the provider never sent the browser back to the app');
  }
}

const unescapeHtml = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&#x2F;/g, '/')
    .replace(/&#x3D;/g, '=');

interface Started {
  authorizationUrl: string;
  /** The flow cookie as the browser would send it back to the callback. */
  flowCookie: string;
}

async function startSignIn(app = t.app, query = 'mode=login&popup=1'): Promise<Started> {
  const response = await app.inject({ method: 'GET', url: `/api/auth/google?${query}` });
  expect(response.statusCode, response.body).toBe(302);
  const cookie = response.cookies.find((c) => c.name === 'phonehaat_google');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/google' });
  return { authorizationUrl: response.headers.location as string, flowCookie: `phonehaat_google=${cookie?.value}` };
}

const callback = (callbackUrl: URL, flowCookie: string, app = t.app) =>
  app.inject({ method: 'GET', url: `${callbackUrl.pathname}${callbackUrl.search}`, headers: { cookie: flowCookie } });

/** The outcome the result page posts to its opener, read from the page's data block. */
function outcomeOf(response: LightMyRequestResponse): GoogleSignInOutcome {
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  const json = /<script type="application\/json" id="google-sign-in">(.*?)<\/script>/s.exec(response.body)?.[1];
  if (!json) throw new Error(`no result data in ${response.statusCode} ${response.body}`);
  const data = JSON.parse(json) as { outcome: GoogleSignInOutcome; origin: string };
  expect(data.origin).toBe(APP_URL);
  return data.outcome;
}

function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name === 'phonehaat_session');
  return cookie ? `${cookie.name}=${cookie.value}` : undefined;
}

/** Expects the callback to have refused, on the result page, with words that mention `words`. */
function expectRefusal(response: LightMyRequestResponse, words: RegExp, code?: string) {
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  const outcome = outcomeOf(response);
  expect(outcome).toMatchObject({ source: 'phonehaat-google', ok: false });
  expect(outcome.message).toMatch(words);
  if (code) expect(outcome.code).toBe(code);
  expect(response.body).toContain(outcome.message.replace(/'/g, '&#39;'));
  expect(sessionCookieOf(response)).toBeUndefined();
}

async function signInCompletely(login: string) {
  const started = await startSignIn();
  const callbackUrl = await new ProviderBrowser().signIn(started.authorizationUrl, login);
  return { started, callbackUrl, response: await callback(callbackUrl, started.flowCookie) };
}

describe('Google sign-in against a real OpenID Connect provider', () => {
  it('says Google is set up', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.json()).toEqual({ google: true });
  });

  it('sends the browser to the provider with PKCE, state and nonce', async () => {
    const { authorizationUrl } = await startSignIn();
    const url = new URL(authorizationUrl);
    expect(url.origin).toBe(provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: provider.client.id,
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      state: expect.stringMatching(/.{20,}/),
      nonce: expect.stringMatching(/.{20,}/),
      code_challenge: expect.stringMatching(/.{40,}/),
    });
  });

  it('signs a new Google user in as a buyer, and signs them in to the same account the next time', async () => {
    const login = freshLogin('new');
    provider.setAccount(login, { name: 'Rahim Uddin', picture: 'https://pictures.example.test/rahim.png' });
    const { response } = await signInCompletely(login);

    expect(response.statusCode).toBe(200);
    expect(outcomeOf(response)).toEqual({ source: 'phonehaat-google', ok: true, message: expect.any(String) });
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['cache-control']).toBe('no-store');
    // The popup must keep its opener across the provider's pages (see routes.ts).
    expect(response.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect(response.cookies.find((c) => c.name === 'phonehaat_google')?.value).toBe('');

    const session = sessionCookieOf(response);
    expect(session).toBeDefined();
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: session ?? '' } });
    expect(me.statusCode).toBe(200);
    const email = `${login}@example.test`.toLowerCase();
    expect(me.json()).toMatchObject({
      email,
      emailVerified: true,
      displayName: 'Rahim Uddin',
      photoURL: 'https://pictures.example.test/rahim.png',
      providerData: [{ providerId: 'google.com', uid: login }],
    });
    const buyer = await t.app.inject({ method: 'GET', url: `/api/buyer/${email}`, headers: { cookie: session ?? '' } });
    expect(buyer.json()).toEqual({ isBuyer: true });

    const again = await signInCompletely(login);
    expect(outcomeOf(again.response).ok).toBe(true);
    const meAgain = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: sessionCookieOf(again.response) ?? '' },
    });
    expect(meAgain.json().uid).toBe(me.json().uid);
    const accounts = await t.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(accounts).toHaveLength(1);
  });

  it('without a popup, redirects into the app: home when signed in, back to the form with the reason when not', async () => {
    const started = await startSignIn(t.app, 'mode=register&popup=0');
    const callbackUrl = await new ProviderBrowser().signIn(started.authorizationUrl, freshLogin('redirect'));
    const signedIn = await callback(callbackUrl, started.flowCookie);
    expect(signedIn.statusCode).toBe(302);
    expect(signedIn.headers.location).toBe('/');
    expect(sessionCookieOf(signedIn)).toBeDefined();

    const denied = await startSignIn(t.app, 'mode=register&popup=0');
    const deniedUrl = await new ProviderBrowser().signIn(denied.authorizationUrl, freshLogin('redirect'), 'deny');
    const refused = await callback(deniedUrl, denied.flowCookie);
    expect(refused.statusCode).toBe(302);
    const location = new URL(refused.headers.location as string, APP_URL);
    expect(location.pathname).toBe('/register');
    expect(location.searchParams.get('google_error')).toBe('cancelled');
  });

  it("writes the popup's page in the language of the page that opened it", async () => {
    const login = freshLogin('bangla');
    const started = await startSignIn();
    const callbackUrl = await new ProviderBrowser().signIn(started.authorizationUrl, login);
    const response = await callback(callbackUrl, `${started.flowCookie}; lang=bn`);
    expect(response.statusCode).toBe(200);
    expect(outcomeOf(response)).toMatchObject({ ok: true, message: 'আপনি সাইন ইন করেছেন।' });
    expect(response.body).toContain('<html lang="bn">');
    expect(response.body).toContain('<h1>Google দিয়ে সাইন ইন হয়েছে</h1>');
    expect(response.body).toContain('PhoneHaat-এ চলুন');

    const english = await signInCompletely(login);
    expect(outcomeOf(english.response).message).toBe('You are signed in.');
    expect(english.response.body).toContain('<h1>You are signed in with Google</h1>');

    const expired = await callback(callbackUrl, 'lang=bn');
    expect(outcomeOf(expired)).toMatchObject({ ok: false, code: 'google-expired' });
    expect(outcomeOf(expired).message).toMatch(/^Google সাইন ইনের সময় শেষ/);
    expect(expired.body).toContain('<h1>Google দিয়ে সাইন ইন হয়নি</h1>');
  });

  it("refuses a suspended account with the suspension's own words, not as a failure of ours", async () => {
    const login = freshLogin('suspended');
    expect(outcomeOf((await signInCompletely(login)).response).ok).toBe(true);
    const email = `${login}@example.test`.toLowerCase();
    await t.db.updateTable('users').set({ is_suspended: true }).where('email', '=', email).execute();
    const { response } = await signInCompletely(login);
    expect(response.statusCode).toBe(403);
    expect(outcomeOf(response)).toMatchObject({ ok: false, code: 'google-suspended' });
    expect(outcomeOf(response).message).toMatch(/^This account is suspended by a moderator and cannot sign in\./);
    expect(sessionCookieOf(response)).toBeUndefined();
  });

  it('links an existing account with the same email when the provider says the email is verified', async () => {
    const existing = await registerActor(t.app, 'buyer');
    const login = freshLogin('linked');
    provider.setAccount(login, { email: existing.email, email_verified: true });
    const { response } = await signInCompletely(login);
    expect(outcomeOf(response).ok).toBe(true);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: sessionCookieOf(response) ?? '' },
    });
    expect(me.json()).toMatchObject({
      uid: existing.user.uid,
      emailVerified: true,
      providerData: [{ providerId: 'google.com' }],
    });
  });

  it('shuts out whoever signed up with that address first, since a password sign-up never proved it', async () => {
    // Never verified: nobody proved the address is theirs.
    const squatter = await registerActor(t.app, 'seller', { verifyEmail: false });
    const login = freshLogin('owner');
    provider.setAccount(login, { email: squatter.email, email_verified: true });
    const { response } = await signInCompletely(login);
    expect(outcomeOf(response).ok).toBe(true);

    const oldSession = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: squatter.cookie } });
    expect(oldSession.statusCode).toBe(401);
    const password = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: squatter.email, password: squatter.password },
    });
    expect(password.statusCode).toBe(401);
    const owner = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: sessionCookieOf(response) ?? '' },
    });
    expect(owner.json()).toMatchObject({ uid: squatter.user.uid, email: squatter.email });
  });
});

describe('every refusal ends at the result page, in words', () => {
  it('refuses an address that belongs to another account when the provider has not verified it', async () => {
    const existing = await registerActor(t.app, 'seller');
    const login = freshLogin('unverified');
    provider.setAccount(login, { email: existing.email, email_verified: false });
    const { response } = await signInCompletely(login);
    expectRefusal(response, /already exists/, 'account-exists-with-different-credential');
    const row = await t.db
      .selectFrom('users')
      .select(['google_sub', 'role'])
      .where('id', '=', existing.user.uid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ google_sub: null, role: 'seller' });
  });

  it('opens no account for an address the provider has not verified', async () => {
    const login = freshLogin('unverifiednew');
    provider.setAccount(login, { email_verified: false });
    const { response } = await signInCompletely(login);
    expectRefusal(response, /did not share a verified email address/);
    const accounts = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', `${login}@example.test`.toLowerCase())
      .execute();
    expect(accounts).toEqual([]);
  });

  it('refuses a callback whose state is not the one this browser started with', async () => {
    const started = await startSignIn();
    const callbackUrl = await new ProviderBrowser().signIn(started.authorizationUrl, freshLogin('state'));
    callbackUrl.searchParams.set('state', 'forged-state-value');
    expectRefusal(await callback(callbackUrl, started.flowCookie), /not started from this browser/);
  });

  it('refuses a callback without the flow cookie, or without any state', async () => {
    const started = await startSignIn();
    const callbackUrl = await new ProviderBrowser().signIn(started.authorizationUrl, freshLogin('nocookie'));
    expectRefusal(await callback(callbackUrl, ''), /expired or was already used/);

    const bare = await t.app.inject({ method: 'GET', url: '/api/auth/google/callback' });
    expectRefusal(bare, /expired or was already used/);
  });

  it('refuses a replayed callback and a replayed code', async () => {
    const first = await signInCompletely(freshLogin('replay'));
    expect(outcomeOf(first.response).ok).toBe(true);

    // The same callback again: its sign-in was used up.
    expectRefusal(await callback(first.callbackUrl, first.started.flowCookie), /expired or was already used/);

    // The used code inside a fresh sign-in of the same browser: the provider refuses it.
    const fresh = await startSignIn();
    const replayed = new URL(first.callbackUrl);
    replayed.searchParams.set('state', new URL(fresh.authorizationUrl).searchParams.get('state') ?? '');
    expectRefusal(await callback(replayed, fresh.flowCookie), /did not accept this sign-in code/);
  });

  it('refuses a code the provider never issued', async () => {
    const started = await startSignIn();
    const callbackUrl = await new ProviderBrowser().signIn(started.authorizationUrl, freshLogin('wrongcode'));
    callbackUrl.searchParams.set('code', 'not-a-code-the-provider-issued');
    expectRefusal(await callback(callbackUrl, started.flowCookie), /did not accept this sign-in code/);
  });

  it('refuses an ID token whose nonce is not the one stored for this sign-in', async () => {
    const started = await startSignIn();
    await t.db.updateTable('google_sign_ins').set({ nonce: 'a-different-nonce' }).execute();
    const callbackUrl = await new ProviderBrowser().signIn(started.authorizationUrl, freshLogin('nonce'));
    expectRefusal(await callback(callbackUrl, started.flowCookie), /does not belong to this sign-in/);
  });

  it('refuses an ID token issued to another client of the provider', async () => {
    const started = await startSignIn();
    const callbackUrl = await new ProviderBrowser().signIn(started.authorizationUrl, freshLogin('audience'));
    provider.editNextIdToken((claims) => ({ ...claims, aud: provider.otherClient.id, azp: provider.otherClient.id }));
    expectRefusal(await callback(callbackUrl, started.flowCookie), /meant for a different application/);
  });

  it('refuses an app whose client id is not the one the provider issued the code to', async () => {
    const otherApp = await createTestApp(googleEnv(provider.otherClient));
    try {
      const started = await startSignIn(otherApp.app);
      const mainStart = await startSignIn();
      // The browser went through the provider for the main client; the other app receives that code.
      const callbackUrl = await new ProviderBrowser().signIn(mainStart.authorizationUrl, freshLogin('client'));
      callbackUrl.searchParams.set('state', new URL(started.authorizationUrl).searchParams.get('state') ?? '');
      expectRefusal(await callback(callbackUrl, started.flowCookie, otherApp.app), /did not accept this sign-in code/);
    } finally {
      await otherApp.close();
    }
  });

  it('refuses an expired ID token', async () => {
    const started = await startSignIn();
    const callbackUrl = await new ProviderBrowser().signIn(started.authorizationUrl, freshLogin('expired'));
    const now = Math.floor(Date.now() / 1000);
    provider.editNextIdToken((claims) => ({ ...claims, iat: now - 7200, exp: now - 3600 }));
    expectRefusal(await callback(callbackUrl, started.flowCookie), /has expired/);
  });

  it('refuses when the provider answers with an error', async () => {
    const started = await startSignIn();
    const state = new URL(started.authorizationUrl).searchParams.get('state') ?? '';
    const url = new URL(CALLBACK);
    url.search = new URLSearchParams({ error: 'access_denied', state, iss: provider.issuer }).toString();
    expectRefusal(await callback(url, started.flowCookie), /cancelled/);

    const other = await startSignIn();
    url.search = new URLSearchParams({
      error: 'server_error',
      state: new URL(other.authorizationUrl).searchParams.get('state') ?? '',
      iss: provider.issuer,
    }).toString();
    expectRefusal(await callback(url, other.flowCookie), /could not complete the sign-in/);
  });

  it('refuses when the user denies consent at the provider', async () => {
    const started = await startSignIn();
    const callbackUrl = await new ProviderBrowser().signIn(started.authorizationUrl, freshLogin('deny'), 'deny');
    expect(callbackUrl.searchParams.get('error')).toBe('access_denied');
    expectRefusal(await callback(callbackUrl, started.flowCookie), /cancelled/);
  });

  it('says so on the page when the provider cannot be reached', async () => {
    const unreachable = await createTestApp(googleEnv(provider.client, 'http://127.0.0.1:9'));
    try {
      const response = await unreachable.app.inject({ method: 'GET', url: '/api/auth/google?mode=login&popup=1' });
      expect(response.statusCode).toBe(502);
      expect(outcomeOf(response)).toMatchObject({ ok: false, message: expect.stringMatching(/could not be reached/) });
    } finally {
      await unreachable.close();
    }
  });
});

describe('without Google configured', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp({ PUBLIC_URL: APP_URL });
  });
  afterAll(() => plain.close());

  it('says so: the providers list, the start of a sign-in and its callback', async () => {
    expect((await plain.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({ google: false });

    const start = await plain.app.inject({ method: 'GET', url: '/api/auth/google?mode=login&popup=1' });
    expect(start.statusCode).toBe(404);
    expect(start.json()).toEqual({ code: 'NOT_CONFIGURED', message: 'Google sign-in is not set up on this server' });

    const back = await plain.app.inject({ method: 'GET', url: '/api/auth/google/callback?code=x&state=y' });
    expectRefusal(back, /not set up on this server/);
  });

  it('refuses an issuer that is plain http on a public address, and accepts one on this machine', () => {
    const google = (issuer: string) =>
      googleClientFor(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', GOOGLE_ISSUER: issuer }));
    expect(() => google('http://accounts.example.com')).toThrow(/https/);
    expect(google('http://127.0.0.1:8080')).toBeDefined();
    expect(google('https://accounts.google.com')).toBeDefined();
  });
});
