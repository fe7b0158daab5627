import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailQuerySchema, pageQuerySchema, type PageQuery } from '../../shared/common';
import { assertOwnEmail, callerOf } from '../auth/guards';

/**
 * Lists stay the plain arrays the spec's client reads; the total and the next page travel in
 * `X-Total-Count` and a `Link: <...>; rel="next"` header.
 */
function sendPage<T>(request: FastifyRequest, reply: FastifyReply, page: PageQuery, items: T[], total: number): T[] {
  reply.header('x-total-count', String(total));
  if (page.page * page.limit < total) {
    const url = new URL(request.url, 'http://placeholder');
    url.searchParams.set('page', String(page.page + 1));
    url.searchParams.set('limit', String(page.limit));
    reply.header('link', `<${url.pathname}${url.search}>; rel="next"`);
  }
  return items;
}

type App = Parameters<FastifyPluginAsyncZod>[0];
const noParams = z.object({});

interface PagedListOptions<Item extends z.ZodType, Params extends z.ZodObject> {
  /** One element of the answer's array. */
  item: Item;
  params?: Params;
  onRequest?: onRequestAsyncHookHandler | onRequestAsyncHookHandler[];
  config?: object;
  /**
   * The caller's own list, which the spec's client names by `?email=`: another account's email
   * is a 403, none at all is the caller's own.
   */
  ownEmail?: boolean;
}

/**
 * A GET that answers one page (`?page=&limit=`) of a list: `read` gives that page's items and
 * how many there are in all, which go out as the paging headers.
 */
export function pagedList<Item extends z.ZodType, Params extends z.ZodObject = typeof noParams>(
  app: App,
  path: string,
  { item, params, onRequest, config, ownEmail = false }: PagedListOptions<Item, Params>,
  read: (
    page: PageQuery,
    request: FastifyRequest<{ Params: z.output<Params> }>,
  ) => Promise<{ items: z.output<Item>[]; total: number }>,
): void {
  const querystring = ownEmail ? emailQuerySchema.extend(pageQuerySchema.shape) : pageQuerySchema;
  app.get(
    path,
    { schema: { params: params ?? noParams, querystring, response: { 200: z.array(item) } }, onRequest, config },
    async (request, reply) => {
      const { page, limit } = request.query;
      if (ownEmail) assertOwnEmail(callerOf(request), (request.query as { email?: string }).email);
      const { items, total } = await read({ page, limit }, request as FastifyRequest<{ Params: z.output<Params> }>);
      return sendPage(request, reply, { page, limit }, items, total);
    },
  );
}
