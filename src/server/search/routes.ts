import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchQuerySchema, searchResultSchema, suggestionsQuerySchema, suggestionsSchema } from '#shared/search';
import { publicAnswer } from '#server/cache/hooks';
import { listedTags, tags } from '#server/cache/tags';
import { toProducts } from '#server/products/repository';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { search, images, db } = app.deps;

  app.get(
    '/search',
    {
      schema: { querystring: searchQuerySchema, response: { 200: searchResultSchema } },
      config: publicAnswer((_request, result) => [tags.search, ...listedTags((result as { items: unknown }).items)]),
    },
    async (request) => {
      const { rows, ...answer } = await search.search(request.query);
      const { page, limit } = request.query;
      return { ...answer, page, limit, items: await toProducts(db, rows, images) };
    },
  );

  app.get(
    '/search/suggestions',
    {
      schema: { querystring: suggestionsQuerySchema, response: { 200: suggestionsSchema } },
      config: publicAnswer(() => [tags.search]),
    },
    async (request) => ({ suggestions: await search.suggest(request.query.q) }),
  );
};
