import { E2E_BASE_URL, E2E_PORT } from './settings';

/**
 * The stand-in for Google that the browser tests start (tests/support/oidc-provider.ts). Its port
 * is fixed so the e2e server can be pointed at it before it runs: the server fetches the issuer's
 * discovery document only when a sign-in starts.
 */
export const E2E_GOOGLE = {
  port: Number(process.env.E2E_GOOGLE_PORT ?? E2E_PORT + 1),
  client: { id: 'phonehaat-e2e', secret: 'e2e-google-client-secret' },
  redirectUri: `${E2E_BASE_URL}/api/auth/google/callback`,
};

export const E2E_GOOGLE_ISSUER = `http://127.0.0.1:${E2E_GOOGLE.port}`;

/** What the e2e server needs in its environment to use that provider. */
export const e2eGoogleEnv = () => ({
  GOOGLE_ISSUER: E2E_GOOGLE_ISSUER,
  GOOGLE_CLIENT_ID: E2E_GOOGLE.client.id,
  GOOGLE_CLIENT_SECRET: E2E_GOOGLE.client.secret,
});
