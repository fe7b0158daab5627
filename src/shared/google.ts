import { z } from 'zod';

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
