import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureClientBuilt } from '../scripts/client-build';
import { CATEGORY_CATALOGUE } from '#server/start/seed/categories';
import { createTestApp, type TestApp } from './support/app';
import { registerActor, type Actor } from './support/actors';
import { listProduct } from './support/products';
import { timeLimit } from './support/time-limits';
import { publicCacheKey } from '#server/cache/key';
import { BUILT_CLIENT_DIR } from '#server/pages/client';
import { publicPages } from '#shared/public-pages';
import { queryKeys } from '#client/api/queryKeys';

/*
 * The public pages as the server sends them (src/server/pages/client-pages.ts): rendered from the
 * build's renderer, with the state the browser hydrates from. Needs the built client, built here
 * when a source changed.
 */

const iphone = CATEGORY_CATALOGUE[0]!;
/** A name that would break out of the page if anything in it were not escaped. */
const HOSTILE_NAME = 'iPhone </script><script>alert(1)</script> $& $1';

let t: TestApp;
let seller: Actor;
let productId: string;

beforeAll(async () => {
  ensureClientBuilt('page render test');
  t = await createTestApp();
  seller = await registerActor(t.app, 'seller');
  productId = await listProduct(seller, { productName: HOSTILE_NAME, category_id: iphone.id, resalePrice: 41500 });
}, timeLimit(240_000));
afterAll(() => t?.close());

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

/** The JSON of the `<script type="application/json" id=…>` element in `html`. */
function jsonScript(html: string, id: string): unknown {
  const open = new RegExp(`<script type="application/json" id="${id}"[^>]*>`).exec(html);
  if (!open) return undefined;
  const start = open.index + open[0].length;
  return JSON.parse(html.slice(start, html.indexOf('</script>', start)));
}

const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const tag = (head: string, name: string) => head.match(new RegExp(`<${name}>([^<]*)</${name}>`))?.[1];
/** The content of the head's `<meta {attribute}="{name}">`, as written (still escaped). */
const meta = (head: string, attribute: string, name: string) =>
  head.match(new RegExp(`<meta ${attribute}="${name.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`))?.[1];

const rootOf = (html: string) =>
  html.slice(html.indexOf('<div id="root">'), html.indexOf('<script', html.indexOf('<div id="root">')));

/** The English home page's place in the public cache (pages are kept per language). */
const ENGLISH_HOME = publicCacheKey('/', {})!;

