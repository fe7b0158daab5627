import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { publicReads } from '../../shared/page-reads';

/** One module of vite's build manifest (`build.manifest`): its file and the chunks it imports. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** What a public page's first screen needs beyond the entry: its code (a source module) and its API reads. */
interface PageNeeds {
  module?: string;
  reads: string[];
}

const API_PREFIX = '/api';

/** The public pages whose first screen is known ahead, by path; a page with a query string gets no data hints. */
function needsOf(path: string, hasQuery: boolean): PageNeeds | undefined {
  if (path === '/') {
    return { reads: [publicReads.categories, publicReads.bannerPhones, publicReads.advertised] };
  }
  if (path === '/login') return { module: 'src/client/pages/auth/LoginPage.tsx', reads: [] };
  const [, screen, id, ...rest] = path.split('/');
  if (!id || rest.length > 0) return undefined;
  const decoded = safeDecode(id);
  if (decoded === undefined) return undefined;
  if (screen === 'category') {
    return {
      module: 'src/client/pages/category/CategoryPage.tsx',
      reads: hasQuery ? [] : [publicReads.categoryInfo(decoded), publicReads.categoryPhones(decoded)],
    };
  }
  if (screen === 'productId') {
    return { module: 'src/client/pages/product/ProductPage.tsx', reads: [publicReads.product(decoded)] };
  }
  return undefined;
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** The files a module loads before it runs: its own and, depth first, those of its static imports. */
function chunkFiles(manifest: Manifest, key: string, seen = new Set<string>()): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const chunk = manifest[name];
    if (!chunk) return;
    js.push(chunk.file);
    css.push(...(chunk.css ?? []));
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return { js, css };
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * Reads the build's manifest; `hintsFor` then tells, for a page's URL, the `<link>` tags that let
 * the browser fetch that page's own code and its API data while it is still downloading the entry,
 * instead of one after the other once the entry has run. Without a manifest there are no hints.
 */
export async function loadPageHints(clientDir: string): Promise<(url: string) => string> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return () => '';
    throw error;
  }
  // index.html already names the entry and the chunks it imports.
  const entryKey = Object.keys(manifest).find((key) => (manifest[key] as { isEntry?: boolean }).isEntry);
  const inIndex = new Set<string>();
  if (entryKey) chunkFiles(manifest, entryKey, inIndex);
  const hints = new Map<string, string>();

  return (url) => {
    const [path = '/', query] = url.split('?', 2);
    const needs = needsOf(path, query !== undefined);
    if (!needs) return '';
    const key = `${needs.module ?? ''} ${needs.reads.join(' ')}`;
    const known = hints.get(key);
    if (known !== undefined) return known;
    const links: string[] = [];
    for (const read of needs.reads) {
      links.push(`<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(API_PREFIX + read)}">`);
    }
    if (needs.module) {
      const { js, css } = chunkFiles(manifest, needs.module, new Set(inIndex));
      for (const file of css) links.push(`<link rel="preload" as="style" crossorigin href="/${file}">`);
      for (const file of js) links.push(`<link rel="modulepreload" crossorigin href="/${file}">`);
    }
    const html = links.join('');
    // Bounded: product and category ids are many, each page's hints are the same few tags.
    if (hints.size < 1000) hints.set(key, html);
    return html;
  };
}
