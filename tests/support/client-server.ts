import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerClient } from '#server/pages/client';

/** A bare app serving the web client built in `clientDir` (not yet ready: a test may add to it). */
export async function clientServer(clientDir: string): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  // The real app reads cookies (the language, a writer's marker) before any page.
  await app.register(cookie);
  await registerClient(app, { clientDir, publicUrl: 'http://127.0.0.1:3000' });
  return app;
}
