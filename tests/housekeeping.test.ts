import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { orderSchema } from '#shared/bookings';
import { PublicCache } from '#server/cache/public-cache';
import { named } from '#server/cache/tags';
import { newId } from '#server/db/ids';
import {
  housekeepingJobs,
  removeExpiredSessions,
  removeUnusedUploads,
  runHousekeeping,
  startHousekeeping,
  UNUSED_UPLOAD_MAX_AGE_MS,
  type HousekeepingJob,
} from '#server/housekeeping';
import { registerActor, type Actor } from './support/actors';
import { useTestApp } from './support/harness';
import { listProduct, uploadPhoto } from './support/products';
import { bookPhone } from './support/deal';

const { t, seller, buyer } = useTestApp({ seller: 'seller', buyer: 'buyer' });

const HOUR = 60 * 60 * 1000;
const uploadIdOf = (url: string) => url.slice('/uploads/'.length, -'.webp'.length);
const filesOf = (uploadId: string) => [
  join(t.images.directory, `${uploadId}.webp`),
  join(t.images.directory, `${uploadId}-thumb.webp`),
];
const imageOf = async (productId: string) =>
  (await t.db.selectFrom('products').select('image_id').where('id', '=', productId).executeTakeFirstOrThrow()).image_id;
const uploadIds = async () => (await t.db.selectFrom('uploads').select('id').execute()).map((row) => row.id);

/** Makes an upload look `hours` old. */
const age = (uploadId: string, hours: number) =>
  t.db
    .updateTable('uploads')
    .set({ created_at: new Date(Date.now() - hours * HOUR).toISOString() })
    .where('id', '=', uploadId)
    .execute();

describe('removeUnusedUploads', () => {
  it('removes uploads over a day old that no product uses and no order shows, with their files', async () => {
    expect(UNUSED_UPLOAD_MAX_AGE_MS).toBe(24 * HOUR);
    // A photo uploaded for a listing that was never saved.
    const abandoned = uploadIdOf(await uploadPhoto(seller));
    await age(abandoned, 25);
    // The photo of a listing deleted before anyone booked it.
    const unbookedProduct = await listProduct(seller);
    const unbooked = await imageOf(unbookedProduct);
    expect((await seller.request({ method: 'DELETE', url: `/api/delete/product/${unbookedProduct}` })).statusCode).toBe(
      200,
    );
    await age(unbooked, 48);
    // Kept: a photo uploaded less than a day ago, one a listing uses, one an order of a deleted listing shows.
    const recent = uploadIdOf(await uploadPhoto(seller));
    await age(recent, 23);
    const listed = await imageOf(await listProduct(seller));
    await age(listed, 48);
    const bookedProduct = await listProduct(seller);
    const booked = await imageOf(bookedProduct);
    await bookPhone(buyer, bookedProduct, 'Bogura');
    expect((await seller.request({ method: 'DELETE', url: `/api/delete/product/${bookedProduct}` })).statusCode).toBe(
      200,
    );
    await age(booked, 48);
    const before = await uploadIds();

    const removed = await removeUnusedUploads(t.app.deps);

    const after = await uploadIds();
    expect(removed).toBe(2);
    expect(before.filter((id) => !after.includes(id)).sort()).toEqual([abandoned, unbooked].sort());
    for (const gone of [abandoned, unbooked]) expect(filesOf(gone).map(existsSync)).toEqual([false, false]);
    for (const kept of [recent, listed, booked]) expect(filesOf(kept).map(existsSync)).toEqual([true, true]);

    const orders = orderSchema
      .array()
      .parse(
        (await buyer.request({ method: 'GET', url: `/api/orders?email=${encodeURIComponent(buyer.email)}` })).json(),
      );
    const order = orders.find((o) => o.meetLocation === 'Bogura')!;
    expect((await t.app.inject({ method: 'GET', url: order.productImg })).statusCode).toBe(200);

    // A second round finds nothing more to do.
    expect(await removeUnusedUploads(t.app.deps)).toBe(0);
  });

  it('keeps the picture of a deleted listing that a conversation shows, also once its seller account is deleted', async () => {
    const leaving = await registerActor(t.app, 'seller');
    const askedAbout = async (by: Actor) => {
      const productId = await listProduct(by);
      const started = await buyer.request({ method: 'POST', url: '/api/conversations', payload: { productId } });
      expect(started.statusCode).toBe(201);
      const id = started.json<{ _id: string }>()._id;
      const message = { clientId: `ask-${productId}`, text: 'Is it still available?' };
      const sent = await buyer.request({ method: 'POST', url: `/api/conversations/${id}/messages`, payload: message });
      expect(sent.statusCode).toBe(201);
      return { productId, conversationId: id, upload: await imageOf(productId) };
    };
    // A listing deleted by its seller, and one that goes with its seller's account.
    const deletedListing = await askedAbout(seller);
    const deletedRequest = { method: 'DELETE' as const, url: `/api/delete/product/${deletedListing.productId}` };
    expect((await seller.request(deletedRequest)).statusCode).toBe(200);
    const ofDeletedSeller = await askedAbout(leaving);
    const unasked = await imageOf(await listProduct(leaving));
    const deleted = await leaving.request({
      method: 'POST',
      url: '/api/account/delete',
      payload: { password: leaving.password },
    });
    expect(deleted.statusCode).toBe(200);
    // The account's pictures no one else shows go at once.
    expect(filesOf(unasked).map(existsSync)).toEqual([false, false]);
    await age(deletedListing.upload, 48);

    await removeUnusedUploads(t.app.deps);

    expect(await uploadIds()).toContain(deletedListing.upload);
    for (const { conversationId, upload } of [deletedListing, ofDeletedSeller]) {
      expect(filesOf(upload).map(existsSync)).toEqual([true, true]);
      const view = await buyer.request({ method: 'GET', url: `/api/conversations/${conversationId}` });
      expect(view.json<{ status: string }>().status).toBe('Removed');
      const picture = await t.app.inject({ method: 'GET', url: view.json<{ productImg: string }>().productImg });
      expect(picture.statusCode).toBe(200);
    }
  });

  it('counts the day from `now`', async () => {
    const upload = uploadIdOf(await uploadPhoto(seller));
    const inHours = (hours: number) => new Date(Date.now() + hours * HOUR);
    await removeUnusedUploads(t.app.deps, inHours(23));
    expect(await uploadIds()).toContain(upload);
    await removeUnusedUploads(t.app.deps, inHours(25));
    expect(await uploadIds()).not.toContain(upload);
    expect(filesOf(upload).map(existsSync)).toEqual([false, false]);
  });
});

