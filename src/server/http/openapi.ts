import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/common';

const OPENAPI_PATH = '/api/openapi.json';
const REFERENCE_PAGE_PATH = '/api/docs';

/**
 * Per-route notes for the document, in the route's `config.openapi`. A route that reads its body as multipart/form-data (which has no zod schema: the route streams
 * it) names its file field here, in its route `config`, so the document can describe that body.
 */
interface OpenApiRouteConfig {
  multipartFile?: string;
  /** The route answers the browser a page (the Google sign-in callback), refusals included, not JSON. */
  answersHtml?: boolean;
  /** The route answers a stream of server-sent events (the notification count). */
  eventStream?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    openapi?: OpenApiRouteConfig;
  }
}

const errorAnswer = {
  description: 'Refused: `{ message, code, fields? }` (see the status for why)',
  ...z.toJSONSchema(apiErrorSchema, { target: 'draft-2020-12' }),
};

const htmlPage = {
  description: 'A page for the browser',
  content: { 'text/html': { schema: { type: 'string' } } },
};

const eventStreamAnswer = (description: string) => ({
  description,
  content: { 'text/event-stream': { schema: { type: 'string' } } },
});

const DESCRIPTION = [
  'The PhoneHaat API: paths as the product spec spells them (typos included), under `/api`.',
  'Signed-in calls take the session cookie (`phonehaat_session`, from sign-up, login or Google) or',
  '`Authorization: bearer <token>` with a token from `GET /api/jwt`. Every refusal is JSON',
  '`{ message, code, fields? }` with a real status. Generated from the same zod schemas that validate',
  'the requests, so it cannot drift from what the server accepts.',
].join(' ');

/**
 * Collects every route registered after it into an OpenAPI 3.1 document built from the routes' zod
 * schemas, served at /api/openapi.json, with the Swagger UI reference page (its files come from the
 * package, so it works offline) at /api/docs. Register before the routes.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'PhoneHaat API', version: '1', description: DESCRIPTION },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          session: { type: 'apiKey', in: 'cookie', name: 'phonehaat_session' },
        },
      },
    },
    transform: (document) => {
      const { schema = {}, url } = jsonSchemaTransform(document);
      if (schema.hide) return { schema, url };
      const { multipartFile, answersHtml, eventStream } = document.route.config?.openapi ?? {};
      const refusals = answersHtml ? { '4XX': htmlPage } : { '4XX': errorAnswer };
      return {
        url,
        schema: {
          ...schema,
          ...(multipartFile ? multipartBody(multipartFile) : {}),
          response: {
            ...(answersHtml ? { 200: htmlPage } : (schema.response as object | undefined)),
            ...(eventStream ? { 200: eventStreamAnswer(eventStream) } : {}),
            ...refusals,
            '5XX': errorAnswer,
          },
        },
      };
    },
    transformObject: jsonSchemaTransformObject,
    // OpenAPI 3.1 has `const`: keep the schemas as zod wrote them.
    convertConstToEnum: false,
  });
  await app.register(swaggerUi, {
    routePrefix: REFERENCE_PAGE_PATH,
    // The UI would otherwise send the document to an online validator for its badge.
    uiConfig: { validatorUrl: null, deepLinking: true },
    staticCSP: false,
    theme: { title: 'PhoneHaat API' },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, () => app.swagger());
}

function multipartBody(field: string) {
  return {
    consumes: ['multipart/form-data'],
    body: {
      type: 'object',
      required: [field],
      properties: { [field]: { type: 'string', contentMediaType: 'application/octet-stream' } },
    },
  };
}
