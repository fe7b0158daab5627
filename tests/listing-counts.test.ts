import { describe, expect, it } from 'vitest';
import { setModerationState, markSold } from '#server/products/repository';
import { CATEGORY_CATALOGUE } from '#server/start/seed/categories';
import { useTestApp } from './support/harness';
import { registerActor } from './support/actors';
import { editListing, listProduct } from './support/products';

/*
 * The public lists' X-Total-Count comes from listing_counts (migration 021), kept by triggers on
 * products, not from counting the list. After every kind of listing write the kept counts must be
 * what counting the products gives, and the lists' headers must say the same.
 */

const { t, seller, admin } = useTestApp({ seller: 'seller', admin: 'admin' });
const [first, second] = CATEGORY_CATALOGUE;

/** Each scope's size, counted from the products as the lists filter them. */
async function countedFromProducts(): Promise<Record<string, number>> {
  const rows = await t.db
    .selectFrom('products')
    .select(['category_id', 'is_advertised'])
    .where('is_sold', '=', false)
    .where('is_hidden', '=', false)
    .where('review_state', 'is', null)
    .execute();
  const counts: Record<string, number> = {};
  const add = (scope: string) => (counts[scope] = (counts[scope] ?? 0) + 1);
  for (const row of rows) {
    add('all');
    add(`category:${row.category_id}`);
    if (row.is_advertised) add('advertised');
  }
  return counts;
}

async function kept(): Promise<Record<string, number>> {
  // On PostgreSQL a scope's count is spread over rows, one per backend (migration 039).
  const counts: Record<string, number> = {};
  for (const row of await t.db.selectFrom('listing_counts').selectAll().execute())
    counts[row.scope] = (counts[row.scope] ?? 0) + Number(row.count);
  return Object.fromEntries(Object.entries(counts).filter(([, count]) => count !== 0));
}

let asked = 0;
/** A parameter the API ignores makes each read new: some writes here go past the API, and so past the public cache's dropping. */
const totalOf = async (path: string) =>
  Number((await t.app.inject({ method: 'GET', url: `${path}?_=${(asked += 1)}` })).headers['x-total-count']);

async function expectCountsRight(after: string) {
  const counted = await countedFromProducts();
  expect(await kept(), after).toEqual(counted);
  expect(await totalOf('/api/all/phones'), after).toBe(counted.all ?? 0);
  expect(await totalOf('/api/advertised_products'), after).toBe(counted.advertised ?? 0);
  for (const category of [first!, second!]) {
    expect(await totalOf(`/api/category/${category.id}`), after).toBe(counted[`category:${category.id}`] ?? 0);
  }
}

const ok = async (response: Promise<{ statusCode: number; body: string }>) => {
  const answered = await response;
  expect(answered.statusCode, answered.body).toBeLessThan(300);
};

describe('the kept counts of the public lists', () => {
  it('stay right through every listing write', async () => {
    const [a, b, c] = [
      await listProduct(seller, { category_id: first!.id }),
      await listProduct(seller, { category_id: first!.id }),
      await listProduct(seller, { category_id: second!.id }),
    ];
    await expectCountsRight('listing three phones');

    await ok(seller.request({ method: 'PUT', url: `/api/advertise/product/${a}` }));
    await ok(seller.request({ method: 'PUT', url: `/api/advertise/product/${b}` }));
    await expectCountsRight('advertising two');

    await ok(editListing(seller, a, { category_id: second!.id }));
    await expectCountsRight('moving an advertised phone to another category');

    await ok(seller.request({ method: 'PUT', url: `/api/hide/product/${a}` }));
    await expectCountsRight('hiding one');
    await ok(seller.request({ method: 'PUT', url: `/api/hide/product/${a}` }));
    await expectCountsRight('hiding it again, which changes nothing');
    await ok(seller.request({ method: 'PUT', url: `/api/show/product/${a}` }));
    await expectCountsRight('showing it again');

    await t.db.transaction().execute((trx) => markSold(trx, b));
    await expectCountsRight('selling an advertised one');

    const misleading = { code: 'misleading', note: null } as const;
    await t.db.transaction().execute((trx) => setModerationState(trx, c, { state: 'hidden', reason: misleading }));
    await expectCountsRight('a moderator holding one');
    await t.db.transaction().execute((trx) => setModerationState(trx, c, { state: null, hidden: false }, 'hidden'));
    await expectCountsRight('the moderator releasing it');

    await t.db.updateTable('products').set({ review_state: 'pending' }).where('id', '=', a).execute();
    await expectCountsRight('a listing waiting on review');
    await t.db.updateTable('products').set({ review_state: null }).where('id', '=', a).execute();
    await expectCountsRight('the review passed');

    await ok(seller.request({ method: 'DELETE', url: `/api/delete/product/${c}` }));
    await expectCountsRight('deleting one');

    const leaving = await registerActor(t.app, 'seller');
    await listProduct(leaving, { category_id: second!.id });
    const advertised = await listProduct(leaving, { category_id: first!.id });
    await ok(leaving.request({ method: 'PUT', url: `/api/advertise/product/${advertised}` }));
    await expectCountsRight('another seller listing two');
    await ok(admin.request({ method: 'DELETE', url: `/api/sellers/${leaving.user.uid}` }));
    await expectCountsRight("deleting that seller's account");
  });
});
