import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiParamsOf } from '#client/search/searchState';
import { registerClient } from '#server/pages/client';
import { publicReads } from '#shared/page-reads';
import { clientServer } from './support/client-server';

const INDEX = '<!doctype html><div id="root"></div>';
const ASSET = 'assets/index-abc123.js';

describe('serving the built web client', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'phonehaat-client-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), INDEX);
    await writeFile(join(dir, ASSET), 'console.log(1)');
    await writeFile(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = Fastify();
    // The real app reads cookies (the language, a writer's marker) before any page.
    await app.register(cookie);
    app.setNotFoundHandler((_request, reply) =>
      reply.status(404).send({ message: 'No such API call', code: 'NOT_FOUND' }),
    );
    await registerClient(app, { clientDir: dir, publicUrl: 'http://127.0.0.1:3000' });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  const page = (url: string) => app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });

  it('answers client routes with index.html, never cached', async () => {
    for (const url of ['/', '/productId/6b022f593c5723dcc9963d89', '/dashboard/myorders?x=1']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(INDEX);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for good and public files not at all', async () => {
    const asset = await app.inject({ url: `/${ASSET}` });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await app.inject({ url: '/favicon.svg' });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('no-cache');
  });

  it('leaves unknown API paths, pictures and non-page requests to the JSON 404', async () => {
    for (const response of [
      await page('/api/no/such/call'),
      await page('/uploads/missing.webp'),
      await app.inject({ url: '/somewhere' }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('asks the browser to reload while a rebuild has removed index.html', async () => {
    await rename(join(dir, 'index.html'), join(dir, 'index.html.moved'));
    try {
      const response = await page('/productId/6b022f593c5723dcc9963d89');
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('2');
      expect(response.body).toContain('PhoneHaat is being updated');
    } finally {
      await rename(join(dir, 'index.html.moved'), join(dir, 'index.html'));
    }
    expect((await page('/')).statusCode).toBe(200);
  });

  it('serves nothing outside the build folder', async () => {
    const response = await app.inject({ url: '/assets/../../etc/passwd' });
    expect(response.statusCode).not.toBe(200);
  });
});

describe("each public page's hints in the page sent", () => {
  let dir: string;
  let app: FastifyInstance;
  const HEAD_INDEX = '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>';
  const manifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'] },
    '_react.js': { file: 'assets/react-1.js' },
    '_zod.js': { file: 'assets/zod-1.js' },
    'src/client/accounts/LoginPage.tsx': { file: 'assets/LoginPage-1.js', imports: ['_react.js', '_zod.js'] },
    'src/client/catalog/CategoryPage.tsx': { file: 'assets/CategoryPage-1.js', imports: ['_react.js'] },
    'src/client/catalog/ProductPage.tsx': { file: 'assets/ProductPage-1.js' },
    'src/client/catalog/PhoneCarousel.tsx': {
      file: 'assets/PhoneCarousel-1.js',
      css: ['assets/PhoneCarousel-1.css'],
    },
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'phonehaat-client-'));
    await mkdir(join(dir, '.vite'), { recursive: true });
    await writeFile(join(dir, 'index.html'), HEAD_INDEX);
    await writeFile(join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
    app = await clientServer(dir);
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  const head = async (url: string) => {
    const response = await app.inject({ url, headers: { accept: 'text/html' } });
    expect(response.statusCode, url).toBe(200);
    return response.body.slice(0, response.body.indexOf('</head>'));
  };

  it("names the page's chunks not already in the entry, and the API reads of its first screen", async () => {
    const login = await head('/login');
    expect(login).toContain('<link rel="modulepreload" crossorigin href="/assets/LoginPage-1.js">');
    expect(login).toContain('<link rel="modulepreload" crossorigin href="/assets/zod-1.js">');
    expect(login).not.toContain('react-1.js');

    const home = await head('/');
    for (const read of [publicReads.categories, publicReads.bannerPhones, publicReads.advertised]) {
      expect(home).toContain(`<link rel="preload" as="fetch" crossorigin href="/api${read}">`);
    }
    // The banner's carousel loads later (Banner.tsx): it is not named.
    expect(home).not.toContain('PhoneCarousel');

    const id = '6b022f593c5723dcc9963d89';
    expect(await head(`/productId/${id}`)).toContain(`href="/api/addvertise/product/${id}"`);
    const category = await head(`/category/${id}`);
    expect(category).toContain(`href="/api/categoryinfo?id=${id}"`);
    expect(category).toContain(`href="/api${publicReads.categoryPhones(id).replace(/&/g, '&amp;')}"`);
    // With filters in its URL, a category asks for other results: only its code is named.
    expect(await head(`/category/${id}?brand=Apple`)).not.toContain('/api/');
  });

  it("asks for a category's phones exactly as its page does", () => {
    const id = '6b022f593c5723dcc9963d89';
    expect(publicReads.categoryPhones(id)).toBe(`/search?${apiParamsOf(new URLSearchParams(), { category: id })}`);
  });

  it('leaves other pages as they are', async () => {
    expect(await head('/dashboard/myorders')).toBe(HEAD_INDEX.slice(0, HEAD_INDEX.indexOf('</head>')));
    expect(await head('/blog')).not.toContain('<link');
  });
});

describe('a page renderer that cannot load', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'phonehaat-build-'));
    await mkdir(join(dir, 'client'));
    await mkdir(join(dir, 'ssr'));
    await writeFile(join(dir, 'client/index.html'), INDEX);
    await writeFile(join(dir, 'ssr/entry-broken.js'), 'throw new Error("built for another runtime");\n');
    app = await clientServer(join(dir, 'client'));
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('leaves every page to the browser instead of failing it', async () => {
    for (const url of ['/', '/login', '/productId/6b022f593c5723dcc9963d89', '/dashboard']) {
      const response = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX);
    }
  });
});
