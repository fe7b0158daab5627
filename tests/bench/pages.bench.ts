/*
 * `npm run bench:pages`: Lighthouse's four scores (its default mobile emulation and simulated
 * throttling) and figures of the home, a category, a product, a search and the login page (and the
 * first four at their /bn/ and /en/ addresses), against the app as
 * a user starts it (marketplace.ts) on a temporary SQLite database with the demo data, then which
 * targets held. Builds the client first when a client source changed since the last build. Reports
 * only: it exits 0 whatever the scores. Uses Chromium at CHROME_PATH, else /usr/bin/chromium.
 * With LIGHTHOUSE_REPORTS=<folder>, the full report of every page is written there too (HTML and JSON).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { ensureClientBuilt } from '../../scripts/client-build';
import { startMarketplace } from './marketplace';

const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox'];
/** Lighthouse's categories, each with the score the pages must reach. */
const CATEGORIES: Array<[id: string, target: number]> = [
  ['performance', 95],
  ['accessibility', 100],
  ['best-practices', 100],
  ['seo', 95],
];
/** Compressed JavaScript of the home page, at most: over the wire (brotli), and gzip -9 (issue 24's measure). */
const HOME_JS_LIMIT_KB = 140;
/** Where the scripts a page loads are built; the gzip column compresses these files themselves. */
const CLIENT_DIR = resolve(import.meta.dirname, '../../dist/client');
const missed: string[] = [];
const reportDir = process.env.LIGHTHOUSE_REPORTS ? resolve(process.env.LIGHTHOUSE_REPORTS) : undefined;

ensureClientBuilt('page bench');

const { origin, stop } = await startMarketplace('sqlite', 0);
let chrome: Awaited<ReturnType<typeof launch>> | undefined;

