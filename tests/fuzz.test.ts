import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '#server/auth/repository';
import { newSessionToken } from '#server/auth/tokens';
import { seedDemoData } from '#server/start/seed/demo';
import { phonePicture } from '#server/start/seed/pictures';
import { startHousekeeping } from '#server/housekeeping';
import { fileTransport, mailDirOf } from '#server/mail/transport';
import { startMailWorker } from '#server/mail/worker';
import { createTestApp, type TestApp } from './support/app';
import { actorWithSession, adminActor, registerActor, type Actor } from './support/actors';
import { callArbitrary, type FuzzCall } from './support/fuzz-requests';
import { operationsOf, type KnownValues, type Operation } from './support/fuzz';
import { listProduct, uploadPhoto } from './support/products';
import { demoListing } from '#server/start/seed/factories';
import { demoSnapshot, rowsStillThere, type DemoSnapshot } from './support/snapshot';

/*
 * Property-based fuzzing of every operation of the OpenAPI document, as anonymous and as a buyer, a
 * seller and an admin, with valid, boundary and hostile values and malformed bodies. Whatever is
 * sent, the answer is below 500, every 4xx is JSON with a message, and the demo data is as it was.
 * The mail worker and housekeeping run meanwhile, as in the server, and nothing is logged at error
 * level (a failed mail round, an unhandled error).
 * FUZZ_SEED replays a run (each run prints its seed); FUZZ_REQUESTS sets the total (default 5,000).
 */

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);
const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 5_000);
const ROLES = ['anonymous', 'buyer', 'seller', 'admin'] as const;
type Role = (typeof ROLES)[number];

let t: TestApp;
let operations: Operation[];
let before: DemoSnapshot;
let picture: Buffer;
const actors: Partial<Record<Role, Actor>> = {};
const knownForReads: KnownValues = { ids: [], emails: [], photos: [] };
const knownForWrites: KnownValues = { ids: [], emails: [], photos: [] };
let sent = 0;
/** What the app logged at error level and above. */
const errorLog: string[] = [];

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      apiRateLimit: Number.MAX_SAFE_INTEGER,
      uploadRateLimit: Number.MAX_SAFE_INTEGER,
      // The notification stream answers for minutes; here each one ends at once, so every request gets its answer.
      notificationStreamMs: 20,
      logger: { level: 'error', stream: { write: (line) => errorLog.push(line) } },
    },
    {},
    (app, dataDir) => {
      startMailWorker(app, { transport: fileTransport(mailDirOf(dataDir)), intervalMs: 500 });
      startHousekeeping(app, { firstRunMs: 1_000, intervalMs: 5_000 });
    },
  );
  await seedDemoData(t.db, t.images, { log: () => {} });
  before = await demoSnapshot(t.db);
  actors.buyer = await registerActor(t.app, 'buyer');
  actors.seller = await registerActor(t.app, 'seller');
  actors.admin = await adminActor(t.app, t.db);
  const photo = await uploadPhoto(actors.seller);
  const ownProduct = await listProduct(actors.seller);
  picture = await phonePicture({ caption: 'fuzz', hue: 10, width: 64, height: 48 });

  // Writes get only the fuzz accounts' own records, so whatever they do, the demo data stays.
  knownForWrites.ids.push(ownProduct, actors.buyer.user.uid, actors.seller.user.uid);
  knownForWrites.emails.push(actors.buyer.email, actors.seller.email, actors.admin.email);
  // The same upload under both of its spellings: a list naming it twice that way once answered 500.
  knownForWrites.photos.push(photo, `${t.app.deps.config.PUBLIC_URL}${photo}`);
  const demoProducts = await t.db.selectFrom('products').select('id').limit(3).execute();
  const categories = await t.db.selectFrom('categories').select('id').limit(2).execute();
  knownForReads.ids.push(...knownForWrites.ids, ...demoProducts.map((p) => p.id), ...categories.map((c) => c.id));
  knownForReads.emails.push(...knownForWrites.emails, 'seller@example.com');
  knownForReads.photos.push(photo);

  const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  operations = operationsOf(doc.json());
  console.log(`fuzz: seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${operations.length} operations`);
}, 120_000);
afterAll(() => t?.close());

