import type { Kysely } from 'kysely';
import { areaRoutes } from '#server/http/routes';
import { categoryInfoQuerySchema, categorySchema } from '#shared/categories';
import { idParamsSchema } from '#shared/common';
import { productSchema } from '#shared/products';
import { publicAnswer } from '#server/cache/hooks';
import { listedTags, tags } from '#server/cache/tags';
import type { Database } from '#server/db/schema';
import { orNotFound } from '#server/errors';
import { pagedList } from '#server/http/paging';
import { cursorOfProduct, listProducts, toProducts } from '#server/products/repository';
import { findCategory, listCategories, toCategory } from './repository';

async function existingCategory(db: Kysely<Database>, id: string) {
  const category = orNotFound(await findCategory(db, id), 'Category');
  return category;
}

export const categoryRoutes = areaRoutes(async (app, { db, images }) => {
  const categoriesAnswer = publicAnswer(() => [tags.categories]);
  app.get(
    '/categoires',
    { schema: { response: { 200: categorySchema.array() } }, config: categoriesAnswer },
    async () => (await listCategories(db)).map(toCategory),
  );

  app.get(
    '/categoryinfo',
    { schema: { querystring: categoryInfoQuerySchema, response: { 200: categorySchema } }, config: categoriesAnswer },
    async (request) => toCategory(await existingCategory(db, request.query.id)),
  );

  pagedList(
    app,
    '/category/:id',
    {
      item: productSchema,
      params: idParamsSchema,
      config: publicAnswer((request, items) => [
        tags.categoryList((request.params as { id: string }).id),
        tags.categories,
        ...listedTags(items),
      ]),
      cursorOf: cursorOfProduct,
    },
    async (page, request) => {
      const category = await existingCategory(db, request.params.id);
      const { rows, ...counts } = await listProducts(db, { categoryId: category.id }, page);
      return { items: await toProducts(db, rows, images), ...counts };
    },
  );
});
