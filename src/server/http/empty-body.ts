import type { FastifyInstance } from 'fastify';
import { messageText } from '#shared/i18n/translate';
import { AppError } from '#server/errors';

/**
 * The spec's client sends `content-type: application/json` with no body on calls that take none
 * (PUT /verify_seller). An empty JSON body is therefore read as no body at all; a call that does
 * take a body then says it is missing, and one that takes none simply runs, whatever its method.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every field of the body is optional, so the body itself may be left out. */
    optionalBody?: boolean;
  }
}

/** Route config of a call whose body holds only optional fields. */
export const optionalBody = { optionalBody: true };

export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined);
    // Fastify's own parser answers through `done`; it returns nothing to wait for.
    else void parseJson(request, body as string, done);
  });
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined || !request.routeOptions.schema?.body) return;
    // A body of optional fields only (a reason to decline) may be left out: it reads as `{}`.
    if (request.routeOptions.config.optionalBody) request.body = {};
    else throw new AppError('BAD_REQUEST', messageText('shared.errors.emptyBody'));
  });
}
