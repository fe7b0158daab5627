import { areaRoutes } from '#server/http/routes';
import { roleCheckSchemas } from '#shared/auth';
import {
  emailParamsSchema,
  emailQuerySchema,
  idParamsSchema,
  insertResultSchema,
  updateResultSchema,
} from '#shared/common';
import { addUserRequestSchema, sellerVerifyCheckSchema, userSchema } from '#shared/users';
import { adminOnly, assertOwnEmail, callerOf, identify, isOwnEmail, signedIn } from '#server/auth/guards';
import { notFound } from '#server/errors';
import { pagedList } from '#server/http/paging';
import { writeCall } from '#server/http/writes';
import { findUserByEmail, listUsersByRole } from './repository';
import { saveProfile } from './profile';
import { deleteUserWithRole, verifySeller } from './service';
import { namedWrite } from '#server/cache/hooks';

export const userRoutes = areaRoutes(async (app, deps) => {
  app.post(
    '/addUser',
    {
      schema: { body: addUserRequestSchema, response: { 200: insertResultSchema } },
      onRequest: signedIn,
      config: namedWrite,
    },
    async (request) => {
      const { user } = callerOf(request);
      assertOwnEmail(callerOf(request), request.body.email);
      const { name, photoURL, role } = request.body;
      await saveProfile(deps, user, { name, photoURL, role });
      return { acknowledged: true, insertedId: user.id };
    },
  );

  // Each role check answers true only for the caller's own email; anything else reads false. Every
  // account but the admin's can buy, so a seller is a buyer too (and the spec's client shows My orders).
  const hasRole = { admin: ['admin'], seller: ['seller'], buyer: ['buyer', 'seller'] } as const;
  for (const role of ['admin', 'seller', 'buyer'] as const) {
    const key = `is${role[0]!.toUpperCase()}${role.slice(1)}` as 'isAdmin' | 'isSeller' | 'isBuyer';
    app.get(
      `/${role}/:email`,
      { schema: { params: emailParamsSchema, response: { 200: roleCheckSchemas[role] } } },
      async (request) => {
        const caller = await identify(request);
        const own = caller !== null && isOwnEmail(caller.user, request.params.email);
        const roles: readonly string[] = hasRole[role];
        return { [key]: own && roles.includes(caller?.user.role ?? '') } as Record<typeof key, boolean>;
      },
    );
  }

  app.get(
    '/checkSellerVerify',
    { schema: { querystring: emailQuerySchema, response: { 200: sellerVerifyCheckSchema } } },
    async (request) => {
      const user = await findUserByEmail(deps.db, request.query.email.trim());
      return { verified: user?.role === 'seller' && user.is_verified };
    },
  );

  const anAccount = { params: idParamsSchema, onRequest: adminOnly, config: namedWrite };
  for (const role of ['buyer', 'seller'] as const) {
    pagedList(app, `/${role}s`, { item: userSchema, onRequest: adminOnly }, (page) =>
      listUsersByRole(deps.db, role, page),
    );

    writeCall(app, `DELETE /${role}s/:id`, 'deleted', anAccount, async (request) => {
      const deletedCount = await deleteUserWithRole(deps, request.params.id, role, request.log);
      if (!deletedCount) throw notFound(role === 'buyer' ? 'Buyer' : 'Seller');
      return deletedCount;
    });
  }

  app.put(
    '/verify_seller',
    {
      schema: { querystring: emailQuerySchema, response: { 200: updateResultSchema } },
      onRequest: adminOnly,
      config: namedWrite,
    },
    async (request) => {
      const seller = await findUserByEmail(deps.db, request.query.email.trim());
      if (seller?.role !== 'seller') throw notFound('Seller');
      return { acknowledged: true, matchedCount: 1, modifiedCount: await verifySeller(deps, seller) };
    },
  );
});
