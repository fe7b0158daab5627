import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import type { FastifyInstance } from 'fastify';
import { matchRoutes, type RouteObject } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metaOfMatches } from '#client/pageMeta';
import { appRoutes } from '#client/routes';
import { pathInLocale } from '#shared/i18n/addresses';
import { LOCALES, type Locale } from '#shared/i18n/locales';
import { translate } from '#shared/i18n/translate';
import type { MetaLanguage } from '#shared/page-meta';
import { paths } from '#shared/paths';
import { publicPageNames, publicPages, type PublicPage, type PublicPageName } from '#shared/public-pages';
import { clientServer } from './support/client-server';

const languageOf = (locale: Locale): MetaLanguage => ({ locale, text: (id, values) => translate(locale, id, values) });

/*
 * A public page is one entry of src/shared/public-pages.ts: the client mounts exactly those pages at
 * each of their addresses with the entry's title, and the server renders exactly those marked
 * `rendered`, naming their code and reads. A page added in one place only fails here.
 */

const ROOT = join(import.meta.dirname, '..');
const SAMPLE_ID = '6b022f593c5723dcc9963d89';
const sampleAddress = (name: PublicPageName) => publicPages[name].path.replace(':id', SAMPLE_ID);
/** A page's addresses: the spec's, then the one in each language. */
const addressesOf = (path: string) => [path, ...LOCALES.map((locale) => pathInLocale(locale, path))];

/** The public routes the client mounts at the top and under a language, as patterns at the spec's addresses. */
function mountedPublicPaths(routes: RouteObject[]): { top: string[]; byLanguage: Map<string, string[]> } {
  const shell = routes[0]!.children!;
  const layout = shell.find((route) => route.path === undefined)!;
  const screens = layout.children![0]!.children!;
  const top: string[] = [];
  const byLanguage = new Map<string, string[]>();
  for (const route of screens) {
    if (route.path === paths.dashboard) continue;
    const language = LOCALES.find((locale) => route.path === `/${locale}`);
    if (language) {
      byLanguage.set(
        language,
        (route.children ?? []).map((child) => (child.index ? '/' : `/${child.path ?? ''}`)),
      );
    } else top.push(route.index ? '/' : (route.path ?? ''));
  }
  return { top, byLanguage };
}

describe('the public pages, written once', () => {
  const queryClient = new QueryClient();
  const routes = appRoutes(queryClient);
  const tablePaths = publicPageNames.map((name) => publicPages[name].path);

  it('are the client’s public routes, at the spec’s addresses and under each language, and no others', () => {
    const { top, byLanguage } = mountedPublicPaths(routes);
    expect(top.sort()).toEqual([...tablePaths].sort());
    expect([...byLanguage.keys()].sort()).toEqual([...LOCALES].sort());
    for (const [language, mounted] of byLanguage) expect(mounted.sort(), language).toEqual([...tablePaths].sort());
  });

  it('name at most one id in their addresses', () => {
    for (const path of tablePaths) expect(path.match(/:\w+/g)?.filter((param) => param !== ':id') ?? []).toEqual([]);
  });

  it('take their title from the table at every address, as the browser and the renderer read it', () => {
    for (const name of publicPageNames) {
      for (const address of addressesOf(sampleAddress(name))) {
        const url = new URL(`${address}?q=galaxy`, 'http://phonehaat.invalid');
        const matches = (matchRoutes(routes, url.pathname) ?? []).map((match) => ({
          handle: match.route.handle,
          params: match.params,
        }));
        for (const locale of LOCALES) {
          const page = publicPages[name] as PublicPage<unknown>;
          const language = languageOf(locale);
          const expected = page.meta({ language, id: name === 'home' ? '' : SAMPLE_ID, url, data: undefined });
          expect(metaOfMatches(matches, queryClient, url, language), `${address} ${locale}`).toEqual(expected);
        }
      }
    }
  });

  it('name the screen module their hints name, which the client’s route loads', () => {
    const routesSource = readFileSync(join(ROOT, 'src/client/routes.tsx'), 'utf8');
    for (const name of publicPageNames) {
      const module = publicPages[name].rendered?.module;
      if (!module) continue;
      expect(existsSync(join(ROOT, module)), module).toBe(true);
      expect(routesSource, name).toContain(
        `import('#client/${module.replace(/^src\/client\//, '').replace(/\.tsx?$/, '')}')`,
      );
    }
  });
});

describe('the server, for each public page', () => {
  let dir: string;
  let app: FastifyInstance;
  const renderedNames = publicPageNames.filter((name) => publicPages[name].rendered);
  const manifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true },
    ...Object.fromEntries(
      renderedNames.flatMap((name) => {
        const module = publicPages[name].rendered?.module;
        return module ? [[module, { file: `assets/${name}-1.js` }]] : [];
      }),
    ),
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'phonehaat-pages-'));
    await mkdir(join(dir, 'client/.vite'), { recursive: true });
    await mkdir(join(dir, 'ssr'));
    await writeFile(
      join(dir, 'client/index.html'),
      '<!doctype html><html lang="en"><head><title>x</title></head><body><div id="root"></div></body></html>',
    );
    await writeFile(join(dir, 'client/.vite/manifest.json'), JSON.stringify(manifest));
    // A stand-in renderer: it renders whatever it is asked to, so what is rendered is the server's choice.
    await writeFile(
      join(dir, 'ssr/entry-test.js'),
      `export const pageRenderer = () => ({
        render: async (url) => ({ root: 'rendered ' + url.pathname, state: '', catalog: '', meta: undefined }),
        metaOf: () => undefined,
      });\n`,
    );
    app = await clientServer(join(dir, 'client'));
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  const page = async (url: string, cookie = 'lang=en') => {
    const response = await app.inject({ url, headers: { accept: 'text/html', cookie } });
    expect(response.statusCode, url).toBe(200);
    return response.body;
  };

  it('renders the pages marked rendered, at every address, with their code; the browser renders the rest', async () => {
    for (const name of publicPageNames) {
      const { rendered } = publicPages[name];
      for (const address of addressesOf(sampleAddress(name))) {
        const body = await page(address);
        expect(body.includes(`<div id="root">rendered `), address).toBe(rendered !== undefined);
        if (rendered?.module) expect(body, address).toContain(`"/assets/${name}-1.js"`);
      }
    }
  });

  it('names the reads and code of a rendered page the browser renders, and nothing for the others', async () => {
    for (const name of publicPageNames) {
      const { rendered } = publicPages[name];
      const address = sampleAddress(name);
      // The test-only pseudo-locale is always rendered by the browser.
      const head = (await page(address, 'i18n-pseudo=1')).split('</head>')[0]!;
      if (!rendered) {
        expect(head, address).not.toContain('<link');
        continue;
      }
      for (const read of rendered.reads(name === 'home' ? '' : SAMPLE_ID, false)) {
        expect(head, address).toContain(
          `<link rel="preload" as="fetch" crossorigin href="/api${read.replace(/&/g, '&amp;')}">`,
        );
      }
      if (rendered.module) expect(head, address).toContain(`href="/assets/${name}-1.js"`);
    }
  });
});
