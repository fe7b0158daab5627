import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  type APIRequestContext,
  type APIResponse,
  type BrowserContext,
  type Page,
  type PlaywrightWorkerArgs,
  type Response,
  type TestInfo,
} from '@playwright/test';
import { CATEGORY_CATALOGUE, categoryImageName } from '#server/start/seed/categories';
import { demoListing, demoPerson } from '#server/start/seed/factories';
import { phonePicture } from '#server/start/seed/pictures';
import type { StoreProductRequest } from '#shared/products';
import type { UploadResponse } from '#shared/uploads';
import { readFileSync } from 'node:fs';
import { mailFolderOf, tokenOfLink, VERIFY_SUBJECT, waitForMail } from '../../support/mail-folder';
import { E2E_ADMIN, E2E_BASE_URL, E2E_DATA_DIR_POINTER, E2E_PASSWORD } from './settings';

/*
 * Browser tests set up their state through the API, the way the web client would, and then test
 * the screen. Every user gets a request context of their own, so sessions never mix.
 *
 * What a test asks for by name (Playwright makes only the fixtures a test names):
 * - `seller`, `buyer`: one account of that role, registered for the test, with a demo person's name
 *   and a suffix no other test uses (rows and queues are searched by it); `registerSeller` and
 *   `registerBuyer` make more.
 * - `signedInSeller`, `signedInBuyer`: the same accounts, with `page` signed in as them.
 * - `openWindow({ as, viewport, lang })`: another browser window with cookies of its own (the other
 *   side of a conversation, the admin), signed in as `as`, at the test's viewport unless told;
 *   closed when the test ends.
 * - `createListing(seller, overrides)`, `adminApi`, `adminCredentials`, `loginAs(page, user)`.
 * The deal's set-up through the API (booking, accepting, reviews, conversations) is in ./deals.ts;
 * the window sizes and the forms a person fills on the way (login, booking) in ./screens.ts.
 */

export interface Credentials {
  email: string;
  password: string;
}

export interface TestUser extends Credentials {
  /** The account's id, as the seller's page (`paths.seller`) and the API name it. */
  _id: string;
  name: string;
  role: 'buyer' | 'seller';
  photoURL: string;
  /** Signed in as this user (session cookie), for further set-up calls. */
  api: APIRequestContext;
}

export type TestListing = Omit<StoreProductRequest, 'productImg'> & { _id: string; productImg: string };

interface Fixtures {
  registerBuyer: (overrides?: Partial<Pick<TestUser, 'name' | 'email'>>) => Promise<TestUser>;
  registerSeller: (overrides?: Partial<Pick<TestUser, 'name' | 'email'>>) => Promise<TestUser>;
  /** Signs `page`'s browser in as `user`, with the session cookie and the access token the client keeps. */
  loginAs: (page: Page, user: Credentials) => Promise<void>;
  adminCredentials: Credentials;
  /** Signed in as the admin (session cookie), for set-up calls only an admin may make. */
  adminApi: APIRequestContext;
  createListing: (seller: TestUser, overrides?: Partial<StoreProductRequest>) => Promise<TestListing>;
  seller: TestUser;
  buyer: TestUser;
  /** `seller`, with `page` signed in as them. */
  signedInSeller: TestUser;
  /** `buyer`, with `page` signed in as them. */
  signedInBuyer: TestUser;
  /**
   * A browser window of its own (cookies, language), signed in as `as`, at `viewport` or the test's
   * (`test.use({ viewport })`); closed after the test.
   */
  openWindow: (options?: WindowOptions) => Promise<Page>;
}

export interface WindowOptions {
  as?: Credentials;
  viewport?: { width: number; height: number };
  /** Bangla through the `lang` cookie, as a person who chose it has. */
  lang?: 'bn';
}

/**
 * A set-up context stands for the site's own pages: a change made with the session cookie counts
 * only with the page's origin, as a browser sends it.
 */
const asOwnPage = { baseURL: E2E_BASE_URL, extraHTTPHeaders: { origin: E2E_BASE_URL } };

// The client keeps its access token under this key (src/client/api/http.ts, ACCESS_TOKEN_KEY);
// that module reads Vite's import.meta.env, so it cannot be imported here.
const ACCESS_TOKEN_KEY = 'accessToken';

let serial = 0;
const uniqueEmail = (role: string, worker: number) =>
  `${role}.${Date.now().toString(36)}.w${worker}.${++serial}@e2e.test`;

/** Text no other test uses, for names the screens are searched by (listings, emails). */
export const uniqueText = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A demo person's name with a suffix no other test uses, so screens and queues can be searched by it. */
const uniquePersonName = (role: TestUser['role']) => uniqueText(demoPerson(++serial, role).name);

/** Fails the set-up with the server's answer when `response` is not a 2xx. */
export async function expectOk(response: APIResponse, what: string): Promise<APIResponse> {
  if (!response.ok()) throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
  return response;
}

