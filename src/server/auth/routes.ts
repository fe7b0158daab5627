import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  currentUserSchema,
  loginRequestSchema,
  signupRequestSchema,
  tokenResponseSchema,
  updateAccountRequestSchema,
} from '../../shared/auth';
import { emailQuerySchema } from '../../shared/common';
import { forbidden, unauthenticated } from '../errors';
import { findUserById } from '../users/repository';
import { updateAccount } from '../users/profile';
import { endSession, rememberDevice, startSession, toCurrentUser } from './account';
import { callerOf, identify, KNOWN_DEVICE_COOKIE, signedIn } from './guards';
import { logIn, signUp } from './service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const authRateLimit = { rateLimit: { max: deps.config.AUTH_RATE_LIMIT, timeWindow: '1 minute' } };

  app.post('/auth/signup', { schema: { body: signupRequestSchema }, config: authRateLimit }, async (request, reply) => {
    const user = await signUp(deps.db, request.body);
    await startSession(deps, reply, user);
    await rememberDevice(deps, reply, user);
    return reply.status(201).send(toCurrentUser(user));
  });

  app.post(
    '/auth/login',
    { schema: { body: loginRequestSchema, response: { 200: currentUserSchema } }, config: authRateLimit },
    async (request, reply) => {
      const knownDevice =
        (await deps.tokens.knownDeviceEmail(request.cookies[KNOWN_DEVICE_COOKIE])) === request.body.email;
      const user = await logIn(deps.db, request.body, request.ip, knownDevice);
      await startSession(deps, reply, user);
      await rememberDevice(deps, reply, user);
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
    { schema: { body: updateAccountRequestSchema, response: { 200: currentUserSchema } }, onRequest: signedIn },
    async (request) => {
      const { user } = callerOf(request);
      await updateAccount(deps, user, request.body);
      const updated = await findUserById(deps.db, user.id);
      if (!updated) throw unauthenticated();
      return toCurrentUser(updated);
    },
  );

  app.post('/auth/logout', async (request, reply) => {
    const caller = await identify(request);
    await endSession(deps, reply, caller?.sessionId);
    return reply.status(204).send();
  });

  app.get(
    '/jwt',
    { schema: { querystring: emailQuerySchema, response: { 200: tokenResponseSchema } } },
    async (request) => {
      const caller = await identify(request);
      if (!caller) throw unauthenticated();
      if (request.query.email.trim().toLowerCase() !== caller.user.email) {
        throw forbidden('A token is only given for your own email');
      }
      return { accessToken: await deps.tokens.sign({ userId: caller.user.id, sessionId: caller.sessionId }) };
    },
  );
};
