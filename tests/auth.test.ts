import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { registerActor } from './support/actors';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sign-up and login', () => {
  it('signs up, sets an httpOnly cookie and answers the current user', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'New@Example.test', password: 'long enough pw' } });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ email: 'new@example.test', emailVerified: false, isAnonymous: false });
    const cookie = response.cookies.find((c) => c.name === 'phonehaat_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('registers a seller through the API like the client does', async () => {
    const seller = await registerActor(t.app, 'seller');
    const check = await seller.request({ method: 'GET', url: `/api/seller/${seller.email}` });
    expect(check.json()).toEqual({ isSeller: true });
  });
});
