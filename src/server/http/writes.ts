import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { App } from './routes';
import type { z } from 'zod';
import { deleteResultSchema, insertResultSchema, updateResultSchema } from '#shared/common';

/**
 * The spec's writes answer as its MongoDB did: what was inserted (201), or how many rows one call
 * changed or deleted (200). `matchedCount` is 1 because a call that matches nothing is a 404 first.
 */
const answers = {
  inserted: {
    status: 201,
    schema: insertResultSchema,
    of: (insertedId: string) => ({ acknowledged: true, insertedId }),
  },
  updated: {
    status: 200,
    schema: updateResultSchema,
    of: (modifiedCount: number) => ({ acknowledged: true, matchedCount: 1, modifiedCount }),
  },
  deleted: {
    status: 200,
    schema: deleteResultSchema,
    of: (deletedCount: number) => ({ acknowledged: true, deletedCount }),
  },
} as const;

type Answer = keyof typeof answers;
type Method = 'POST' | 'PUT' | 'DELETE';
/** What a write gives for its answer: the new row's id, or how many rows it changed. */
type Written<A extends Answer> = Parameters<(typeof answers)[A]['of']>[0];

interface WriteOptions<Params extends z.ZodType, Body extends z.ZodType> {
  params?: Params;
  body?: Body;
  onRequest?: onRequestAsyncHookHandler | onRequestAsyncHookHandler[];
  config?: object;
}

export type WriteRequest<Params extends z.ZodType, Body extends z.ZodType> = FastifyRequest<{
  Params: z.output<Params>;
  Body: z.output<Body>;
}>;

/**
 * A write (`route` is its method and path, `'PUT /alerts/:id'`) that answers in the spec's shape:
 * `write` makes the change and gives the inserted id (`inserted`) or the count of rows (`updated`,
 * `deleted`). The schemas go into the route as they are, so the OpenAPI document describes it as
 * any other route.
 */
export function writeCall<
  A extends Answer,
  Params extends z.ZodType = z.ZodUnknown,
  Body extends z.ZodType = z.ZodUnknown,
>(
  app: App,
  route: `${Method} /${string}`,
  answer: A,
  { params, body, onRequest, config }: WriteOptions<Params, Body>,
  write: (request: WriteRequest<Params, Body>) => Promise<Written<A>>,
): void {
  const [method, url] = route.split(' ', 2) as [Method, string];
  const { status, schema, of } = answers[answer];
  const answerOf = of as (written: Written<A>) => z.output<(typeof answers)[A]['schema']>;
  app.route({
    method,
    url,
    schema: { ...(params && { params }), ...(body && { body }), response: { [status]: schema } },
    onRequest,
    config,
    handler: async (request, reply) => {
      const written = await write(request as WriteRequest<Params, Body>);
      return reply.status(status).send(answerOf(written));
    },
  });
}
