import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../src/server/db/setup';
import { adminActor, logInActor } from './support/actors';
import { createTestApp, type TestApp } from './support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a new ADMIN_PASSWORD at start', () => {
  it('ends every session of the admin, cookies and access tokens alike; only the new password opens it', async () => {
    const admin = await adminActor(t.app, t.db);
    const other = await logInActor(t.app, admin.email, admin.password);

    expect(await ensureAdmin(t.db, admin.email, 'the rotated admin password')).toBe('updated');

    for (const actor of [admin, other]) {
      const byCookie = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: actor.cookie } });
      expect(byCookie.statusCode).toBe(401);
      expect((await actor.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    }
    const oldPassword = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin.email, password: admin.password },
    });
    expect(oldPassword.statusCode).toBe(401);
    const fresh = await logInActor(t.app, admin.email, 'the rotated admin password');
    expect((await fresh.request({ method: 'GET', url: `/api/admin/${admin.email}` })).json()).toEqual({
      isAdmin: true,
    });
  });
});
