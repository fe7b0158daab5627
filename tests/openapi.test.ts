import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from './support/app';

/*
 * The OpenAPI document is generated from the routes' own zod schemas. These tests list every route
 * the app registers (as Fastify adds it, not from a hand-written list) and hold the document to
 * them: every route is in it with the same parameters, body and answers, and nothing else is.
 */

interface Operation {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: object }>;
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}
interface Document {
  openapi: string;
  info: { title: string };
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let doc: Document;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { onRoute: (route) => void routes.push(route) });
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  doc = response.json();
});
afterAll(() => t.close());

const methodsOf = (route: RouteOptions) =>
  (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
const isHidden = (route: RouteOptions) => (route.schema as { hide?: boolean } | undefined)?.hide === true;
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const documented = () => routes.filter((r) => !isHidden(r)).flatMap((r) => methodsOf(r).map((m) => ({ route: r, m })));
const zodSchema = (route: RouteOptions, part: 'params' | 'querystring' | 'body') =>
  (route.schema as Record<string, z.ZodType> | undefined)?.[part];
const jsonOf = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _drop, ...json } = z.toJSONSchema(schema, { io, target: 'draft-2020-12' });
  return json;
};
const keysOf = (schema: z.ZodType | undefined) =>
  schema instanceof z.ZodObject ? Object.keys(schema.shape).sort() : [];

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 for the PhoneHaat API', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('PhoneHaat API');
  });

  it('has every route the app answers, and nothing it does not', () => {
    const fromRoutes = documented().map(({ route, m }) => `${m} ${openapiPath(route.url)}`);
    const fromDocument = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(fromRoutes.length).toBeGreaterThan(30);
    expect(fromRoutes).toContain('POST /api/store_products');
    expect(new Set(fromDocument)).toEqual(new Set(fromRoutes));
    expect(fromDocument.length).toBe(fromRoutes.length);
  });

  it('leaves out only its own pages and the web client files', () => {
    const hidden = routes.filter(isHidden).map((r) => r.url);
    expect(hidden).toContain('/api/openapi.json');
    const apiOrPictures = hidden.filter((url) => url.startsWith('/api') || url.startsWith('/uploads/'));
    expect(apiOrPictures.filter((url) => url !== '/api/openapi.json' && !url.startsWith('/api/docs'))).toEqual([]);
  });

  it("gives each operation its route's path and query parameters", () => {
    for (const { route, m } of documented()) {
      const operation = doc.paths[openapiPath(route.url)]![m.toLowerCase()]!;
      const named = (where: string) =>
        (operation.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => p.name)
          .sort();
      const inUrl = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!).sort();
      expect(named('path'), `${m} ${route.url}`).toEqual(inUrl);
      if (zodSchema(route, 'params')) expect(keysOf(zodSchema(route, 'params'))).toEqual(inUrl);
      expect(named('query'), `${m} ${route.url}`).toEqual(keysOf(zodSchema(route, 'querystring')));
    }
  });

  it("gives each operation its route's body schema, and no body where the route reads none", () => {
    let bodies = 0;
    for (const { route, m } of documented()) {
      const operation = doc.paths[openapiPath(route.url)]![m.toLowerCase()]!;
      const body = zodSchema(route, 'body');
      const multipartFile = route.config?.openapi?.multipartFile;
      if (body) {
        bodies++;
        expect(Object.keys(operation.requestBody!.content), route.url).toEqual(['application/json']);
        expect(operation.requestBody!.content['application/json']!.schema, route.url).toEqual(jsonOf(body, 'input'));
      } else if (multipartFile) {
        const schema = operation.requestBody!.content['multipart/form-data']!.schema;
        expect(schema).toMatchObject({ required: [multipartFile] });
      } else {
        expect(operation.requestBody, `${m} ${route.url}`).toBeUndefined();
      }
    }
    expect(bodies).toBeGreaterThan(5);
  });

  it("gives each operation its route's answers, and the shape of its refusals", () => {
    for (const { route, m } of documented()) {
      const operation = doc.paths[openapiPath(route.url)]![m.toLowerCase()]!;
      const answers = (route.schema as { response?: Record<string, z.ZodType> } | undefined)?.response ?? {};
      for (const [status, schema] of Object.entries(answers)) {
        expect(
          operation.responses[status]?.content?.['application/json']?.schema,
          `${m} ${route.url} ${status}`,
        ).toEqual(jsonOf(schema, 'output'));
      }
      // Refusals are the JSON error shape, except on the few routes that answer the browser a page.
      const refusal = route.config?.openapi?.answersHtml ? 'text/html' : 'application/json';
      expect(Object.keys(operation.responses['4XX']?.content ?? {}), `${m} ${route.url}`).toEqual([refusal]);
      expect(operation.responses['5XX']?.content?.['application/json']?.schema).toMatchObject({
        required: ['message', 'code'],
      });
    }
  });
});

describe('the reference page', () => {
  it('opens at /api/docs and uses only files this server serves, so it works offline', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>PhoneHaat API</title>');

    const references = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(references.length).toBeGreaterThan(2);
    expect(references.filter((ref) => /^(https?:)?\/\//.test(ref))).toEqual([]);
    for (const ref of references) {
      const file = await t.app.inject({ method: 'GET', url: new URL(ref, 'http://x/api/docs/').pathname });
      expect(file.statusCode, ref).toBe(200);
    }

    const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain('"validatorUrl":null');
    const served = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(served.json()).toEqual(doc);
  });
});
