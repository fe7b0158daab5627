import { areaRoutes } from '#server/http/routes';
import { idParamsSchema } from '#shared/common';
import {
  editProductResultSchema,
  storeProductResultSchema,
  myProductActivitySchema,
  myProductSchema,
  productSchema,
  storeProductRequestSchema,
  type Product,
} from '#shared/products';
import { verifiedEmailOnly } from '#server/accounts/service';
import { adminOnly, callerOf, sellerOnly, signedIn } from '#server/auth/guards';
import { namedWrite, publicAnswer } from '#server/cache/hooks';
import { listedTags, productTags, tags } from '#server/cache/tags';
import { forbidden, notFound, orNotFound } from '#server/errors';
import { serverMessage } from '#server/i18n/texts';
import { pagedList } from '#server/http/paging';
import { writeCall } from '#server/http/writes';
import { mayAct } from '#server/moderation/sanctions';
import {
  cursorOfProduct,
  findProductDetails,
  listProducts,
  toMyProducts,
  toProducts,
  type ProductFilter,
} from './repository';
import {
  activityOf,
  advertiseProduct,
  deleteProduct,
  editProduct,
  hideProduct,
  stopAdvertising,
  storeProduct,
} from './service';

export const productRoutes = areaRoutes(async (app, deps) => {
  const { db, images } = deps;

  // The public lists: unsold products only, newest first, by page or after a cursor.
  const publicLists: Array<[path: string, filter: ProductFilter, tag: string]> = [
    ['/all/phones', {}, tags.allList],
    ['/advertised_products', { advertisedOnly: true }, tags.advertisedList],
  ];
  for (const [path, filter, tag] of publicLists) {
    const config = publicAnswer((_request, items) => [tag, ...listedTags(items)]);
    pagedList(app, path, { item: productSchema, config, cursorOf: cursorOfProduct }, async (page) => {
      const { rows, ...counts } = await listProducts(db, filter, page);
      return { items: await toProducts(db, rows, images), ...counts };
    });
  }

  // The product page serves any product, sold, hidden or advertised or not.
  app.get(
    '/addvertise/product/:id',
    {
      schema: { params: idParamsSchema, response: { 200: productSchema } },
      config: publicAnswer((_request, product) => productTags(product as Product)),
    },
    async (request) => {
      const row = await findProductDetails(db, request.params.id);
      // A listing under review is not public yet (docs/trust.md).
      if (!row || row.review_state) throw notFound('Product');
      const [product] = await toProducts(db, [row], images);
      return product;
    },
  );

  app.get(
    '/product/:id/mine',
    { schema: { params: idParamsSchema, response: { 200: myProductActivitySchema } }, onRequest: signedIn },
    async (request) => activityOf(db, callerOf(request).user.id, request.params.id),
  );

  app.post(
    '/store_products',
    {
      schema: { body: storeProductRequestSchema, response: { 201: storeProductResultSchema } },
      onRequest: [sellerOnly, verifiedEmailOnly, mayAct('list')],
      config: namedWrite,
    },
    async (request, reply) => {
      const saved = await storeProduct(deps, callerOf(request).user.id, request.body);
      const { id: insertedId, review, verificationCode } = saved;
      return reply.status(201).send({ acknowledged: true, insertedId, review, verificationCode });
    },
  );

  pagedList(
    app,
    '/products',
    { item: myProductSchema, onRequest: sellerOnly, ownEmail: true },
    async (page, request) => {
      const mine = { sellerId: callerOf(request).user.id, includeSold: true, includeHidden: true };
      const { rows, total } = await listProducts(db, mine, page);
      return { items: await toMyProducts(db, rows, images), total };
    },
  );

  // One of the seller's own listings in any state (under review included), for its edit form.
  app.get(
    '/products/:id',
    { schema: { params: idParamsSchema, response: { 200: myProductSchema } }, onRequest: sellerOnly },
    async (request) => {
      const row = orNotFound(await findProductDetails(db, request.params.id), 'Product');
      if (row.seller_id !== callerOf(request).user.id)
        throw forbidden(serverMessage('server.products.error.ownListingsOnly'));
      const [product] = await toMyProducts(db, [row], images);
      return product;
    },
  );

  const ownListing = { params: idParamsSchema, onRequest: sellerOnly, config: namedWrite };
  writeCall(app, 'PUT /advertise/product/:id', 'updated', ownListing, (request) =>
    advertiseProduct(db, callerOf(request).user.id, request.params.id),
  );
  // The seller takes a phone out of the home page's Advertised Phone section (a public list).
  writeCall(app, 'DELETE /advertise/product/:id', 'updated', ownListing, (request) =>
    stopAdvertising(db, callerOf(request).user.id, request.params.id),
  );

  app.put(
    '/edit/product/:id',
    {
      schema: { params: idParamsSchema, body: storeProductRequestSchema, response: { 200: editProductResultSchema } },
      onRequest: [sellerOnly, mayAct('list')],
      config: namedWrite,
    },
    async (request) => {
      const { params, body } = request;
      const { changed, review } = await editProduct(deps, callerOf(request).user.id, params.id, body);
      return { acknowledged: true, matchedCount: 1, modifiedCount: changed, review };
    },
  );

  writeCall(app, 'PUT /hide/product/:id', 'updated', ownListing, (request) =>
    hideProduct(deps, callerOf(request).user.id, request.params.id, true),
  );
  writeCall(app, 'PUT /show/product/:id', 'updated', ownListing, (request) =>
    hideProduct(deps, callerOf(request).user.id, request.params.id, false),
  );
  writeCall(app, 'DELETE /delete/product/:id', 'deleted', ownListing, (request) =>
    deleteProduct(deps, request.params.id, callerOf(request).user.id),
  );
  writeCall(app, 'DELETE /product/delete/:id', 'deleted', { ...ownListing, onRequest: adminOnly }, (request) =>
    deleteProduct(deps, request.params.id),
  );
});
