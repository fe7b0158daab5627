import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '#server/db/errors';
import { codeOfStatus } from '#shared/errors';
import { AppError, errorStatus, type ErrorCode } from '#server/errors';

const DATABASE_AWAY = 'The service is briefly unavailable. Please try again in a few seconds.';

/** Fastify's own refusals met before any route runs, each as the API's code and sentence. */
const FRAMEWORK_REFUSALS: Record<string, [ErrorCode, string]> = {
  FST_ERR_BAD_URL: ['BAD_REQUEST', 'This address is not valid'],
  FST_ERR_MAX_PARAM_LENGTH: ['URI_TOO_LONG', 'This address is too long'],
};

/** Turns any thrown error into `{ message, code, fields? }` with a real status; a 500 shows nothing inside. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ message: error.message, code: error.code, fields: error.fields });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
        fields[field] ??= issue.message ?? 'This value is not valid';
      }
      const first = Object.values(fields)[0] ?? 'Please check the form';
      return reply.status(400).send({ message: first, code: 'VALIDATION_FAILED', fields });
    }
    if (isUnstorableText(error)) {
      return reply
        .status(400)
        .send({ message: 'The request holds a character that cannot be stored (U+0000)', code: 'BAD_REQUEST' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', 5).send({ message: DATABASE_AWAY, code: 'UNAVAILABLE' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // 406 (nothing acceptable to answer) reads as the media-type refusal it is.
      const code = status === 406 ? 'UNSUPPORTED_MEDIA_TYPE' : codeOfStatus(status);
      return reply.status(status).send({ message: clientMessage(error), code });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ message: `No such API call: ${request.method} ${request.url.split('?')[0]}`, code: 'NOT_FOUND' });
  });
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
export function frameworkErrorReply(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const refusal = FRAMEWORK_REFUSALS[error.code];
  if (refusal) {
    const [code, message] = refusal;
    // The caller's doing, so no error log, and not the address itself: it may be hundreds of characters.
    reply.log.info({ code: error.code }, 'refused before routing');
    reply.status(errorStatus[code]).send({ message, code });
    return;
  }
  reply.log.error({ err: error }, 'framework error');
  reply.status(500).send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
}

/** Fastify's own 4xx messages (bad JSON, wrong content type, too large) are fine to show, minus codes. */
function clientMessage(error: FastifyError): string {
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'This request must be sent as JSON';
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'The request is too large';
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'The request body is empty';
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError)
    return 'The request body is not valid JSON';
  return error.message;
}