try {
  const category = `/category/${await firstId(origin, '/api/categoires')}`;
  const product = `/productId/${await firstId(origin, '/api/advertised_products')}`;
  // A search, rendered on the server like a category page (docs/search.md, "The search page").
  const search = '/search?q=iphone';
  // The spec's addresses, then each page in each language (docs/i18n.md): /bn/ pages bring the
  // Bengali font and the Bangla catalog, and must stay as fast.
  const pages: Array<[name: string, path: string]> = [
    ['home', '/'],
    ['category', category],
    ['product', product],
    ['search', search],
    ['login', '/login'],
    ...(['bn', 'en'] as const).flatMap((locale): Array<[string, string]> => [
      [`home ${locale}`, `/${locale}/`],
      [`category ${locale}`, `/${locale}${category}`],
      [`product ${locale}`, `/${locale}${product}`],
      [`search ${locale}`, `/${locale}${search}`],
    ]),
  ];

  chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  console.log(`PhoneHaat on ${origin}, Lighthouse mobile emulation, Chromium at ${CHROME_PATH}\n`);
  const pageWidth = Math.max(...pages.map(([name, path]) => `${name} ${path}`.length)) + 2;
  const columns: Array<[title: string, width: number]> = [
    ['page', pageWidth],
    ['perf', 6],
    ['a11y', 6],
    ['best', 6],
    ['SEO', 5],
    ['LCP ms', 9],
    ['TBT ms', 9],
    ['CLS', 7],
    ['total KB', 10],
    ['JS KB', 8],
    ['JS gz KB', 10],
  ];
  console.log(columns.map(([title, width], i) => (i === 0 ? title.padEnd(width) : title.padStart(width))).join(''));

  const audit = async (path: string) => {
    const result = await lighthouse(origin + path, {
      port: chrome!.port,
      onlyCategories: CATEGORIES.map(([id]) => id),
      output: ['html', 'json'],
      logLevel: 'error',
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    return result;
  };
  for (const [name, path] of pages) {
    let result = await audit(path);
    // Lighthouse now and then fails to record a page load (NO_NAVSTART) and says to run it again.
    if (result.lhr.runtimeError) {
      console.error(`${path}: ${result.lhr.runtimeError.code}; measuring it again`);
      result = await audit(path);
    }
    const lhr = result.lhr;
    if (lhr.runtimeError) console.error(`${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (reportDir) {
      await mkdir(reportDir, { recursive: true });
      const [html, json] = result.report as string[];
      await writeFile(join(reportDir, `${name}.html`), String(html));
      await writeFile(join(reportDir, `${name}.json`), String(json));
    }
    const scores = CATEGORIES.map(([id, target]) => {
      const score = lhr.categories[id]?.score;
      const points = score == null ? undefined : Math.round(score * 100);
      if (points === undefined || points < target) missed.push(`${path}: ${id} ${points ?? '-'} (want ${target})`);
      return points === undefined ? '-' : String(points);
    });
    const js = scriptBytes(lhr);
    const jsGzip = await gzippedScriptBytes(lhr, origin);
    if (name.startsWith('home')) {
      for (const [how, bytes] of [
        ['over the wire', js],
        ['gzip -9', jsGzip],
      ] as const) {
        if (bytes === undefined || bytes > HOME_JS_LIMIT_KB * 1024) {
          missed.push(`${name} JavaScript ${how} ${kilobytes(bytes)} KB (want under ${HOME_JS_LIMIT_KB} KB)`);
        }
      }
    }
    const cells = [
      `${name} ${path}`,
      ...scores,
      fixed(lhr, 'largest-contentful-paint', 0),
      fixed(lhr, 'total-blocking-time', 0),
      fixed(lhr, 'cumulative-layout-shift', 3),
      kilobytes(auditValue(lhr, 'total-byte-weight')),
      kilobytes(js),
      kilobytes(jsGzip),
    ];
    console.log(
      cells.map((cell, i) => (i === 0 ? cell.padEnd(columns[i]![1]) : cell.padStart(columns[i]![1]))).join(''),
    );
  }
  console.log(missed.length === 0 ? '\nEvery target held.' : `\nTargets missed:\n  ${missed.join('\n  ')}`);
} finally {
  await chrome?.kill();
  await stop();
}

function auditValue(lhr: Result, audit: string): number | undefined {
  return lhr.audits[audit]?.numericValue;
}

function fixed(lhr: Result, audit: string, digits: number): string {
  const value = auditValue(lhr, audit);
  return value === undefined ? '-' : value.toFixed(digits);
}

function kilobytes(bytes: number | undefined): string {
  return bytes === undefined ? '-' : (bytes / 1024).toFixed(1);
}

/** Bytes of JavaScript over the wire, from the resource summary Lighthouse keeps in its hidden audits. */
function scriptBytes(lhr: Result): number | undefined {
  const details = lhr.audits['resource-summary']?.details;
  if (details?.type !== 'table') return undefined;
  const row = details.items.find((item) => item.resourceType === 'script');
  return typeof row?.transferSize === 'number' ? row.transferSize : undefined;
}

/**
 * The page's own scripts (those it loaded from the app) gzipped at level 9, whatever encoding the
 * server chose: brotli over the wire is smaller, and issue 24's target is set in gzip.
 */
async function gzippedScriptBytes(lhr: Result, origin: string): Promise<number | undefined> {
  const details = lhr.audits['network-requests']?.details;
  if (details?.type !== 'table') return undefined;
  const paths = details.items
    .filter((item) => item.resourceType === 'Script' && String(item.url).startsWith(origin))
    .map((item) => new URL(String(item.url)).pathname);
  const sizes = await Promise.all(
    [...new Set(paths)].map(async (path) => gzipSync(await readFile(join(CLIENT_DIR, path)), { level: 9 }).length),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}

async function firstId(origin: string, path: string): Promise<string> {
  const response = await fetch(origin + path);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  const [first] = (await response.json()) as Array<{ _id: string }>;
  if (!first) throw new Error(`${path} answered an empty list`);
  return first._id;
}
