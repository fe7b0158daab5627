import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PageQuery } from '../../shared/common';

/**
 * Lists stay the plain arrays the spec's client reads; the total and the next page travel in
 * `X-Total-Count` and a `Link: <...>; rel="next"` header.
 */
export function sendPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  page: PageQuery,
  items: T[],
  total: number,
): T[] {
  reply.header('x-total-count', String(total));
  if (page.page * page.limit < total) {
    const url = new URL(request.url, 'http://placeholder');
    url.searchParams.set('page', String(page.page + 1));
    url.searchParams.set('limit', String(page.limit));
    reply.header('link', `<${url.pathname}${url.search}>; rel="next"`);
  }
  return items;
}
