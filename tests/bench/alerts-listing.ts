/*
 * Listing a phone with many saved alerts (docs/alerts.md, "Speed"): BENCH_ALERTS alerts (default
 * 100,000) of 5,000 users, with filters and words spread like real ones, in a fresh database of each
 * engine; then BENCH_ALERT_LISTINGS phones (default 100) are listed one after another through the
 * app (`app.inject`, so the figure is the server's own work: validation, the transaction, the
 * search index and the alert event), and the alert worker's rounds run until every matching alert
 * has been told. Targets: p99 of the listing call under 100 ms; everything told within a minute.
 */
import type { Kysely, KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { DISTRICTS } from '#shared/districts';
import { CONDITIONS, MAX_PRICE } from '#shared/products';
import { newId } from '#server/db/ids';
import type { Database } from '#server/db/schema';
import { deliverAlerts } from '#server/alerts/delivery';
import { matchEvents } from '#server/alerts/matching';
import { CATEGORY_CATALOGUE } from '#server/start/seed/categories';
import { createScriptApp } from '../support/app';
import { registerActor } from '../support/actors';
import { uploadPhoto } from '../support/products';
import { loadAverage } from './load';

const BRANDS = ['apple', 'samsung', 'xiaomi', 'realme', 'oneplus', 'google', 'nokia', 'vivo', 'oppo', 'tecno'];
const WORDS = ['iphone', 'galaxy', 'redmi', 'pro', 'max', 'note', 'pixel', 'nord', 'lite', 'ultra'];
const USERS = 5_000;

/** A small deterministic generator, so every run sets up the same alerts. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

export async function fillAlerts(db: Kysely<Database>, count: number) {
  const rnd = random(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const now = new Date().toISOString();
  const userIds = Array.from({ length: USERS }, () => newId());
  for (let start = 0; start < USERS; start += 500) {
    await db
      .insertInto('users')
      .values(
        userIds.slice(start, start + 500).map((id, i) => ({
          id,
          email: `alert.user.${start + i}@bench.test`,
          password_hash: null,
          name: 'Bench buyer',
          photo_url: '',
          role: 'buyer' as const,
          google_sub: null,
          phone_number: null,
          created_at: now,
        })),
      )
      .execute();
  }
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) => {
      // People save searches for something: most name a brand or a model's word and a price limit.
      const maxPrice = rnd() < 0.8 ? Math.round(10_000 + rnd() * 140_000) : MAX_PRICE;
      const words = rnd() < 0.5 ? [pick(WORDS)] : [];
      return {
        id: newId(),
        user_id: userIds[(start + i) % USERS]!,
        search: `bench=${start + i}`,
        sentence: 'Bench alert',
        words: JSON.stringify(words.map((word) => ({ word, prefix: false }))),
        category_id: rnd() < 0.5 ? pick(CATEGORY_CATALOGUE).id : '',
        brand_key: rnd() < 0.7 ? pick(BRANDS) : '',
        condition: rnd() < 0.3 ? pick(CONDITIONS) : '',
        district: rnd() < 0.5 ? pick(DISTRICTS) : '',
        min_price: 0,
        max_price: maxPrice,
        is_verified_only: rnd() < 0.1,
        frequency: 'instant' as const,
        created_at: now,
        last_sent_at: null,
      };
    });
    await db.insertInto('saved_alerts').values(rows).execute();
  }
}

/** Counts the statements sent: what a round costs, apart from the machine's load. */
class StatementCounter implements KyselyPlugin {
  private count = 0;
  transformQuery(args: PluginTransformQueryArgs) {
    this.count++;
    return args.node;
  }
  transformResult(args: PluginTransformResultArgs) {
    return Promise.resolve(args.result);
  }
  /** The statements since the last call. */
  take() {
    const count = this.count;
    this.count = 0;
    return count;
  }
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

/** Sets up, measures and prints one engine; answers whether both targets held. */
export async function benchAlertListing(engine: 'sqlite' | 'postgres'): Promise<boolean> {
  const alerts = Number(process.env.BENCH_ALERTS ?? 100_000);
  const listings = Number(process.env.BENCH_ALERT_LISTINGS ?? 100);
  if (engine === 'postgres') process.env.TEST_DATABASE_URL ||= process.env.BENCH_DATABASE_URL;
  else delete process.env.TEST_DATABASE_URL;
  const t = await createScriptApp({}, { uploadRateLimit: 1_000_000 });
  try {
    const filled = Date.now();
    await fillAlerts(t.db, alerts);
    console.log(`${engine}: ${alerts} saved alerts in ${((Date.now() - filled) / 1000).toFixed(0)} s`);
    const seller = await registerActor(t.app, 'seller');
    const productImg = await uploadPhoto(seller);
    const rnd = random(11);
    const times: number[] = [];
    const started = Date.now();
    for (let i = 0; i < listings; i++) {
      const category = CATEGORY_CATALOGUE[i % CATEGORY_CATALOGUE.length]!;
      const payload = {
        productName: `${WORDS[i % WORDS.length]} ${BRANDS[i % BRANDS.length]} ${i}`,
        brand: BRANDS[i % BRANDS.length],
        category_id: category.id,
        originalPrice: 150_000,
        resalePrice: Math.round(8_000 + rnd() * 120_000),
        yearOfPurchase: 2022,
        productCondition: CONDITIONS[i % CONDITIONS.length],
        sellerMobile: '01711223344',
        location: DISTRICTS[i % DISTRICTS.length],
        description: 'A phone listed by the alerts benchmark.',
        productImg,
      };
      const before = performance.now();
      const response = await seller.request({ method: 'POST', url: '/api/store_products', payload });
      times.push(performance.now() - before);
      if (response.statusCode !== 201) throw new Error(`listing failed: ${response.statusCode} ${response.body}`);
    }
    const listed = Date.now();
    const sorted = [...times].sort((a, b) => a - b);
    // Printed before the telling, which can take long: a run cut short still has its listing figures.
    console.log(
      `${engine}: ${listings} listings with ${alerts} alerts: listing p50 ${percentile(sorted, 0.5).toFixed(1)} ms, ` +
        `p99 ${percentile(sorted, 0.99).toFixed(1)} ms (target < 100 ms), load average ${loadAverage()}; telling…`,
    );
    const statements = new StatementCounter();
    const deps = { ...t.app.deps, db: t.db.withPlugin(statements) };
    let matched = 0;
    let told = 0;
    for (;;) {
      const matchStart = Date.now();
      const round = { matched: await matchEvents(deps.db, deps.engine), delivered: 0 };
      const matchStatements = statements.take();
      const tellStart = Date.now();
      round.delivered = await deliverAlerts(deps);
      matched += round.matched;
      told += round.delivered;
      console.log(
        `${engine}: a round matched ${round.matched} in ${((tellStart - matchStart) / 1000).toFixed(1)} s ` +
          `(${matchStatements} statements) and told ${round.delivered} alerts in ${((Date.now() - tellStart) / 1000).toFixed(1)} s ` +
          `(${statements.take()} statements), ${((Date.now() - listed) / 1000).toFixed(1)} s after the last listing`,
      );
      const left = await t.db.selectFrom('alert_events').select('id').limit(1).execute();
      if (left.length === 0 && round.delivered === 0) break;
    }
    const delivered = Date.now();
    const p50 = percentile(sorted, 0.5);
    const p99 = percentile(sorted, 0.99);
    const tellSeconds = (delivered - started) / 1000;
    console.log(
      `${engine}: ${listings} listings with ${alerts} alerts: listing p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms ` +
        `(target < 100 ms); ${matched} matches told to ${told} alerts, all within ${tellSeconds.toFixed(1)} s of the first ` +
        `listing (matching and telling took ${((delivered - listed) / 1000).toFixed(1)} s; target < 60 s); load average ${loadAverage()}`,
    );
    return p99 < 100 && tellSeconds < 60;
  } finally {
    await t.close();
  }
}
