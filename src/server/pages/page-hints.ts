import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderedPageAt } from '#shared/public-pages';
import { splitLocalePath } from '#shared/i18n/addresses';
import { LOCALES, type Locale } from '#shared/i18n/locales';

/** One module of vite's build manifest (`build.manifest`): its file and the chunks it imports. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  /** Files its stylesheets name (the fonts). */
  assets?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const API_PREFIX = '/api';

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

/** What a public page needs beyond the entry, for the page at `url` (undefined: nothing known ahead). */
export interface PageFiles {
  /** `<link>` tags that fetch the page's code and API reads early, for a page the browser renders. */
  links: string;
  /** The page's own stylesheets, as paths. */
  styles: string[];
  /** The page's own modules (the entry's left out), as paths. */
  scripts: string[];
}
export type PageHints = (url: string) => PageFiles | undefined;

/*
 * A language's font files are preloaded with its stylesheet: the Bengali font is one variable file
 * for every weight (src/client/i18n/bengaliFont.css), which the first screen uses. Preloaded, it is
 * fetched from the start, beside the stylesheets and the first photo, instead of once the first
 * layout finds text that needs it (docs/performance.md).
 */
const FONT_FILE = /\.woff2$/;

/**
 * The files a page in one language needs besides its own, as paths: the language's catalog chunk,
 * font stylesheet and fonts, and its whole catalog as data (`catalog`, a page rendered here fetches
 * it once it runs; vite.config.ts, catalogFiles).
 */
export type LanguageFiles = (locale: Locale) => {
  scripts: string[];
  styles: string[];
  fonts: string[];
  catalog: string | undefined;
};
const NO_FILES = { scripts: [], styles: [], fonts: [], catalog: undefined };

/** Each language's catalog file in the build's assets, `catalog.<locale>-<hash>.json`, by language. */
async function catalogData(clientDir: string): Promise<Map<string, string>> {
  const names = await readdir(join(clientDir, 'assets')).catch(() => []);
  return new Map(
    names.flatMap((name) => {
      const locale = /^catalog\.(\w+)-[\w-]+\.json$/.exec(name)?.[1];
      return locale ? [[locale, `/assets/${name}`] as const] : [];
    }),
  );
}

/** The module of each language's catalog (src/client/i18n/catalogFiles.ts loads them). */
const catalogModule = (locale: Locale) => `src/client/i18n/catalog.${locale}.ts`;

/**
 * Reads the build's manifest; `hintsFor` then tells, for a page's URL, the files that let the browser
 * fetch that page's own code and its API data while it is still downloading the entry, instead of
 * one after the other once the entry has run. Without a manifest nothing is known ahead.
 */
export async function loadPageHints(clientDir: string): Promise<{ hintsFor: PageHints; languageFiles: LanguageFiles }> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { hintsFor: () => undefined, languageFiles: () => NO_FILES };
    throw error;
  }
  // index.html already names the entry and the chunks it imports.
  const entryKey = Object.keys(manifest).find((key) => (manifest[key] as { isEntry?: boolean }).isEntry);
  const inIndex = new Set<string>();
  if (entryKey) chunkFiles(manifest, entryKey, inIndex);
  const known = new Map<string, PageFiles>();
  const catalogs = await catalogData(clientDir);
  const ofLanguage = new Map(
    LOCALES.map((locale) => {
      const { js, css } = chunkFiles(manifest, catalogModule(locale), new Set(inIndex));
      const fonts = (manifest[catalogModule(locale)]?.assets ?? []).filter((file) => FONT_FILE.test(file));
      const asPaths = (files: string[]) => files.map((file) => `/${file}`);
      return [
        locale,
        { scripts: asPaths(js), styles: asPaths(css), fonts: asPaths(fonts), catalog: catalogs.get(locale) },
      ];
    }),
  );
  const languageFiles: LanguageFiles = (locale) => ofLanguage.get(locale) ?? NO_FILES;

  const hintsFor: PageHints = (url) => {
    const [address = '/', query] = url.split('?', 2);
    const page = renderedPageAt(splitLocalePath(address).path);
    if (!page) return undefined;
    const { module } = page.rendered;
    const reads = page.rendered.reads(page.id, query !== undefined);
    const key = `${module ?? ''} ${reads.join(' ')}`;
    const cached = known.get(key);
    if (cached) return cached;
    const { js, css } = module ? chunkFiles(manifest, module, new Set(inIndex)) : { js: [], css: [] };
    const files: PageFiles = {
      links: '',
      styles: css.map((file) => `/${file}`),
      scripts: js.map((file) => `/${file}`),
    };
    files.links = [
      ...reads.map(
        (read) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(API_PREFIX + read)}">`,
      ),
      ...files.styles.map((file) => `<link rel="preload" as="style" crossorigin href="${file}">`),
      ...files.scripts.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`),
    ].join('');
    // Bounded: product and category ids are many, each page's files are the same few.
    if (known.size < 1000) known.set(key, files);
    return files;
  };
  return { hintsFor, languageFiles };
}
