import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// PLACEHOLDER: being written now; replaced before this lands.
export const uploadRoutes: FastifyPluginAsyncZod = async () => {};
