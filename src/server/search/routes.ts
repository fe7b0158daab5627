import { areaRoutes } from '#server/http/routes';
import {
  searchQuerySchema,
  searchResultSchema,
  suggestionsQuerySchema,
  suggestionsSchema,
  type SearchQuery,
  type SearchResult,
} from '#shared/search';
import { publicAnswer } from '#server/cache/hooks';
import { listedTags } from '#server/cache/tags';
import { toProducts } from '#server/products/repository';
import { searchAnswerTags, suggestionTags } from './answer-tags';

export const searchRoutes = areaRoutes(async (app, { search, images, db }) => {
  app.get(
    '/search',
    {
      schema: { querystring: searchQuerySchema, response: { 200: searchResultSchema } },
      config: publicAnswer((request, result) => [
        ...searchAnswerTags(request.query as SearchQuery, result as SearchResult),
        ...listedTags((result as SearchResult).items),
      ]),
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
      config: publicAnswer(suggestionTags),
    },
    async (request) => ({ suggestions: await search.suggest(request.query.q) }),
  );
});
