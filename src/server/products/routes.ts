import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deleteResultSchema,
  emailQuerySchema,
  idParamsSchema,
  insertResultSchema,
  pageQuerySchema,
  updateResultSchema,
} from '../../shared/common';
import {
  myProductActivitySchema,
  myProductSchema,
  productSchema,
  storeProductRequestSchema,
} from '../../shared/products';
import { verifiedEmailOnly } from '../accounts/service';
import { assertOwnEmail, callerOf, requireRole, signedIn } from '../auth/guards';
import { publicAnswer } from '../cache/hooks';
import { isId } from '../db/ids';
import { notFound } from '../errors';
import { sendPage } from '../http/paging';
import { findProductDetails, listProducts, toMyProducts, toProducts, type ProductFilter } from './repository';
import { activityOf, advertiseProduct, deleteProduct, editProduct, hideProduct, storeProduct } from './service';

const sellerOnly = requireRole('seller');
const adminOnly = requireRole('admin');

const pagedProducts = { querystring: pageQuerySchema, response: { 200: productSchema.array() } };

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, images, config } = app.deps;

  // The public lists: unsold products only, newest first.
  const publicLists: Array<[path: string, filter: ProductFilter]> = [
    ['/all/phones', {}],
    ['/advertised_products', { advertisedOnly: true }],
  ];
  for (const [path, filter] of publicLists) {
    app.get(path, { schema: pagedProducts, config: publicAnswer }, async (request, reply) => {
      const { rows, total } = await listProducts(db, filter, request.query);
      return sendPage(request, reply, request.query, await toProducts(db, rows, images), total);
    });
  }

  // The product page serves any product, sold, hidden or advertised or not.
  app.get(
    '/addvertise/product/:id',
    { schema: { params: idParamsSchema, response: { 200: productSchema } }, config: publicAnswer },
    async (request) => {
      const row = isId(request.params.id) ? await findProductDetails(db, request.params.id) : undefined;
      if (!row) throw notFound('Product');
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
      schema: { body: storeProductRequestSchema, response: { 201: insertResultSchema } },
      onRequest: [sellerOnly, verifiedEmailOnly],
    },
    async (request, reply) => {
      const insertedId = await storeProduct(db, config, callerOf(request).user.id, request.body);
      return reply.status(201).send({ acknowledged: true, insertedId });
    },
  );

  app.get(
    '/products',
    {
      schema: {
        querystring: emailQuerySchema.extend(pageQuerySchema.shape),
        response: { 200: myProductSchema.array() },
      },
      onRequest: sellerOnly,
    },
    async (request, reply) => {
      const caller = callerOf(request);
      assertOwnEmail(caller, request.query.email);
      const { page, limit } = request.query;
      const { rows, total } = await listProducts(
        db,
        { sellerId: caller.user.id, includeSold: true, includeHidden: true },
        { page, limit },
      );
      return sendPage(request, reply, { page, limit }, await toMyProducts(db, rows, images), total);
    },
  );

  app.put(
    '/advertise/product/:id',
    { schema: { params: idParamsSchema, response: { 200: updateResultSchema } }, onRequest: sellerOnly },
    async (request) => {
      const modifiedCount = await advertiseProduct(db, callerOf(request).user.id, request.params.id);
      return { acknowledged: true, matchedCount: 1, modifiedCount };
    },
  );

  app.put(
    '/edit/product/:id',
    {
      schema: { params: idParamsSchema, body: storeProductRequestSchema, response: { 200: updateResultSchema } },
      onRequest: sellerOnly,
    },
    async (request) => {
      const { params, body } = request;
      const modifiedCount = await editProduct(db, config, callerOf(request).user.id, params.id, body);
      return { acknowledged: true, matchedCount: 1, modifiedCount };
    },
  );

  for (const [path, hidden] of [
    ['/hide/product/:id', true],
    ['/show/product/:id', false],
  ] as const) {
    app.put(
      path,
      { schema: { params: idParamsSchema, response: { 200: updateResultSchema } }, onRequest: sellerOnly },
      async (request) => {
        const modifiedCount = await hideProduct(app.deps, callerOf(request).user.id, request.params.id, hidden);
        return { acknowledged: true, matchedCount: 1, modifiedCount };
      },
    );
  }

  app.delete(
    '/delete/product/:id',
    { schema: { params: idParamsSchema, response: { 200: deleteResultSchema } }, onRequest: sellerOnly },
    async (request) => ({
      acknowledged: true,
      deletedCount: await deleteProduct(app.deps, request.params.id, callerOf(request).user.id),
    }),
  );

  app.delete(
    '/product/delete/:id',
    { schema: { params: idParamsSchema, response: { 200: deleteResultSchema } }, onRequest: adminOnly },
    async (request) => ({
      acknowledged: true,
      deletedCount: await deleteProduct(app.deps, request.params.id),
    }),
  );
};