describe('the public pages, rendered on the server', () => {
  it('show what their renderer read: a write drops a page only when it changed something on it', async () => {
    expect((await page('/')).statusCode).toBe(200);
    expect(t.app.publicCache.get(ENGLISH_HOME)?.tags).toEqual(
      expect.arrayContaining([`listing:${productId}`, 'categories']),
    );
    await seller.request({ method: 'PUT', url: '/api/notifications/read' });
    expect(t.app.publicCache.get(ENGLISH_HOME)).toBeDefined();
    await seller.request({ method: 'PUT', url: `/api/hide/product/${productId}` });
    expect(t.app.publicCache.get(ENGLISH_HOME)).toBeUndefined();
    await seller.request({ method: 'PUT', url: `/api/show/product/${productId}` });
  });

  it('sends home with its listings and categories in the markup and the state to hydrate from', async () => {
    const response = await page('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const root = rootOf(response.body);
    expect(root).toContain(iphone.name);
    expect(root).toContain('41500Tk');

    const state = jsonScript(response.body, 'server-state') as {
      queries: { queries: Array<{ state: { data: unknown } }> };
    };
    const data = JSON.stringify(state.queries.queries.map((query) => query.state.data));
    expect(data).toContain(HOSTILE_NAME);
    expect(data).toContain(iphone.name);
  });

  it('escapes what sellers wrote, in the markup and in the state', async () => {
    const { body } = await page(`/productId/${productId}`);
    expect(body).not.toContain('<script>alert(1)</script>');
    expect(rootOf(body)).toContain('iPhone &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp; $1');
    expect(JSON.stringify(jsonScript(body, 'server-state'))).toContain(HOSTILE_NAME);
  });

  it('sends a product, a category (filtered too) and login rendered', async () => {
    const product = rootOf((await page(`/productId/${productId}`)).body);
    expect(product).toContain('41500Tk');
    expect(product).toContain('Book Now');

    const category = rootOf((await page(`/category/${iphone.id}`)).body);
    expect(category).toContain(iphone.name);
    expect(category).toContain('41500Tk');
    const tooCheap = rootOf((await page(`/category/${iphone.id}?maxPrice=1000`)).body);
    expect(tooCheap).toContain('No phone matches these filters');

    const login = rootOf((await page('/login')).body);
    expect(login).toContain('Login');
    // Submitted before the scripts run, the form would put the password in the address.
    expect(login).toMatch(/<button type="submit"[^>]* disabled=""/);
  });

  it("sends a seller's page rendered, with their phones, and No reviews yet for a new seller", async () => {
    const response = await page(`/seller/${seller.user.uid}`);
    expect(response.statusCode).toBe(200);
    const root = rootOf(response.body);
    expect(root).toContain('No reviews yet');
    expect(root).toContain('41500Tk');
    expect(tag(headOf(response.body), 'title')).toMatch(/, seller \| PhoneHaat$/);
  });

  it('gives each page its own title and description in the head, in place of the default ones', async () => {
    const heads = new Map<string, string>();
    for (const url of ['/', '/login', `/category/${iphone.id}`, `/productId/${productId}`]) {
      const head = headOf((await page(url)).body);
      expect(head.match(/<title>/g), url).toHaveLength(1);
      expect(head.match(/<meta name="description"/g), url).toHaveLength(1);
      heads.set(url, head);
    }
    expect(tag(heads.get('/')!, 'title')).toBe('PhoneHaat: used phones you can trust');
    expect(tag(heads.get('/login')!, 'title')).toBe('Login | PhoneHaat');
    expect(tag(heads.get(`/category/${iphone.id}`)!, 'title')).toBe(`Used ${iphone.name} phones | PhoneHaat`);
    expect(meta(heads.get(`/category/${iphone.id}`)!, 'name', 'description')).toBe(iphone.desc);
    expect(new Set([...heads.values()].map((head) => meta(head, 'name', 'description'))).size).toBe(4);
  });

  it("gives a product's page a link preview (photo, name, price) and schema.org Product/Offer data", async () => {
    const { body } = await page(`/productId/${productId}`);
    const head = headOf(body);
    const escapedName = 'iPhone &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp; $1';
    expect(head).toContain(`<title>${escapedName}, 41500Tk | PhoneHaat</title>`);
    // The canonical address names the page's language (docs/i18n.md): English without a choice.
    const pageUrl = `${t.app.deps.config.PUBLIC_URL}/en/productId/${productId}`;
    expect(meta(head, 'property', 'og:type')).toBe('product');
    expect(meta(head, 'property', 'og:title')).toBe(`${escapedName}, 41500Tk`);
    expect(meta(head, 'property', 'og:url')).toBe(pageUrl);
    expect(meta(head, 'property', 'product:price:amount')).toBe('41500');
    expect(meta(head, 'property', 'product:price:currency')).toBe('BDT');
    expect(meta(head, 'name', 'twitter:card')).toBe('summary_large_image');
    const image = meta(head, 'property', 'og:image')!;
    expect(image).toMatch(new RegExp(`^${t.app.deps.config.PUBLIC_URL}/uploads/[\\w-]+\\.webp$`));
    expect(meta(head, 'name', 'twitter:image')).toBe(image);
    expect((await t.app.inject({ url: new URL(image).pathname })).statusCode).toBe(200);

    const data = JSON.parse(
      head.slice(head.indexOf('<script type="application/ld+json">') + 35, head.indexOf('</script>')),
    );
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: HOSTILE_NAME,
      image: [image],
      itemCondition: 'https://schema.org/UsedCondition',
      offers: {
        '@type': 'Offer',
        url: pageUrl,
        price: '41500',
        priceCurrency: 'BDT',
        availability: 'https://schema.org/InStock',
      },
    });
    // The other pages are no products.
    expect(meta(headOf((await page('/')).body), 'property', 'og:type')).toBe('website');
    expect(headOf((await page('/')).body)).not.toContain('application/ld+json');
  });

  it('loads the scripts through the one inline script the Content-Security-Policy allows', async () => {
    const response = await page('/');
    const head = response.body.slice(0, response.body.indexOf('</head>'));
    expect(head).not.toContain('<script');
    expect(head).not.toContain('modulepreload');
    const modules = jsonScript(response.body, 'deferred-modules') as string[];
    expect(modules[0]).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    for (const path of modules) expect((await t.app.inject({ url: path })).statusCode, path).toBe(200);

    const inline = [...response.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256').update(inline[0]!).digest('base64');
    expect(response.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}'`);
  });

  it("finds each rendered page's screen module in the build, so its hints name the screen's code", async () => {
    const manifest = JSON.parse(await readFile(join(BUILT_CLIENT_DIR, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    for (const { rendered } of Object.values(publicPages)) {
      if (rendered?.module) expect(manifest[rendered.module]?.file, rendered.module).toMatch(/^assets\//);
    }
  });

  it('leaves to the browser a page it cannot render as every visitor sees it, and every private one', async () => {
    for (const url of ['/productId/6b022f593c5723dcc9963d89', '/category/unknown', '/dashboard/myorders']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).toContain('<script type="module"');
      expect(response.body, url).not.toContain('id="server-state"');
    }
  });

  it('names the pages left to the browser in the head it sends: the blog, register, a bad search', async () => {
    const titles: Array<[string, string]> = [
      ['/blog', 'Web Blogs | PhoneHaat'],
      ['/register', 'Register | PhoneHaat'],
      ['/search?q=galaxy%20%3Cs21%3E&sort=cheapest', '“galaxy &lt;s21&gt;”: used phones | PhoneHaat'],
      ['/dashboard/myorders', 'Dashboard | PhoneHaat'],
    ];
    for (const [url, title] of titles) {
      const head = headOf((await page(url)).body);
      expect(head.match(/<title>/g), url).toHaveLength(1);
      expect(tag(head, 'title'), url).toBe(title);
      expect(head.match(/<meta name="description"/g), url).toHaveLength(1);
    }
    // Pages whose name needs their data keep the site's, as the browser shows them before it arrives.
    expect(tag(headOf((await page('/productId/6b022f593c5723dcc9963d89')).body), 'title')).toBe(
      'PhoneHaat: used phones you can trust',
    );
  });

  it('keeps a page until something changes, compressed, with a tag to revalidate', async () => {
    const first = await page('/', { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    const again = await page('/', { 'accept-encoding': 'br' });
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(brotliDecompressSync(again.rawPayload).toString()).toBe(brotliDecompressSync(first.rawPayload).toString());
    expect((await page('/', { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
    // Rendered again (as another process would), the same data makes the same page and tag.
    t.app.publicCache.invalidate();
    expect((await page('/', { 'accept-encoding': 'br' })).headers.etag).toBe(first.headers.etag);

    await listProduct(seller, { productName: 'Pixel freshly listed' });
    const changed = await page('/');
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(rootOf(changed.body)).toContain('Pixel freshly listed');
  });
});

describe('the search page, rendered on the server', () => {
  /** A word no other listing of this file has, so its search finds this phone alone. */
  const WORD = 'quokkaphone';
  let quokkaId: string;
  beforeAll(async () => {
    quokkaId = await listProduct(seller, {
      productName: `${WORD} Ultra`,
      brand: 'Apple',
      category_id: iphone.id,
      resalePrice: 41500,
      productCondition: 'Good',
      location: 'Sylhet',
    });
  });

  /** The markup's text, without its tags. */
  const textOf = (html: string) => html.replace(/<[^>]+>/g, '');

  it('sends the results in the page’s language, with the state the browser hydrates from', async () => {
    const english = await page(`/search?q=${WORD}`);
    expect(english.statusCode).toBe(200);
    const root = textOf(rootOf(english.body));
    expect(root).toContain(`Results for “${WORD}”`);
    expect(root).toContain('1 phone');
    expect(root).toContain(`${WORD} Ultra`);
    expect(root).toContain('41500Tk');
    expect(tag(headOf(english.body), 'title')).toBe(`“${WORD}”: used phones | PhoneHaat`);
    // The answer the page was made from travels with it, under the key the browser's query asks for.
    const state = jsonScript(english.body, 'server-state') as {
      queries: { queries: Array<{ queryKey: unknown[]; state: { data: { total?: number } } }> };
    };
    const search = state.queries.queries.find((query) => JSON.stringify(query.queryKey).includes(`q=${WORD}&limit=24`));
    expect(search?.state.data.total).toBe(1);

    const bangla = await page(`/bn/search?q=${WORD}`);
    expect(bangla.body).toMatch(/<html lang="bn"/);
    const banglaRoot = textOf(rootOf(bangla.body));
    expect(banglaRoot).toContain(`“${WORD}”-এর ফলাফল`);
    expect(banglaRoot).toContain('১টি ফোন');
    expect(banglaRoot).toContain('৪১,৫০০');
    expect(banglaRoot).not.toContain('Results for');
    // The category filter names the categories in Bangla from the first paint (their Bangla names).
    expect(jsonScript(bangla.body, 'server-state')).toMatchObject({
      queries: { queries: expect.arrayContaining([expect.objectContaining({ queryKey: queryKeys.categories.all })]) },
    });
  });

  it('shows the filters, sorting and page of its address, and the empty state', async () => {
    const filters = new URLSearchParams({
      q: WORD,
      brand: 'apple',
      category: iphone.id,
      condition: 'Good',
      minPrice: '40000',
      maxPrice: '45000',
      district: 'Sylhet',
      posted: '7d',
      sort: 'price_asc',
    });
    const { body } = await page(`/search?${filters.toString()}`);
    const root = rootOf(body);
    expect(textOf(root)).toContain('1 phone');
    expect(textOf(root)).toContain(`${WORD} Ultra`);
    for (const chosen of ['apple', 'Good', 'Sylhet', '7d', 'price_asc', iphone.id]) {
      expect(root, chosen).toMatch(new RegExp(`<option value="${chosen}"[^>]* selected=""`));
    }
    expect(root).toContain('value="40000"');
    expect(root).toContain('value="45000"');
    expect(root).toContain('Clear filters');

    const goodPrice = rootOf((await page(`/search?q=${WORD}&goodPrice=true`)).body);
    expect(goodPrice).toMatch(/<input type="checkbox"[^>]* name="goodPrice" checked=""/);
    expect(textOf(goodPrice)).toContain('No phone matches these filters');
    const nothing = textOf(rootOf((await page('/search?q=zzyzx')).body));
    expect(nothing).toContain('No phone found');
    expect(nothing).toContain('Check the spelling, or search for fewer words.');

    const second = await page(`/search?q=${WORD}&page=2`);
    const state = JSON.stringify(jsonScript(second.body, 'server-state'));
    expect(state).toContain(`q=${WORD}&page=2&limit=24`);
  });

  it('says what the words were corrected to, and when the phones shown are the closest', async () => {
    const corrected = textOf(rootOf((await page('/search?q=quokaphone')).body));
    expect(corrected).toContain(`Showing results for ${WORD}`);
    expect(corrected).toContain(`${WORD} Ultra`);
    const closest = textOf(rootOf((await page(`/bn/search?q=${WORD}%20zzyzx`)).body));
    expect(closest).toContain(`${WORD} zzyzx-এর সব শব্দ মেলে এমন কোনো ফোন নেই।`);
    expect(closest).toContain(`${WORD} Ultra`);
  });

  it('leaves a search with a bad parameter to the browser, which says what is wrong, as before', async () => {
    for (const query of [
      'minPrice=abc',
      'minPrice=9000&maxPrice=1000',
      'sort=cheapest',
      'condition=Mint',
      'district=Atlantis',
      'category=nonsense',
      'goodPrice=maybe',
      'page=0',
      'q=%00',
      `q=${'a'.repeat(101)}`,
    ]) {
      const response = await page(`/bn/search?${query}`);
      expect(response.statusCode, query).toBe(200);
      expect(response.body, query).toContain('<div id="root"></div>');
      expect(response.body, query).not.toContain('id="server-state"');
    }
  });

  it('carries the tags of the search answer it was made from: a listing write drops both or neither', async () => {
    const answer = `/api/search?q=${WORD}&limit=24`;
    const pages = [`/search?q=${WORD}`, `/bn/search?q=${WORD}`].map((url) => publicCacheKey(url, {})!);
    const bothKept = () => [answer, ...pages].map((key) => t.app.publicCache.get(key) !== undefined);
    const render = async () => {
      t.app.publicCache.invalidate();
      for (const url of [`/search?q=${WORD}`, `/bn/search?q=${WORD}`]) expect((await page(url)).statusCode).toBe(200);
    };

    await render();
    const answerTags = t.app.publicCache.get(answer)!.tags;
    expect(answerTags).toEqual(expect.arrayContaining(['search', `search:word:quok`, `listing:${quokkaId}`]));
    for (const key of pages) {
      // And the categories, whose names its filter shows: no listing write names them.
      expect([...t.app.publicCache.get(key)!.tags].sort(), key).toEqual([...answerTags, 'categories'].sort());
    }

    // Another seller's phone, which this search could not count before or after: both stay.
    const other = await registerActor(t.app, 'seller');
    const elsewhere = await listProduct(other, { productName: 'Walrusphone', category_id: iphone.id });
    await render();
    await other.request({ method: 'PUT', url: `/api/hide/product/${elsewhere}` });
    await other.request({ method: 'PUT', url: `/api/show/product/${elsewhere}` });
    expect(bothKept()).toEqual([true, true, true]);
    // A phone with the word, listed now: the search could count it, so both go.
    await listProduct(seller, { productName: `${WORD} Mini` });
    expect(bothKept()).toEqual([false, false, false]);
    await render();
    // The phone found, hidden: both go.
    await seller.request({ method: 'PUT', url: `/api/hide/product/${quokkaId}` });
    expect(bothKept()).toEqual([false, false, false]);
    await seller.request({ method: 'PUT', url: `/api/show/product/${quokkaId}` });
  });
});

describe('pages rendered on the server, from one address', () => {
  it('count against the per-address limit, like the API', async () => {
    const limited = await createTestApp({}, { apiRateLimit: 3 });
    try {
      const answers = [];
      for (const url of ['/', '/login', `/category/${iphone.id}`, `/category/${iphone.id}?brand=Apple`]) {
        answers.push(await limited.app.inject({ url, headers: { accept: 'text/html' } }));
      }
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429]);
      // The reads a page is rendered from are not counted again, against the server's own address.
      for (const answer of answers.slice(0, 3)) expect(answer.body).toContain('id="server-state"');
      const refused = await limited.app.inject({ url: '/login?again=1', headers: { accept: 'text/html' } });
      expect(refused.json()).toMatchObject({ message: expect.any(String) });
    } finally {
      await limited.close();
    }
  });
});

describe('the public pages in each language (docs/i18n.md)', () => {
  it('renders /bn/ pages in Bangla, with their catalog, lang, canonical and hreflang alternates', async () => {
    const response = await page(`/bn/category/${iphone.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/<html lang="bn"/);
    expect(rootOf(response.body)).toContain('কপিরাইট © ২০২২ PhoneHaat');
    // Parsed at build time (vite.config.ts, precompiledMessages): the browser needs no ICU parser.
    const catalog = jsonScript(response.body, 'i18n-catalog') as Record<string, unknown>;
    expect(catalog['layouts.header.home']).toEqual([{ type: 0, value: 'হোম' }]);
    // Only the page's language travels with it.
    expect(response.body).not.toContain('Skip to content');
    // Only the messages its render used (and its title's): the rest is a file of its own, fetched
    // by the page's script (docs/i18n.md), and holds every Bangla message.
    expect(catalog['shared.meta.category.title']).toBeDefined();
    expect(catalog['dashboard.title']).toBeUndefined();
    const rest =
      /<script type="application\/json" id="i18n-catalog" data-rest="(\/assets\/catalog\.bn-[\w-]+\.json)">/.exec(
        response.body,
      )?.[1];
    expect(rest).toBeDefined();
    const whole = (await t.app.inject({ url: rest! })).json<Record<string, unknown>>();
    expect(Object.keys(whole).length).toBeGreaterThan(4 * Object.keys(catalog).length);
    expect(whole).toMatchObject(catalog);
    expect(whole['dashboard.title']).toBeDefined();
    const head = headOf(response.body);
    expect(head).toContain(`<link rel="canonical" href="${t.app.deps.config.PUBLIC_URL}/bn/category/${iphone.id}">`);
    expect(head).toContain(`hreflang="en" href="${t.app.deps.config.PUBLIC_URL}/en/category/${iphone.id}"`);
    expect(head).toContain(`hreflang="x-default" href="${t.app.deps.config.PUBLIC_URL}/category/${iphone.id}"`);
    // The Bengali font, one variable file for every weight, is fetched with the page: four weights
    // fetched once the first layout needed them held its first paint (docs/performance.md).
    expect(head).toMatch(
      /<link rel="preload" as="font" type="font\/woff2" crossorigin href="\/assets\/noto-sans-bengali-400-700-[^"]+\.woff2">/,
    );
    expect(head.match(/rel="preload" as="font"/g)).toHaveLength(1);
  });

  it('points a spec address to its language’s address as canonical, with no alternates of its own', async () => {
    const origin = t.app.deps.config.PUBLIC_URL;
    for (const [cookie, locale] of [
      ['', 'en'],
      ['lang=bn', 'bn'],
    ] as const) {
      const head = headOf((await page(`/category/${iphone.id}`, cookie ? { cookie } : {})).body);
      expect(head).toContain(`<link rel="canonical" href="${origin}/${locale}/category/${iphone.id}">`);
      expect(head).not.toContain('hreflang');
    }
    const home = headOf((await page('/')).body);
    expect(home).toContain(`<link rel="canonical" href="${origin}/en/">`);
    expect(home).not.toContain('hreflang');
    expect(headOf((await page('/en/')).body)).toContain(`hreflang="x-default" href="${origin}/"`);
  });

  it('fetches no Bengali font with an English page', async () => {
    expect(headOf((await page(`/en/category/${iphone.id}`)).body)).not.toContain('as="font"');
  });

  it('shows the spec’s addresses in the chosen language, English without a choice, with Latin digits if asked', async () => {
    expect(rootOf((await page(`/category/${iphone.id}`)).body)).toContain('Copyright © 2022 PhoneHaat');
    const bangla = await page(`/category/${iphone.id}`, { cookie: 'lang=bn' });
    expect(bangla.body).toMatch(/<html lang="bn"/);
    expect(rootOf(bangla.body)).toContain('কপিরাইট © ২০২২ PhoneHaat');
    const latin = await page(`/category/${iphone.id}`, { cookie: 'lang=bn; digits=latn' });
    expect(latin.body).toMatch(/<html lang="bn" data-digits="latn"/);
    expect(rootOf(latin.body)).toContain('কপিরাইট © 2022 PhoneHaat');
    // Kept apart: the English page asked for again is still English.
    expect(rootOf((await page(`/category/${iphone.id}`)).body)).toContain('Copyright © 2022 PhoneHaat');
  });

  it('sends a first visit to / from a browser that prefers Bangla to /bn/, and no one else', async () => {
    const first = await page('/', { 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.8' });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/bn/');
    const chosen = await page('/', { 'accept-language': 'bn-BD,bn;q=0.9', cookie: 'lang=en' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.body).toMatch(/<html lang="en"/);
    expect((await page('/', { 'accept-language': 'en-US,en;q=0.9' })).statusCode).toBe(200);
  });

  it('renders nothing for the test-only pseudo-locale, which the browser shows itself', async () => {
    const response = await page(`/category/${iphone.id}`, { cookie: 'i18n-pseudo=1' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('id="server-state"');
  });
});
