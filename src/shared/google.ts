import { z } from './zod';

/** GET /api/auth/providers: which outside sign-in methods this server has set up. */
export const providersResponseSchema = z.object({ google: z.boolean() });
export type ProvidersResponse = z.infer<typeof providersResponseSchema>;

export const GOOGLE_SIGN_IN_MODES = ['login', 'register'] as const;
export type GoogleSignInMode = (typeof GOOGLE_SIGN_IN_MODES)[number];

export const GOOGLE_NOT_SET_UP = 'Google sign-in is not set up on this server';

/** The message the Google sign-in window posts to the window that opened it. */
export const GOOGLE_MESSAGE_SOURCE = 'phonehaat-google';

export interface GoogleSignInOutcome {
  source: typeof GOOGLE_MESSAGE_SOURCE;
  ok: boolean;
  message: string;
  /** Set on a refusal, e.g. 'account-exists-with-different-credential'. */
  code?: string;
}

/** The query parameter that carries a refusal back to /login or /register after a full-page sign-in. */
export const GOOGLE_ERROR_PARAM = 'google_error';

/** Why a Google sign-in did not end with a session, in words a person can act on. */
export const GOOGLE_REFUSALS = {
  notConfigured: `${GOOGLE_NOT_SET_UP}.`,
  expired: 'This Google sign-in has expired or was already used. Please start again.',
  stateMismatch: 'This Google sign-in was not started from this browser, so it was stopped. Please start again.',
  cancelled: 'The Google sign-in was cancelled, so you are not signed in.',
  providerError: 'Google could not complete the sign-in. Please try again.',
  codeRejected: 'Google did not accept this sign-in code (it is wrong, expired or already used). Please start again.',
  nonceMismatch: 'Google’s answer does not belong to this sign-in, so it was refused. Please start again.',
  wrongAudience: 'Google’s answer was meant for a different application, so it was refused.',
  tokenExpired: 'Google’s answer has expired. Please start again.',
  untrustedToken: 'Google’s answer could not be verified, so it was refused.',
  unreachable: 'Google could not be reached. Please try again in a moment.',
  noEmail: 'Google did not share a verified email address for this account, so no account could be opened.',
  accountExists:
    'An account with this email already exists with a different sign-in method. Log in with your email and password instead.',
  internal: 'Something went wrong on our side while signing you in. Please try again.',
} as const;

export type GoogleRefusalReason = keyof typeof GOOGLE_REFUSALS;

/**
 * The sentence for a refusal named in the URL. The URL carries only the reason's name, never the
 * words, so a crafted link cannot put its own text on our sign-in page.
 */
export function googleRefusalMessage(reason: string): string {
  return Object.hasOwn(GOOGLE_REFUSALS, reason)
    ? GOOGLE_REFUSALS[reason as GoogleRefusalReason]
    : GOOGLE_REFUSALS.providerError;
}
