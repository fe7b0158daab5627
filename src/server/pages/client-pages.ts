import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonForScript } from '#shared/json-in-html';
import { DEFERRED_MODULES_ID, MODULE_LOADER } from './module-loader';
import { loadPageHints, type LanguageFiles, type PageHints } from './page-hints';
import type { PageLanguage } from '#shared/i18n/addresses';
import { languageHead, withLanguage } from './page-language';
import { loadPageRenderer, type PageRenderer, type RenderedPage } from './page-render';
import { catalogScript } from '#shared/page-render';
import { withoutDefaultHead } from './page-head';

/** What the server needs of one build of the client to make its pages. */
export interface Build {
  /** index.html as built, to notice a rebuild. */
  index: Buffer;
  /** The same as text: the page the browser renders, sent without decoding it per request. */
  indexHtml: string;
  /** index.html without its scripts, for a page rendered here (they load once it has, MODULE_LOADER). */
  renderedTemplate: string;
  /** The entry's module and those it imports, as index.html names them. */
  entryScripts: string[];
  hintsFor: PageHints;
  /** The files a page in one language adds: its catalog's chunk and its font's stylesheet. */
  languageFiles: LanguageFiles;
  renderer: PageRenderer | undefined;
}

async function readIndex(indexFile: string): Promise<Buffer | undefined> {
  try {
    return await readFile(indexFile);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/** index.html's scripts taken out: the entry, then the modules it imports. */
function withoutScripts(index: string): { template: string; scripts: string[] } {
  const entry = [...index.matchAll(ENTRY_SCRIPT)].map((match) => match[1] ?? '');
  const imports = [...index.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  return { template: index.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, ''), scripts: [...entry, ...imports] };
}

/**
 * The current build, read again when index.html changed (a rebuild while the server runs): the
 * manifest and the renderer come with it, and pages kept from the old build (naming its files) go.
 */
export function buildReader(app: FastifyInstance, clientDir: string) {
  const indexFile = join(clientDir, 'index.html');
  let build: Build | undefined;
  return {
    async current(): Promise<Build | undefined> {
      const index = await readIndex(indexFile);
      if (!index) return undefined;
      if (build?.index.equals(index)) return build;
      const replaced = build !== undefined;
      try {
        const indexHtml = index.toString('utf8');
        const { template, scripts } = withoutScripts(indexHtml);
        build = {
          index,
          indexHtml,
          renderedTemplate: template,
          entryScripts: scripts,
          ...(await loadPageHints(clientDir)),
          renderer: await loadPageRenderer(app, clientDir),
        };
      } catch (error) {
        // Caught between a rebuild's index.html and its other files: as if there were no build yet.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      if (replaced) app.publicCache?.invalidate();
      return build;
    },
  };
}

/** Only a path and a query reach the renderer: the origin stands in. */
const PAGE_ORIGIN = 'http://phonehaat.invalid';

/** A page rendered on the server, or undefined (then the browser renders it) if rendering failed. */
export async function renderSafely(
  build: Build,
  request: FastifyRequest,
  language: PageLanguage,
): Promise<RenderedPage | undefined> {
  try {
    return await build.renderer?.render(new URL(request.url, PAGE_ORIGIN), language);
  } catch (error) {
    request.log.error({ err: error }, 'could not render the page on the server; the browser renders it');
    return undefined;
  }
}

/** Puts `text` before the first `marker` in `html` (slices: a `$` in the text stays as it is). */
function insertBefore(html: string, marker: string, text: string): string {
  const at = html.indexOf(marker);
  return at < 0 ? html : html.slice(0, at) + text + html.slice(at);
}

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * The page for `url` in `language`: rendered here when `rendered` is given (with its own title,
 * description and link preview, absolute under `publicUrl`), else index.html with the page's hints.
 */
export function pageHtml(
  build: Build,
  url: string,
  rendered: RenderedPage | undefined,
  publicUrl: string,
  language: PageLanguage,
): string {
  const files = build.hintsFor(url);
  const own = build.languageFiles(language.locale);
  const path = url.split('?')[0] ?? '/';
  // The language's font is fetched with its stylesheet, not once the first layout needs it (page-hints.ts).
  const ownStyles =
    own.styles.map((file) => `<link rel="stylesheet" crossorigin href="${file}">`).join('') +
    own.fonts.map((file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${file}">`).join('');
  if (!rendered) {
    const meta = build.renderer?.metaOf(new URL(url, PAGE_ORIGIN), language.locale);
    const ownScripts = own.scripts.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
    const head = (meta ? languageHead(meta, path, publicUrl, language) : '') + ownStyles + ownScripts;
    const index = insertBefore(
      withLanguage(meta ? withoutDefaultHead(build.indexHtml) : build.indexHtml, language),
      '</head>',
      head,
    );
    return files ? insertBefore(index, '</head>', files.links) : index;
  }
  const styles = (files?.styles ?? []).map((file) => `<link rel="stylesheet" crossorigin href="${file}">`).join('');
  const scripts = [...build.entryScripts, ...(files?.scripts ?? [])];
  const head = rendered.meta ? languageHead(rendered.meta, path, publicUrl, language) : '';
  const template = withLanguage(
    rendered.meta ? withoutDefaultHead(build.renderedTemplate) : build.renderedTemplate,
    language,
  );
  const html = insertBefore(template, '</head>', head + styles + ownStyles);
  const at = html.indexOf(EMPTY_ROOT);
  if (at < 0) return html;
  return (
    html.slice(0, at) +
    `<div id="root">${rendered.root}</div>${rendered.state}${catalogScript(rendered.catalog, own.catalog)}` +
    `<script type="application/json" id="${DEFERRED_MODULES_ID}">${jsonForScript(scripts)}</script>` +
    `<script>${MODULE_LOADER}</script>` +
    html.slice(at + EMPTY_ROOT.length)
  );
}
