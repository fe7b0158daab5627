import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '#server/db/errors';
import { codeOfStatus } from '#shared/errors';
import type { ApiErrorBody } from '#shared/common';
import type { Locale } from '#shared/i18n/locales';
import { messageText, translateText } from '#shared/i18n/translate';
import { AppError, errorStatus, type ErrorCode } from '#server/errors';
import { requestLocale } from './locale';

const DATABASE_AWAY = messageText('shared.errors.unavailable');
const INTERNAL = messageText('shared.errors.internal');

/** Fastify's own refusals met before any route runs, each as the API's code and sentence. */
const FRAMEWORK_REFUSALS: Record<string, [ErrorCode, string]> = {
  FST_ERR_BAD_URL: ['BAD_REQUEST', messageText('shared.errors.badUrl')],
  FST_ERR_MAX_PARAM_LENGTH: ['URI_TOO_LONG', messageText('shared.errors.urlTooLong')],
};

/** An API message in a language: the server's areas' ids are known above this folder (#server/i18n). */
export type MessageTranslator = (locale: Locale, text: string) => string;

/**
 * The error body in the request's language (docs/i18n-server.md): a message that is a catalog id
 * is translated, with every field's; any other text goes as it is. Without a `lang` cookie or an
 * Accept-Language naming Bangla, that is the English the API has always answered.
 */
function inLanguage(
  request: Pick<FastifyRequest, 'headers'>,
  body: ApiErrorBody,
  translateMessage: MessageTranslator = translateText,
): ApiErrorBody {
  const locale = requestLocale(request);
  const fields = body.fields
    ? Object.fromEntries(Object.entries(body.fields).map(([field, text]) => [field, translateMessage(locale, text)]))
    : undefined;
  return { ...body, message: translateMessage(locale, body.message), ...(fields ? { fields } : {}) };
}

/**
 * Turns any thrown error into `{ message, code, fields? }` with a real status; a 500 shows nothing
 * inside. `translateMessage` reads the server areas' ids as well as the shared ones.
 */
export function registerErrorHandler(app: FastifyInstance, translateMessage: MessageTranslator): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send(
          inLanguage(request, { message: error.message, code: error.code, fields: error.fields }, translateMessage),
        );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
        fields[field] ??= issue.message ?? messageText('shared.errors.invalidValue');
      }
      const first = Object.values(fields)[0] ?? messageText('shared.errors.checkForm');
      return reply.status(400).send(inLanguage(request, { message: first, code: 'VALIDATION_FAILED', fields }));
    }
    if (isUnstorableText(error)) {
      return reply
        .status(400)
        .send(inLanguage(request, { message: messageText('shared.errors.unstorable'), code: 'BAD_REQUEST' }));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', 5)
        .send(inLanguage(request, { message: DATABASE_AWAY, code: 'UNAVAILABLE' }));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // 406 (nothing acceptable to answer) reads as the media-type refusal it is.
      const code = status === 406 ? 'UNSUPPORTED_MEDIA_TYPE' : codeOfStatus(status);
      return reply.status(status).send(inLanguage(request, { message: clientMessage(error), code }));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(inLanguage(request, { message: INTERNAL, code: 'INTERNAL' }));
  });

  app.setNotFoundHandler((request, reply) => {
    const call = `${request.method} ${request.url.split('?')[0]}`;
    reply
      .status(404)
      .send(inLanguage(request, { message: messageText('shared.errors.noSuchCall', { call }), code: 'NOT_FOUND' }));
  });
}

/**
 * The 503 the error handler gives while the database cannot take writes, for an answer already on
 * its way (past the handler): its status and headers are set, and its body returned.
 */
export function answerDatabaseAway(request: FastifyRequest, reply: FastifyReply): string {
  reply.status(503).header('retry-after', 5).header('content-type', 'application/json; charset=utf-8');
  return JSON.stringify(inLanguage(request, { message: DATABASE_AWAY, code: 'UNAVAILABLE' }));
}

/**
 * PostgreSQL refuses text holding U+0000 (SQLite stores it). The schemas refuse it in every field
 * they know; this catches one they miss, which is the caller's doing, not the server's.
 */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);
const isUnstorableText = (error: unknown) =>
  error instanceof Error && 'code' in error && typeof error.code === 'string' && UNSTORABLE_TEXT_CODES.has(error.code);

/**
 * Errors Fastify meets before any route runs: a URL it cannot decode (`/api/%zz`) and a path part
 * over the router's length limit are the caller's. Given as the `frameworkErrors` option, so they
 * answer in the API's own shape.
 */
export function frameworkErrorReply(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const refusal = FRAMEWORK_REFUSALS[error.code];
  if (refusal) {
    const [code, message] = refusal;
    // The caller's doing, so no error log, and not the address itself: it may be hundreds of characters.
    reply.log.info({ code: error.code }, 'refused before routing');
    reply.status(errorStatus[code]).send(inLanguage(request, { message, code }));
    return;
  }
  reply.log.error({ err: error }, 'framework error');
  reply.status(500).send(inLanguage(request, { message: INTERNAL, code: 'INTERNAL' }));
}

/** Fastify's own 4xx messages (bad JSON, wrong content type, too large) are fine to show, minus codes. */
function clientMessage(error: FastifyError): string {
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return messageText('shared.errors.notJsonType');
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return messageText('shared.errors.tooLarge');
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return messageText('shared.errors.emptyBody');
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError)
    return messageText('shared.errors.badJson');
  return error.message;
}
