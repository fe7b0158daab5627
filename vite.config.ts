import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { parse } from '@formatjs/icu-messageformat-parser';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { aliases } from './aliases';
// A relative import: this file is loaded before its aliases exist.
// eslint-disable-next-line house/alias-across-areas
import { appManifest } from './src/client/app/manifest';
// eslint-disable-next-line house/alias-across-areas
import { LOCALES } from './src/shared/i18n/locales';

const API_SERVER = process.env.API_SERVER ?? 'http://127.0.0.1:3000';
const OUT_DIR = 'dist/client';
/** The server's page renderer (src/client/render/entry.tsx), built next to the client it renders for. */
const RENDER_OUT_DIR = 'dist/ssr';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes .br and .gz copies of the text assets next to them; the server hands those out as they are
 * (@fastify/static preCompressed), so nothing is compressed per request.
 */
function precompress(): Plugin {
  return {
    name: 'phonehaat-precompress',
    // The browser's files only: the server reads its renderer from disk.
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    async writeBundle(_options, bundle) {
      const texts = Object.keys(bundle).filter((name) => /\.(js|css|svg|json)$/.test(name));
      await Promise.all(
        texts.map(async (name) => {
          const path = join(OUT_DIR, name);
          const source = await readFile(path);
          if (source.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
            }),
            gzipAsync(source, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

/** A catalog file: `locales/<locale>.json` beside an area (docs/i18n.md). */
const CATALOG_FILE = /[\\/]locales[\\/][a-z]{2}\.json$/;

/**
 * The built app's catalogs as ICU syntax trees, parsed here once: the browser then formats them with
 * react-intl's formatter alone, without the ICU parser (8 KB gzipped of every page's JavaScript).
 * `npm run dev`, the tests and the server keep the messages as text, which react-intl parses.
 */
function precompiledMessages(): Plugin {
  return {
    name: 'phonehaat-precompiled-messages',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      if (!CATALOG_FILE.test(id)) return null;
      return { code: `export default ${JSON.stringify(await parsedCatalog(id))};`, moduleType: 'js' };
    },
  };
}

/** Parses a catalog file's messages into ICU syntax trees. */
async function parsedCatalog(file: string): Promise<Record<string, unknown>> {
  const messages = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
  return Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text)]));
}

/**
 * Each language's whole catalog as a file of its own, `assets/catalog.<locale>-<hash>.json` (parsed
 * as precompiledMessages parses them): a page the server rendered carries only the messages its
 * render used and fetches this once it runs (docs/i18n.md). JSON, not a chunk: it is data, and it
 * stays out of the page's JavaScript. The same files as catalog.<locale>.ts gathers.
 */
function catalogFiles(): Plugin {
  return {
    name: 'phonehaat-catalog-files',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    async generateBundle() {
      const areas = await readdir('src/client', { withFileTypes: true });
      for (const locale of LOCALES) {
        const files = [
          ...areas.filter((area) => area.isDirectory()).map((area) => join('src/client', area.name, 'locales')),
          'src/shared/locales',
        ].map((folder) => join(folder, `${locale}.json`));
        const catalog = {};
        for (const file of files) {
          try {
            Object.assign(catalog, await parsedCatalog(file));
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
          }
        }
        this.emitFile({ type: 'asset', name: `catalog.${locale}.json`, source: JSON.stringify(catalog) });
      }
    },
  };
}

/** The browser's build formats precompiled messages only (precompiledMessages), so it leaves the parser out. */
const withoutMessageParser = [
  { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' },
];

/**
 * The manifest and the service worker of the installable app (docs/app.md), for the browser's build
 * only: `npm run dev` has none, so nothing is ever served from a cache while developing.
 */
const installableApp = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/client/app',
    filename: 'sw.ts',
    // The page registers it itself (src/client/app/registerApp.ts), after the page has loaded.
    injectRegister: false,
    registerType: 'prompt',
    manifest: appManifest,
    includeManifestIcons: false,
    injectManifest: {
      // Hashed scripts, styles, fonts and catalogs, the icons and the offline page; never a page (index.html).
      globPatterns: [
        'assets/**/*.{js,css,woff2}',
        'assets/catalog.*.json',
        'icons/*.png',
        'favicon.svg',
        'offline.html',
      ],
      buildPlugins: { vite: [{ name: 'phonehaat-aliases', config: () => ({ resolve: { alias: aliases } }) }] },
    },
    devOptions: { enabled: false },
  });

/**
 * Every module the entry imports statically, in one chunk: every page downloads all of them before
 * it starts, so splitting them by which screens share them (a dozen chunks, most under 1 KB) saves
 * no page a byte and costs each a request and its headers (docs/performance.md).
 */
const firstDownload = { name: 'app', tags: ['$initial' as const] };

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    precompiledMessages(),
    catalogFiles(),
    precompress(),
    ...(isSsrBuild ? [] : [installableApp()]),
  ],
  resolve: { alias: command === 'build' && !isSsrBuild ? [...aliases, ...withoutMessageParser] : aliases },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_SERVER, changeOrigin: false },
      '/uploads': { target: API_SERVER, changeOrigin: false },
    },
  },
  // The renderer takes in everything it uses (Swiper's packages import CSS, which only a bundler
  // reads), with React's production build whatever NODE_ENV says: it renders for visitors, fast.
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: isSsrBuild
    ? {
        outDir: RENDER_OUT_DIR,
        emptyOutDir: true,
        sourcemap: true,
        copyPublicDir: false,
        // A new name for every build, so a server running through a rebuild loads the new renderer
        // whole (src/server/pages/page-render.ts) instead of mixing its modules with the old ones.
        rolldownOptions: { output: { entryFileNames: 'entry-[hash].js' } },
      }
    : {
        outDir: OUT_DIR,
        emptyOutDir: true,
        sourcemap: false,
        // Read by the server, which names each public page's own chunks in the page (src/server/pages/page-hints.ts).
        manifest: true,
        rolldownOptions: { output: { codeSplitting: { groups: [firstDownload] } } },
      },
}));
