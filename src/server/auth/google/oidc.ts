import * as client from 'openid-client';
import type { Config } from '#server/config';
import { GoogleSignInRefusal } from './refusals';

/** Google's discovery document rarely changes; its signing keys are refreshed by openid-client itself. */
const DISCOVERY_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const DISCOVERY_TIMEOUT_SECONDS = 10;
const SCOPE = 'openid email profile';

/** What the callback must see again: they are kept server-side between the two requests. */
export interface SignInChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export const newSignInChecks = (): SignInChecks => ({
  state: client.randomState(),
  nonce: client.randomNonce(),
  codeVerifier: client.randomPKCECodeVerifier(),
});

const googleCallbackPath = '/api/auth/google/callback';

/** The Google side of sign-in, or undefined when the server has no Google client configured. */
export function googleClientFor(config: Config): GoogleClient | undefined {
  if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET) return undefined;
  return new GoogleClient({
    issuer: new URL(config.GOOGLE_ISSUER),
    clientId: config.GOOGLE_CLIENT_ID,
    clientSecret: config.GOOGLE_CLIENT_SECRET,
    redirectUri: `${config.PUBLIC_URL}${googleCallbackPath}`,
  });
}

interface GoogleClientSettings {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

class GoogleClient {
  readonly #settings: GoogleClientSettings;
  #discovery?: { configuration: Promise<client.Configuration>; fetchedAt: number };

  constructor(settings: GoogleClientSettings) {
    assertTrustworthyIssuer(settings.issuer);
    this.#settings = settings;
  }

  async authorizationUrl(checks: SignInChecks): Promise<URL> {
    const configuration = await this.#configuration();
    return client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.#settings.redirectUri,
      scope: SCOPE,
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    });
  }

  /**
   * Trades the code for tokens and answers the ID token's claims once openid-client has checked
   * its signature against the issuer's keys, and its iss, aud, exp and nonce.
   */
  async verifiedClaims(callbackQuery: URLSearchParams, checks: SignInChecks): Promise<client.IDToken> {
    const configuration = await this.#configuration();
    const callbackUrl = new URL(this.#settings.redirectUri);
    callbackUrl.search = callbackQuery.toString();
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new GoogleSignInRefusal('untrustedToken');
    return claims;
  }

  /** Fetched when a sign-in needs it (never at boot, so the server starts while Google is away), then kept. */
  #configuration(): Promise<client.Configuration> {
    const cached = this.#discovery;
    if (cached && Date.now() - cached.fetchedAt < DISCOVERY_MAX_AGE_MS) return cached.configuration;
    const configuration = this.#discover();
    this.#discovery = { configuration, fetchedAt: Date.now() };
    configuration.catch(() => {
      if (this.#discovery?.configuration === configuration) this.#discovery = undefined;
    });
    return configuration;
  }

  async #discover(): Promise<client.Configuration> {
    const { issuer, clientId, clientSecret } = this.#settings;
    try {
      return await client.discovery(issuer, clientId, undefined, client.ClientSecretPost(clientSecret), {
        timeout: DISCOVERY_TIMEOUT_SECONDS,
        ...(issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
      });
    } catch (error) {
      throw new GoogleSignInRefusal('unreachable', { cause: error });
    }
  }
}

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]']);
const isLoopback = (hostname: string) => LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);

/** Plain http would let anyone on the path forge sign-ins; it is allowed only for a provider on this machine (tests). */
function assertTrustworthyIssuer(issuer: URL): void {
  if (issuer.protocol === 'https:') return;
  if (issuer.protocol === 'http:' && isLoopback(issuer.hostname)) return;
  throw new Error(`GOOGLE_ISSUER must be an https:// address (http:// only on a loopback address), not ${issuer.href}`);
}