describe('removeExpiredSessions', () => {
  it('removes sessions past their expiry or unused for 14 days, and keeps live ones', async () => {
    const user = await registerActor(t.app, 'buyer');
    const past = (days: number) => new Date(Date.now() - days * 24 * HOUR).toISOString();
    const [expired, idle] = [newId(), newId()];
    await t.db
      .insertInto('sessions')
      .values([
        {
          id: expired,
          user_id: user.user.uid,
          token_hash: `expired-${expired}`,
          created_at: past(31),
          expires_at: past(1),
          last_used_at: past(2),
        },
        {
          id: idle,
          user_id: user.user.uid,
          token_hash: `idle-${idle}`,
          created_at: past(15),
          expires_at: past(-15),
          last_used_at: past(14.01),
        },
      ])
      .execute();

    expect(await removeExpiredSessions(t.app.deps)).toBe(2);
    const left = await t.db.selectFrom('sessions').select('id').where('user_id', '=', user.user.uid).execute();
    expect(left).toHaveLength(1);
    expect([expired, idle]).not.toContain(left[0]!.id);
    expect((await user.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
  });
});

describe('runHousekeeping', () => {
  const fakeLog = () =>
    ({ info: vi.fn(), error: vi.fn() }) as unknown as FastifyBaseLogger & {
      info: ReturnType<typeof vi.fn>;
      error: ReturnType<typeof vi.fn>;
    };

  it('has the jobs of a round in one list', () => {
    expect(housekeepingJobs.map((job) => job.name)).toEqual([
      'unused uploads',
      'expired sessions',
      'expired booking requests',
      'expired offers',
      'reviews at their deadline',
      'old mail and mailed links',
      'old notifications',
      'ended limit counters',
      'ended restrictions',
      'fair prices',
      'old alert matches',
    ]);
  });

  it('runs every job; one that fails is logged and the next still runs', async () => {
    const log = fakeLog();
    const failure = new Error('disk unavailable');
    const jobs: HousekeepingJob[] = [
      { name: 'broken', run: vi.fn().mockRejectedValue(failure) },
      { name: 'working', run: vi.fn().mockResolvedValue(3) },
    ];
    expect(await runHousekeeping(t.app.deps, log, jobs)).toBe(true);
    expect(jobs[1]!.run).toHaveBeenCalledOnce();
    expect(log.error).toHaveBeenCalledWith({ err: failure, job: 'broken' }, 'housekeeping job failed');
    expect(log.info).toHaveBeenCalledWith({ job: 'working', removed: 3 }, 'housekeeping');
  });

  it('answers whether the round changed anything: a removal, or a job that failed part way', async () => {
    const quiet = { name: 'quiet', run: vi.fn().mockResolvedValue(0) };
    expect(await runHousekeeping(t.app.deps, fakeLog(), [quiet])).toBe(false);
    const broken = { name: 'broken', run: vi.fn().mockRejectedValue(new Error('locked')) };
    expect(await runHousekeeping(t.app.deps, fakeLog(), [quiet, broken])).toBe(true);
    // What nobody sees publicly (old notifications, counters) leaves the cached public answers alone.
    const private_ = { name: 'private', run: vi.fn().mockResolvedValue(5), changesPublic: false as const };
    expect(await runHousekeeping(t.app.deps, fakeLog(), [quiet, private_])).toBe(false);
  });
});

describe('startHousekeeping', () => {
  /** What startHousekeeping uses of the app: its deps, the public cache, and the search index's notes. */
  const housekeepingApp = (cache: PublicCache) => {
    const app = Fastify();
    app.decorate('deps', t.app.deps);
    app.decorate('publicCache', cache);
    app.decorate('tellSearchChanges', async () => {});
    return app;
  };

  it('runs a round a while after start and then every interval, until the app closes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const cache = new PublicCache();
    const app = housekeepingApp(cache);
    const job = { name: 'count', run: vi.fn().mockResolvedValueOnce(2).mockResolvedValue(0) };
    startHousekeeping(app, { jobs: [job], firstRunMs: 1_000, intervalMs: 10_000 });
    await app.ready();

    await vi.advanceTimersByTimeAsync(999);
    expect(job.run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(job.run).toHaveBeenCalledTimes(1);
    // The job removed records, which may have changed listings: the cached public answers start over.
    expect(cache.generation).toBe(1);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(job.run).toHaveBeenCalledTimes(2);
    // A round that removed nothing leaves the cache as it is.
    expect(cache.generation).toBe(1);

    await app.close();
    await vi.advanceTimersByTimeAsync(100_000);
    expect(job.run).toHaveBeenCalledTimes(2);
  });

  it('drops what a job named again once that job is over (it names it before its transaction commits), and nothing else', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const cache = new PublicCache();
    const app = housekeepingApp(cache);
    const keep = (key: string, tag: string) => cache.store(key, cache.begin(), '{}', {}, [tag]);
    const job = {
      name: 'names',
      run: vi.fn(async () => {
        named(['listing:named']);
        // An answer computed beside the job's transaction, from what was before it.
        keep('/named', 'listing:named');
        return 3;
      }),
      changesPublic: false as const,
    };
    keep('/other', 'listing:other');
    startHousekeeping(app, { jobs: [job], firstRunMs: 1_000 });
    await app.ready();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(job.run).toHaveBeenCalledTimes(1);
    expect(cache.get('/named')).toBeUndefined();
    expect(cache.get('/other')).toBeDefined();
    await app.close();
  });

  it('lets a round under way finish before the app has closed, and skips a round while one is going', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const app = housekeepingApp(new PublicCache());
    let finish!: () => void;
    const job = { name: 'slow', run: vi.fn(() => new Promise<number>((resolve) => (finish = () => resolve(0)))) };
    startHousekeeping(app, { jobs: [job], firstRunMs: 1_000, intervalMs: 1_500 });
    await app.ready();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(job.run).toHaveBeenCalledTimes(1);

    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await vi.advanceTimersByTimeAsync(10);
    expect(closed).toBe(false);
    finish();
    await closing;
    expect(closed).toBe(true);
  });
});
