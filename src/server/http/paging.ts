import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { App } from './routes';
import { z } from 'zod';
import {
  emailQuerySchema,
  encodeListCursor,
  keysetPageQuerySchema,
  pageQuerySchema,
  type KeysetPageQuery,
  type ListCursor,
} from '#shared/common';
import { assertOwnEmail, callerOf } from './caller';
import { messageText } from '#shared/i18n/translate';
import { AppError } from '#server/errors';

/** What a list's `read` answers: a page of items, how many there are in all, and whether more follow. */
export interface ReadPage<T> {
  items: T[];
  total: number;
  /** Given by a read after a cursor, which cannot tell from the total; a numbered page can. */
  more?: boolean;
}

/**
 * Lists stay the plain arrays the spec's client reads; the total and the next page travel in
 * `X-Total-Count` and a `Link: <...>; rel="next"` header. On a keyset list the next page's link
 * names the last item (`after=`) instead of a page number, so a client following it never makes
 * the database skip rows.
 */
function sendPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  page: KeysetPageQuery,
  { items, total, more = page.page * page.limit < total }: ReadPage<T>,
  cursorOf: ((item: T) => ListCursor) | undefined,
): T[] {
  reply.header('x-total-count', String(total));
  const last = items.at(-1);
  if (more && last !== undefined) {
    const url = new URL(request.url, 'http://placeholder');
    if (cursorOf) {
      url.searchParams.delete('page');
      url.searchParams.set('after', encodeListCursor(cursorOf(last)));
    } else {
      url.searchParams.set('page', String(page.page + 1));
    }
    url.searchParams.set('limit', String(page.limit));
    reply.header('link', `<${url.pathname}${url.search}>; rel="next"`);
  }
  return items;
}

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
  /**
   * A keyset list: `?after=` (a cursor of `keysetPageQuerySchema`) reads on from the item it names,
   * and the next page's link carries the cursor of the page's last item, made by this function.
   */
  cursorOf?: (item: z.output<Item>) => ListCursor;
}

/**
 * A GET that answers one page (`?page=&limit=`, or `?after=&limit=` on a keyset list) of a list:
 * `read` gives that page's items and how many there are in all, which go out as the paging headers.
 */
export function pagedList<Item extends z.ZodType, Params extends z.ZodObject = typeof noParams>(
  app: App,
  path: string,
  { item, params, onRequest, config, ownEmail = false, cursorOf }: PagedListOptions<Item, Params>,
  read: (
    page: KeysetPageQuery,
    request: FastifyRequest<{ Params: z.output<Params> }>,
  ) => Promise<ReadPage<z.output<Item>>>,
): void {
  const pages = cursorOf ? keysetPageQuerySchema : pageQuerySchema;
  const querystring = ownEmail ? emailQuerySchema.extend(pages.shape) : pages;
  app.get(
    path,
    { schema: { params: params ?? noParams, querystring, response: { 200: z.array(item) } }, onRequest, config },
    async (request, reply) => {
      const { page, limit, after } = request.query as KeysetPageQuery;
      if (after && new URL(request.url, 'http://placeholder').searchParams.has('page')) {
        const bothGiven = messageText('shared.errors.pageOrAfter');
        throw new AppError('VALIDATION_FAILED', bothGiven, { after: bothGiven });
      }
      if (ownEmail) assertOwnEmail(callerOf(request), (request.query as { email?: string }).email);
      const asked = { page, limit, ...(after ? { after } : {}) };
      const answer = await read(asked, request as FastifyRequest<{ Params: z.output<Params> }>);
      return sendPage(request, reply, asked, answer, cursorOf);
    },
  );
}