/**
 * Makes `page.goto` and `page.reload` return once the app responds (`<html data-ready>`, set by
 * AppShell), not only once the page has loaded: a page the server rendered shows its buttons before
 * its scripts arrive, as a person sees a page before it has finished loading.
 */
export function waitForTheAppOnLoad(page: Page): void {
  const untilReady = async (response: Response | null) => {
    const isAppPage =
      response?.url().startsWith(E2E_BASE_URL) && (response.headers()['content-type'] ?? '').startsWith('text/html');
    if (isAppPage) await page.locator('html[data-ready]').waitFor({ state: 'attached' });
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => untilReady(await goto(url, options));
  page.reload = async (options) => untilReady(await reload(options));
}

export const test = base.extend<Fixtures>({
  // Every page of the test's own browser context, the default `page` included.
  context: async ({ context }, use) => {
    context.on('page', waitForTheAppOnLoad);
    await use(context);
  },
  registerBuyer: registrar('buyer'),
  seller: async ({ registerSeller }, use) => use(await registerSeller({ name: uniquePersonName('seller') })),
  buyer: async ({ registerBuyer }, use) => use(await registerBuyer({ name: uniquePersonName('buyer') })),
  signedInSeller: async ({ page, seller, loginAs }, use) => {
    await loginAs(page, seller);
    await use(seller);
  },
  signedInBuyer: async ({ page, buyer, loginAs }, use) => {
    await loginAs(page, buyer);
    await use(buyer);
  },

  openWindow: async ({ browser, loginAs, viewport: testViewport }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async ({ as, viewport = testViewport ?? undefined, lang } = {}) => {
      const context = await browser.newContext({ viewport });
      contexts.push(context);
      if (lang) await context.addCookies([{ name: 'lang', value: lang, url: E2E_BASE_URL }]);
      context.on('page', waitForTheAppOnLoad);
      const page = await context.newPage();
      if (as) await loginAs(page, as);
      return page;
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
  registerSeller: registrar('seller'),

  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  loginAs: async ({}, use) => {
    await use(async (page, { email, password }) => {
      // page.request shares the browser context's cookies, so this signs the browser in.
      await expectOk(await page.request.post('/api/auth/login', { data: { email, password } }), `login as ${email}`);
      const jwt = await expectOk(await page.request.get(`/api/jwt?email=${encodeURIComponent(email)}`), 'GET /api/jwt');
      const { accessToken } = (await jwt.json()) as { accessToken: string };
      await page
        .context()
        .addInitScript(([key, token]) => window.localStorage.setItem(key, token), [
          ACCESS_TOKEN_KEY,
          accessToken,
        ] as const);
    });
  },

  adminCredentials: [E2E_ADMIN, { option: true }],

  adminApi: async ({ playwright }, use) => {
    const api = await playwright.request.newContext(asOwnPage);
    await expectOk(await api.post('/api/auth/login', { data: E2E_ADMIN }), 'admin login');
    await use(api);
    await api.dispose();
  },

  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  createListing: async ({}, use) => {
    await use(async (seller, overrides = {}) => {
      const { caption, hue, ...fields } = demoListing(++serial);
      const productImg = overrides.productImg ?? (await uploadPicture(seller.api, caption, hue));
      const listing = { ...fields, ...overrides, productImg };
      const stored = await expectOk(
        await seller.api.post('/api/store_products', { data: listing }),
        'POST /api/store_products',
      );
      const { insertedId } = (await stored.json()) as { insertedId: string };
      return { ...listing, _id: insertedId };
    });
  },
});

type Register = Fixtures['registerBuyer'];

/** A fixture that registers users of `role`, each signed in on a request context of their own. */
function registrar(role: TestUser['role']) {
  return async (
    { playwright }: PlaywrightWorkerArgs,
    use: (register: Register) => Promise<void>,
    testInfo: TestInfo,
  ) => {
    const contexts: APIRequestContext[] = [];
    await use(async (overrides = {}) => {
      const api = await playwright.request.newContext(asOwnPage);
      contexts.push(api);
      return register(api, role, { email: uniqueEmail(role, testInfo.workerIndex), ...overrides });
    });
    await Promise.all(contexts.map((context) => context.dispose()));
  };
}

/** Sign-up, then the profile through POST /api/addUser, exactly as the register page does it. */
async function register(
  api: APIRequestContext,
  role: 'buyer' | 'seller',
  { email, name }: { email: string; name?: string },
): Promise<TestUser> {
  const person = demoPerson(++serial, role);
  // A picture this server serves, so no test page waits on the internet for an avatar.
  const photoURL = `${E2E_BASE_URL}/uploads/${categoryImageName(CATEGORY_CATALOGUE[serial % CATEGORY_CATALOGUE.length]!.id)}`;
  const user = { email, password: E2E_PASSWORD, name: name ?? person.name, role, photoURL };
  await expectOk(
    await api.post('/api/auth/signup', { data: { email, password: user.password } }),
    `sign-up of ${email}`,
  );
  // Listing a phone waits for a verified address: follow the link of the mail the server wrote.
  const mail = await waitForMail(e2eMailFolder(), email, VERIFY_SUBJECT);
  await expectOk(
    await api.post('/api/account/verify-email', { data: { token: tokenOfLink(mail, '/verify-email') } }),
    `verifying ${email}`,
  );
  const added = await expectOk(
    await api.post('/api/addUser', { data: { name: user.name, email, role, photoURL } }),
    `POST /api/addUser for ${email}`,
  );
  const { insertedId } = (await added.json()) as { insertedId: string };
  return { ...user, _id: insertedId, api };
}

/** Where the e2e server writes its mail (DATA_DIR/mail), as scripts/e2e-server.ts tells. */
export const e2eMailFolder = () => mailFolderOf(readFileSync(E2E_DATA_DIR_POINTER, 'utf8').trim());

async function uploadPicture(api: APIRequestContext, caption: string, hue: number): Promise<string> {
  const buffer = await phonePicture({ caption, hue, width: 640, height: 480 });
  const response = await expectOk(
    await api.post('/api/uploads', { multipart: { image: { name: 'phone.webp', mimeType: 'image/webp', buffer } } }),
    'POST /api/uploads',
  );
  return ((await response.json()) as UploadResponse).data.url;
}

/**
 * Fails with a readable list when axe finds serious or critical problems on the page as it is now,
 * once the animations that end have ended: a dialog still fading in has the contrast of a ghost.
 * A problem found on an element that moved while axe read the page, or that has gone since, is
 * checked again, three checks at most: react-hot-toast draws a new toast at opacity 0 with no
 * animation until it has measured it, then fades it in from half opacity, and a toast's end fades
 * it out, either of which may fall within axe's second. Problems found by a check taken again are
 * kept as an annotation of the test, so a short-lived element's real problem still shows.
 */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const takenAgain: string[] = [];
  let serious: string[] = [];
  for (let check = 1; check <= 3; check += 1) {
    await waitForEndingAnimations(page);
    await watchMotion(page);
    // Legacy mode: one axe.run in the page itself. The default runs axe per frame and then finishes
    // in a blank page it opens, injecting axe's 650 kB there too: about a fifth more time per check
    // (interleaved runs on one page), for cross-origin frames, which the app does not have.
    const { violations } = await new AxeBuilder({ page }).setLegacyMode().analyze();
    const found = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    serious = found.map(
      (v) => `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
    const targets = found.flatMap((v) => v.nodes.map((node) => String(node.target[0])));
    if (serious.length === 0 || check === 3 || !(await movedOrGone(page, targets))) break;
    takenAgain.push(...serious);
  }
  if (takenAgain.length > 0) {
    test.info().annotations.push({ type: 'accessibility, checked again', description: takenAgain.join('; ') });
  }
  expect(serious, `accessibility problems on ${page.url()}`).toEqual([]);
}

/**
 * Waits while animations that end are running, again while new ones start (a toast that appears
 * as the first ones end), a few times at most.
 */
async function waitForEndingAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let round = 0; round < 5; round += 1) {
      const ending = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity,
        );
      if (ending.length === 0) return;
      await Promise.allSettled(ending.map((animation) => animation.finished));
      // A frame for what their end starts (an element shown as another leaves).
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  });
}

type MotionWatch = { moved: Set<Element> };

/**
 * From now on, notes every element a CSS animation or transition starts on, and those still
 * running now (the wait above gives up after a few rounds).
 */
async function watchMotion(page: Page): Promise<void> {
  await page.evaluate(() => {
    const scope = window as unknown as { motionWatch?: MotionWatch };
    if (!scope.motionWatch) {
      const watch: MotionWatch = { moved: new Set() };
      const note = (event: Event) => event.target instanceof Element && watch.moved.add(event.target);
      for (const type of ['animationstart', 'transitionrun']) document.addEventListener(type, note, true);
      scope.motionWatch = watch;
    }
    scope.motionWatch.moved.clear();
    for (const animation of document.getAnimations()) {
      const target = (animation.effect as KeyframeEffect | null)?.target;
      if (animation.playState === 'running' && target) scope.motionWatch.moved.add(target);
    }
  });
}

/** Whether an element axe found fault with has gone, or is within or around one that moved since watchMotion. */
function movedOrGone(page: Page, targets: string[]): Promise<boolean> {
  return page.evaluate((selectors) => {
    const moved = [...((window as unknown as { motionWatch?: MotionWatch }).motionWatch?.moved ?? [])];
    for (const animation of document.getAnimations()) {
      const target = (animation.effect as KeyframeEffect | null)?.target;
      if (animation.playState === 'running' && target) moved.push(target);
    }
    return selectors.some((selector) => {
      let node: Element | null;
      try {
        node = document.querySelector(selector);
      } catch {
        return false;
      }
      return node === null || moved.some((element) => element.contains(node) || node.contains(element));
    });
  }, targets);
}

export { expect };
