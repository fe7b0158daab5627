import { answerMessage, answerText } from '#server/i18n/answer';
import { areaRoutes } from '#server/http/routes';
import {
  accountMessageSchema,
  changePasswordRequestSchema,
  deleteAccountRequestSchema,
  forgotPasswordRequestSchema,
  linkTokenRequestSchema,
  mailSettingsSchema,
  resetPasswordRequestSchema,
  sessionsEndedSchema,
  signedInDevicesSchema,
  unsubscribedSchema,
  updateMailSettingsRequestSchema,
} from '#shared/account';
import { idParamsSchema } from '#shared/common';
import { endSession } from '#server/auth/account';
import { namedWrite, privateWrite } from '#server/cache/hooks';
import { authRateLimit, callerOf, ownWrite, signedIn } from '#server/auth/guards';
import {
  changePassword,
  deleteOwnAccount,
  endOneSession,
  endOtherSessions,
  mailSettingsOf,
  requestPasswordReset,
  resendVerificationMail,
  resetPassword,
  signedInDevices,
  unsubscribe,
  updateMailSettings,
  verifiedEmailOnly,
  verifyEmail,
} from './service';
import { startSellingRequestSchema } from '#shared/users';
import { startSelling } from '#server/users/profile';

/** Account recovery and settings (docs/accounts.md). The links' calls need no sign-in: the token is the proof. */
export const accountRoutes = areaRoutes(async (app, deps) => {
  const { db } = deps;
  const message = { response: { 200: accountMessageSchema } };
  /** Sessions of the account ended: the bell closes their live streams, in every process. */
  const endedSessionsOf = (userId: string) => deps.bell.ring([userId]);

  // The mailed links and the unsubscribe link change an account's sign-in, its address's standing
  // or its mail, none of which a public answer shows (listings show the admin's seller badge, not
  // this): they keep the public cache, so that nobody can keep it cold by asking for mail.
  const privateLinkCall = { ...authRateLimit(deps.config), ...privateWrite };

  app.post(
    '/account/verify-email',
    { schema: { body: linkTokenRequestSchema, ...message }, config: privateLinkCall },
    async (request) => {
      await verifyEmail(db, request.body.token);
      return answerMessage(request, 'server.accounts.verified');
    },
  );

  app.post('/account/verify-email/resend', { schema: message, ...ownWrite }, async (request) => {
    const { user } = callerOf(request);
    await resendVerificationMail(db, user);
    return answerMessage(request, 'server.accounts.linkSentAgain', { email: user.email });
  });

  app.post(
    '/account/forgot-password',
    { schema: { body: forgotPasswordRequestSchema, ...message }, config: privateLinkCall },
    async (request) => {
      await requestPasswordReset(db, request.body.email, request.ip);
      return answerMessage(request, 'server.accounts.forgotPassword', { minutes: 30 });
    },
  );

  app.post(
    '/account/reset-password',
    { schema: { body: resetPasswordRequestSchema, ...message }, config: privateLinkCall },
    async (request) => {
      const userId = await resetPassword(db, request.body.token, request.body.password);
      endedSessionsOf(userId);
      return answerMessage(request, 'server.accounts.passwordReset');
    },
  );

  app.post(
    '/account/password',
    { schema: { body: changePasswordRequestSchema, ...message }, ...ownWrite },
    async (request) => {
      await changePassword(db, callerOf(request), request.body, request.ip);
      endedSessionsOf(callerOf(request).user.id);
      return answerMessage(request, 'server.accounts.passwordChanged');
    },
  );

  app.post(
    '/account/sign-out-others',
    { schema: { response: { 200: sessionsEndedSchema } }, ...ownWrite },
    async (request) => {
      const ended = await endOtherSessions(db, callerOf(request));
      endedSessionsOf(callerOf(request).user.id);
      return { ended, ...answerMessage(request, 'server.accounts.othersSignedOut') };
    },
  );

  app.get(
    '/account/sessions',
    { schema: { response: { 200: signedInDevicesSchema } }, onRequest: signedIn },
    async (request) => signedInDevices(db, callerOf(request)),
  );

  app.delete(
    '/account/sessions/:id',
    {
      schema: { params: idParamsSchema, response: { 200: sessionsEndedSchema } },
      ...ownWrite,
    },
    async (request, reply) => {
      const wasThisOne = await endOneSession(db, callerOf(request), request.params.id);
      endedSessionsOf(callerOf(request).user.id);
      if (wasThisOne) await endSession(deps, reply, undefined);
      return {
        ended: 1,
        ...answerMessage(request, wasThisOne ? 'server.accounts.signedOut' : 'server.accounts.deviceSignedOut'),
      };
    },
  );

  app.post(
    '/account/delete',
    { schema: { body: deleteAccountRequestSchema, ...message }, onRequest: signedIn, config: namedWrite },
    async (request, reply) => {
      await deleteOwnAccount(deps, callerOf(request), request.body.password, request.ip, request.log);
      endedSessionsOf(callerOf(request).user.id);
      // The sessions went with the account; the browser's cookie goes too.
      await endSession(deps, reply, undefined);
      return answerMessage(request, 'server.accounts.deleted');
    },
  );

  // A buyer starts selling (docs/accounts.md). The name it sells under shows on its listings, so the
  // public answers are dropped as after any other write.
  app.post(
    '/account/start-selling',
    {
      schema: { body: startSellingRequestSchema, ...message },
      onRequest: [signedIn, verifiedEmailOnly],
      config: namedWrite,
    },
    async (request) => {
      await startSelling(deps, callerOf(request).user, request.body);
      return answerMessage(request, 'server.accounts.canSell');
    },
  );

  app.get(
    '/account/mail-settings',
    { schema: { response: { 200: mailSettingsSchema } }, onRequest: signedIn },
    async (request) => mailSettingsOf(db, callerOf(request).user.id),
  );

  app.put(
    '/account/mail-settings',
    {
      schema: { body: updateMailSettingsRequestSchema, response: { 200: mailSettingsSchema } },
      ...ownWrite,
    },
    async (request) => updateMailSettings(db, callerOf(request).user.id, request.body),
  );

  app.post(
    '/account/unsubscribe',
    { schema: { body: linkTokenRequestSchema, response: { 200: unsubscribedSchema } }, config: privateWrite },
    async (request) => {
      const { kind, message } = await unsubscribe(db, deps.tokens, request.body.token);
      return { kind, message: answerText(request, message) };
    },
  );
});
