import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, decodeJwt, exportJWK, generateKeyPair, type JWTPayload } from 'jose';
import { Provider, type KoaContext } from 'oidc-provider';

/*
 * A real OpenID Connect provider (panva's oidc-provider) on 127.0.0.1, standing in for Google:
 * discovery, its signing keys, the authorization endpoint with its own login and consent screens
 * (devInteractions), and the token endpoint. Tests drive it over real HTTP.
 */

export interface ProviderClient {
  id: string;
  secret: string;
}

export interface IdentityClaims {
  email: string;
  email_verified: boolean;
  name: string;
  picture: string;
}

export interface TestIdentityProvider {
  issuer: string;
  /** The client the app under test is configured with. */
  client: ProviderClient;
  /** A second registered client: an ID token issued to it must not sign anyone in to the app. */
  otherClient: ProviderClient;
  /** The claims the provider answers for whoever signs in with `login` (default: a verified address). */
  setAccount(login: string, claims: Partial<IdentityClaims>): void;
  /**
   * Re-signs the next ID token the token endpoint hands out, with the provider's own key, after
   * `edit` changed its claims: a provider that misbehaves, or an attacker who got hold of a token.
   */
  editNextIdToken(edit: (claims: JWTPayload) => JWTPayload): void;
  close(): Promise<void>;
}

export interface ProviderOptions {
  redirectUris: string[];
  /** 0 (default) picks a free port. */
  port?: number;
  client?: ProviderClient;
}

export const defaultClaimsFor = (login: string): IdentityClaims => ({
  email: `${login}@example.test`,
  email_verified: true,
  name: `Google ${login}`,
  picture: `https://pictures.example.test/${encodeURIComponent(login)}.png`,
});

export async function startIdentityProvider(options: ProviderOptions): Promise<TestIdentityProvider> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const client = options.client ?? { id: 'phonehaat-test', secret: randomBytes(16).toString('hex') };
  const otherClient = { id: 'another-app', secret: randomBytes(16).toString('hex') };
  const accounts = new Map<string, Partial<IdentityClaims>>();
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = 'test-signing-key';
  const signingJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  let pendingEdit: ((claims: JWTPayload) => JWTPayload) | undefined;

  const registration = (c: ProviderClient) => ({
    client_id: c.id,
    client_secret: c.secret,
    redirect_uris: options.redirectUris,
    response_types: ['code'],
    grant_types: ['authorization_code'],
    token_endpoint_auth_method: 'client_secret_post',
  });

  const provider = new Provider(issuer, {
    clients: [registration(client), registration(otherClient)],
    jwks: { keys: [signingJwk] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // Like Google: the ID token itself carries the email and profile claims.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    // Explicit lifetimes (in seconds), which also keeps oidc-provider from printing a notice for each default.
    ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 600, Session: 3600, Grant: 3600 },
    features: { devInteractions: { enabled: true } },
    findAccount: async (_ctx: unknown, login: string) => ({
      accountId: login,
      claims: async () => ({ sub: login, ...defaultClaimsFor(login), ...accounts.get(login) }),
    }),
  });

  provider.use(async (ctx: KoaContext, next) => {
    await next();
    const edit = pendingEdit;
    if (!edit || ctx.method !== 'POST' || ctx.path !== '/token' || ctx.status !== 200) return;
    pendingEdit = undefined;
    const body = ctx.body as { id_token: string };
    const claims = edit(decodeJwt(body.id_token));
    body.id_token = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).sign(privateKey);
  });

  server.on('request', provider.callback());

  return {
    issuer,
    client,
    otherClient,
    setAccount: (login, claims) => accounts.set(login, claims),
    editNextIdToken: (edit) => {
      pendingEdit = edit;
    },
    close: () => closeServer(server),
  };
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}