/** What is wrong with an answer, if anything. */
function problemWith(op: Operation, response: LightMyRequestResponse): string | undefined {
  if (response.statusCode >= 500) return `answered ${response.statusCode}: ${response.body.slice(0, 300)}`;
  if (response.statusCode < 400 || !op.refusesInJson) return undefined;
  if (!String(response.headers['content-type']).includes('application/json'))
    return `a ${response.statusCode} that is not JSON: ${response.body.slice(0, 200)}`;
  const body = JSON.parse(response.body) as { message?: unknown };
  if (typeof body.message !== 'string' || !body.message) return `a ${response.statusCode} without a message`;
  return undefined;
}

/**
 * A state change may end the fuzz account's session (logout, a password change) or the account (an
 * admin's delete). A new session is made the cheap way, as the server makes one, without hashing
 * a password; a deleted account is replaced by a new one.
 */
async function keepSignedIn(role: Exclude<Role, 'anonymous'>): Promise<void> {
  const actor = actors[role]!;
  const me = await actor.request({ method: 'GET', url: '/api/auth/me' });
  if (me.statusCode === 200) return;
  const user = await t.db.selectFrom('users').select('id').where('id', '=', actor.user.uid).executeTakeFirst();
  if (!user) {
    actors[role] = role === 'admin' ? await adminActor(t.app, t.db) : await registerActor(t.app, role);
    return;
  }
  const { token, hash } = newSessionToken();
  await createSession(t.db, user.id, hash);
  actors[role] = await actorWithSession(t.app, actor, `phonehaat_session=${token}`);
}

async function send(role: Role, call: FuzzCall): Promise<LightMyRequestResponse> {
  sent++;
  const options = { method: call.method as 'GET', url: call.url, headers: call.headers, payload: call.payload };
  if (role === 'anonymous') return t.app.inject(options);
  const response = await actors[role]!.request(options);
  if (call.method !== 'GET' && response.statusCode < 300) await keepSignedIn(role);
  return response;
}

const describeCall = (role: Role, call: FuzzCall) =>
  `${role} ${call.method} ${call.url.slice(0, 300)} ${JSON.stringify(call.headers)} ${String(call.payload ?? '').slice(0, 300)}`;

describe('fuzzing every operation from the OpenAPI document', () => {
  it('answers every generated request below 500, every 4xx as JSON with a message', async () => {
    const combinations = operations.flatMap((op) => ROLES.map((role) => ({ op, role })));
    const runsEach = Math.ceil(TOTAL / combinations.length);
    for (const [index, { op, role }] of combinations.entries()) {
      const known = op.method === 'GET' ? knownForReads : knownForWrites;
      await fc.assert(
        fc.asyncProperty(callArbitrary(op, known, picture), async (call) => {
          const problem = problemWith(op, await send(role, call));
          if (problem) throw new Error(`${describeCall(role, call)}\n  ${problem}`);
        }),
        { seed: SEED + index, numRuns: runsEach, endOnFailure: true },
      );
    }
    expect(sent).toBeGreaterThanOrEqual(TOTAL);
  }, 600_000);

  it('logs nothing at error level, the mail worker and housekeeping included', () => {
    expect(sent).toBeGreaterThan(0);
    expect(errorLog).toEqual([]);
  });

  it('answers below 500 the requests that once broke the server', async () => {
    // The generated calls may have ended the fuzz seller's session or account: a session, and a photo, of its own.
    await keepSignedIn('seller');
    const photo = await uploadPhoto(actors.seller!);
    const { caption: _caption, hue: _hue, ...fields } = demoListing(1);
    const onePhotoTwice = { ...fields, productImg: photo, photos: [photo, `${t.app.deps.config.PUBLIC_URL}${photo}`] };
    const listings = operations.filter((op) => op.path === '/api/store_products' && op.method === 'POST');
    expect(listings).toHaveLength(1);
    const call: FuzzCall = {
      method: 'POST',
      url: '/api/store_products',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(onePhotoTwice),
    };
    const response = await send('seller', call);
    expect(problemWith(listings[0]!, response)).toBeUndefined();
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { photos: 'Each photo can be added once' },
    });
  });

  it('leaves the demo data as it was', async () => {
    expect(sent).toBeGreaterThan(0);
    expect(rowsStillThere(before, await demoSnapshot(t.db))).toEqual(before);
  });
});
