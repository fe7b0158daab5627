import { areaRoutes } from '#server/http/routes';
import {
  currentUserSchema,
  loginRequestSchema,
  signupRequestSchema,
  tokenResponseSchema,
  updateAccountRequestSchema,
} from '#shared/auth';
import { emailQuerySchema } from '#shared/common';
import { forbidden, unauthenticated } from '#server/errors';
import { serverMessage } from '#server/i18n/texts';
import { findUserById } from '#server/users/repository';
import { updateAccount } from '#server/users/profile';
import { endSession, signInByPassword, toCurrentUser } from './account';
import { namedWrite, privateWrite } from '#server/cache/hooks';
import {
  authRateLimit,
  callerOf,
  identify,
  isOwnEmail,
  KNOWN_DEVICE_COOKIE,
  sessionCookieName,
  signedIn,
} from './guards';
import { logIn, signUp } from './service';

export const authRoutes = areaRoutes(async (app, deps) => {
  // A new account has no name, role or listing yet (POST /addUser gives it a profile), so no public
  // answer shows it: signing up keeps the public cache.
  app.post(
    '/auth/signup',
    { schema: { body: signupRequestSchema }, config: { ...authRateLimit(deps.config), ...privateWrite } },
    async (request, reply) => {
      const user = await signUp(deps.db, request.body);
      await signInByPassword(deps, request, reply, user);
      return reply.status(201).send(toCurrentUser(user));
    },
  );

  app.post(
    '/auth/login',
    {
      schema: { body: loginRequestSchema, response: { 200: currentUserSchema } },
      config: { ...authRateLimit(deps.config), ...privateWrite },
    },
    async (request, reply) => {
      const user = await logIn(deps.db, request.body, request.ip, (account) =>
        deps.tokens.isKnownDevice(request.cookies[KNOWN_DEVICE_COOKIE], account),
      );
      await signInByPassword(deps, request, reply, user);
      return toCurrentUser(user);
    },
  );

  app.get('/auth/me', { schema: { response: { 200: currentUserSchema } } }, async (request) => {
    const caller = await identify(request);
    if (!caller) throw unauthenticated();
    return toCurrentUser(caller.user);
  });

  app.post(
    '/auth/update',
    {
      schema: { body: updateAccountRequestSchema, response: { 200: currentUserSchema } },
      onRequest: signedIn,
      config: namedWrite,
    },
    async (request) => {
      const { user } = callerOf(request);
      await updateAccount(deps, user, request.body);
      const updated = await findUserById(deps.db, user.id);
      if (!updated) throw unauthenticated();
      return toCurrentUser(updated);
    },
  );

  // Sessions are nobody else's business: neither a login nor a logout drops the public cache.
  app.post('/auth/logout', { config: privateWrite }, async (request, reply) => {
    const caller = await identify(request);
    // Without a session (nor a stale cookie to clear) there is nothing to end.
    if (caller || request.cookies[sessionCookieName(deps.config)] !== undefined) {
      await endSession(deps, reply, caller?.sessionId);
    }
    // Its open pages' live streams end with it (notifications/stream.ts checks their sessions at a ring).
    if (caller) deps.bell.ring([caller.user.id]);
    return reply.status(204).send();
  });

  app.get(
    '/jwt',
    { schema: { querystring: emailQuerySchema, response: { 200: tokenResponseSchema } } },
    async (request) => {
      const caller = await identify(request);
      if (!caller) throw unauthenticated();
      if (!isOwnEmail(caller.user, request.query.email)) {
        throw forbidden(serverMessage('server.auth.error.ownTokenOnly'));
      }
      return { accessToken: await deps.tokens.sign({ userId: caller.user.id, sessionId: caller.sessionId }) };
    },
  );
});
