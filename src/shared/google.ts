import { messageText } from './i18n/translate';
import { z } from './zod';

/** GET /api/auth/providers: which outside sign-in methods this server has set up. */
export const providersResponseSchema = z.object({ google: z.boolean() });
export type ProvidersResponse = z.infer<typeof providersResponseSchema>;

export const GOOGLE_SIGN_IN_MODES = ['login', 'register'] as const;
export type GoogleSignInMode = (typeof GOOGLE_SIGN_IN_MODES)[number];

/** A catalog id (docs/i18n-server.md): the API and the client write it in their reader's language. */
export const GOOGLE_NOT_SET_UP_ID = messageText('shared.google.notSetUp');

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

/** Why a Google sign-in did not end with a session, in words a person can act on (catalog ids). */
export const GOOGLE_REFUSALS = {
  notConfigured: messageText('shared.google.notConfigured'),
  expired: messageText('shared.google.expired'),
  stateMismatch: messageText('shared.google.stateMismatch'),
  cancelled: messageText('shared.google.cancelled'),
  providerError: messageText('shared.google.providerError'),
  codeRejected: messageText('shared.google.codeRejected'),
  nonceMismatch: messageText('shared.google.nonceMismatch'),
  wrongAudience: messageText('shared.google.wrongAudience'),
  tokenExpired: messageText('shared.google.tokenExpired'),
  untrustedToken: messageText('shared.google.untrustedToken'),
  unreachable: messageText('shared.google.unreachable'),
  noEmail: messageText('shared.google.noEmail'),
  accountExists: messageText('shared.google.accountExists'),
  suspended: messageText('shared.errors.suspended'),
  internal: messageText('shared.google.internal'),
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
