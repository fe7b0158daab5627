import type { FastifyReply, FastifyRequest } from 'fastify';
import { areaRoutes } from '#server/http/routes';
import { z } from 'zod';
import {
  GOOGLE_ERROR_PARAM,
  GOOGLE_MESSAGE_SOURCE,
  GOOGLE_NOT_SET_UP_ID,
  GOOGLE_SIGN_IN_MODES,
  providersResponseSchema,
  type GoogleSignInOutcome,
} from '#shared/google';
import { AppError } from '#server/errors';
import { requestLanguage } from '#server/i18n/answer';
import { localText, write } from '#server/i18n/texts';
import { startSession } from '../account';
import { authRateLimit } from '../guards';
import { googleClientFor, newSignInChecks } from './oidc';
import { RESULT_PAGE_CSP, resultPage } from './page';
import { GoogleSignInRefusal, refusalFor } from './refusals';
import { PENDING_SIGN_IN_SECONDS, savePendingSignIn, takePendingSignIn, type PendingSignIn } from './repository';
import { accountForGoogle, identityFrom } from './service';

const FLOW_COOKIE = 'phonehaat_google';
const FLOW_COOKIE_PATH = '/api/auth/google';

/*
 * The popup goes from this app to the provider and back. A COOP other than unsafe-none on its pages
 * would put it in a new browsing context group on the way, cutting it off from its opener (which
 * would then see it as closed), so both ends of the flow opt out of the app-wide policy.
 */
const KEEP_OPENER = { 'cross-origin-opener-policy': 'unsafe-none' };

const startQuerySchema = z.object({
  mode: z.enum(GOOGLE_SIGN_IN_MODES).default('login'),
  popup: z
    .enum(['0', '1'])
    .default('0')
    .transform((value) => value === '1'),
});

/** How a sign-in ends: in a popup, a page that reports to the opener; otherwise a redirect back into the app. */
type Ending = Pick<PendingSignIn, 'mode' | 'popup'>;
/** A callback that matches no sign-in of this browser: the page's script still finds the opener if there is one. */
const UNKNOWN_ENDING: Ending = { mode: 'login', popup: true };

export const googleRoutes = areaRoutes(async (app, deps) => {
  const google = googleClientFor(deps.config);
  const appOrigin = new URL(deps.config.PUBLIC_URL).origin;
  const flowCookie = {
    path: FLOW_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.config.secureCookies,
  } as const;

  function finish(request: FastifyRequest, reply: FastifyReply, ending: Ending, refusal?: GoogleSignInRefusal) {
    const next = refusal ? `/${ending.mode}?${new URLSearchParams({ [GOOGLE_ERROR_PARAM]: refusal.reason })}` : '/';
    reply.headers({ 'cache-control': 'no-store', ...KEEP_OPENER });
    if (!ending.popup) return reply.redirect(next);
    // The popup's words are in the language of the page that opened it (its `lang` cookie).
    const language = requestLanguage(request);
    const outcome: GoogleSignInOutcome = refusal
      ? { source: GOOGLE_MESSAGE_SOURCE, ok: false, message: write(language, refusal.message), code: refusal.code }
      : {
          source: GOOGLE_MESSAGE_SOURCE,
          ok: true,
          message: write(language, localText('server.auth.google.signedInNote')),
        };
    return reply
      .status(refusal?.status ?? 200)
      .header('content-security-policy', RESULT_PAGE_CSP)
      .type('text/html; charset=utf-8')
      .send(resultPage({ outcome, origin: appOrigin, next }, language));
  }

  function refuse(request: FastifyRequest, reply: FastifyReply, ending: Ending, error: unknown) {
    const refusal = refusalFor(error);
    if (refusal.reason === 'internal') request.log.error({ err: error }, 'Google sign-in failed');
    else request.log.info({ reason: refusal.reason, err: refusal.cause }, 'Google sign-in refused');
    return finish(request, reply, ending, refusal);
  }

  app.get('/auth/providers', { schema: { response: { 200: providersResponseSchema } } }, async () => ({
    google: google !== undefined,
  }));

  app.get(
    '/auth/google',
    {
      schema: { querystring: startQuerySchema },
      config: authRateLimit(deps.config),
    },
    async (request, reply) => {
      if (!google) throw new AppError('NOT_CONFIGURED', GOOGLE_NOT_SET_UP_ID);
      const ending = request.query;
      try {
        const checks = newSignInChecks();
        const authorizationUrl = await google.authorizationUrl(checks);
        const flowSecret = await savePendingSignIn(deps.db, { ...checks, ...ending });
        reply.setCookie(FLOW_COOKIE, flowSecret, { ...flowCookie, maxAge: PENDING_SIGN_IN_SECONDS });
        return reply.headers({ 'cache-control': 'no-store', ...KEEP_OPENER }).redirect(authorizationUrl.href);
      } catch (error) {
        return refuse(request, reply, ending, error);
      }
    },
  );

  // No querystring schema on purpose: whatever the provider (or anyone) sends, the answer is the result page, never a JSON 400.
  app.get('/auth/google/callback', { config: { openapi: { answersHtml: true } } }, async (request, reply) => {
    const pending = await takePendingSignIn(deps.db, request.cookies[FLOW_COOKIE]);
    reply.clearCookie(FLOW_COOKIE, flowCookie);
    if (!google) return finish(request, reply, pending ?? UNKNOWN_ENDING, new GoogleSignInRefusal('notConfigured'));
    if (!pending) return finish(request, reply, UNKNOWN_ENDING, new GoogleSignInRefusal('expired'));
    try {
      const query = new URL(request.url, 'http://callback.invalid').searchParams;
      if (query.get('state') !== pending.state) throw new GoogleSignInRefusal('stateMismatch');
      const identity = identityFrom(await google.verifiedClaims(query, pending));
      const user = await accountForGoogle(deps.db, identity);
      await startSession(deps, request, reply, user);
      return finish(request, reply, pending);
    } catch (error) {
      return refuse(request, reply, pending, error);
    }
  });
});
