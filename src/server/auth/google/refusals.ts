import { AuthorizationResponseError, ClientError, ResponseBodyError } from 'openid-client';
import { GOOGLE_REFUSALS, type GoogleRefusalReason } from '#shared/google';
import { AppError } from '#server/errors';

/** The one code a refusal keeps for the client besides its sentence (Firebase's name for the same case). */
const refusalCodes: Partial<Record<GoogleRefusalReason, string>> = {
  accountExists: 'account-exists-with-different-credential',
};

export class GoogleSignInRefusal extends Error {
  constructor(
    readonly reason: GoogleRefusalReason,
    options?: ErrorOptions,
  ) {
    super(GOOGLE_REFUSALS[reason], options);
    this.name = 'GoogleSignInRefusal';
  }

  get code(): string {
    return refusalCodes[this.reason] ?? `google-${this.reason.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  }

  get status(): number {
    if (this.reason === 'unreachable') return 502;
    if (this.reason === 'suspended') return 403;
    return this.reason === 'internal' ? 500 : 400;
  }
}

/** Maps whatever openid-client threw while finishing a sign-in to the refusal it means. */
export function refusalFor(error: unknown): GoogleSignInRefusal {
  if (error instanceof GoogleSignInRefusal) return error;
  return new GoogleSignInRefusal(reasonFor(error), { cause: error });
}

function reasonFor(error: unknown): GoogleRefusalReason {
  if (error instanceof AppError && error.code === 'ACCOUNT_SUSPENDED') return 'suspended';
  if (error instanceof AuthorizationResponseError) {
    return error.error === 'access_denied' ? 'cancelled' : 'providerError';
  }
  if (error instanceof ResponseBodyError) {
    return error.error === 'invalid_grant' ? 'codeRejected' : 'providerError';
  }
  if (error instanceof ClientError) {
    switch (error.code) {
      case 'OAUTH_JWT_CLAIM_COMPARISON_FAILED':
        return claimRefusal(failedClaim(error));
      case 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED':
        return 'tokenExpired';
      case 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED':
        return 'stateMismatch';
      case 'OAUTH_RESPONSE_IS_NOT_CONFORM':
      case 'OAUTH_RESPONSE_IS_NOT_JSON':
        return 'providerError';
      default:
        return 'untrustedToken';
    }
  }
  return isNetworkFailure(error) ? 'unreachable' : 'internal';
}

/** fetch() rejects with a TypeError when it cannot connect, and with a TimeoutError when it gives up. */
function isNetworkFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    (error instanceof TypeError && error.message === 'fetch failed') ||
    error.name === 'TimeoutError' ||
    error.name === 'AbortError'
  );
}

function claimRefusal(claim: unknown): GoogleRefusalReason {
  if (claim === 'nonce') return 'nonceMismatch';
  if (claim === 'aud' || claim === 'azp') return 'wrongAudience';
  return 'untrustedToken';
}

/** openid-client wraps oauth4webapi's error, whose `cause` names the claim that failed. */
function failedClaim(error: ClientError): unknown {
  const inner = error.cause;
  if (inner instanceof Error && typeof inner.cause === 'object' && inner.cause !== null && 'claim' in inner.cause) {
    return inner.cause.claim;
  }
  return undefined;
}
