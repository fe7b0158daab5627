import { describe, expect, it } from 'vitest';
import { currentUserSchema } from '#shared/auth';
import { languageChoiceSchema } from '#shared/i18n/language';
import { callApi, useTestApp } from './support/harness';

/*
 * PUT /api/language (docs/i18n.md): the choice of language, in cookies for anyone and on the
 * account for someone signed in, whose /auth/me then says it.
 */
const { t, buyer } = useTestApp({ buyer: 'buyer' });

const choose = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PUT', url: '/api/language', payload: payload as object, headers });

const cookieOf = (answer: Awaited<ReturnType<typeof choose>>, name: string) =>
  answer.cookies.find((cookie) => cookie.name === name);

describe('choosing a language', () => {
  it('remembers a visitor’s choice in a cookie the page can read, a year long', async () => {
    const answer = await choose({ locale: 'bn' });
    expect(answer.statusCode).toBe(200);
    expect(languageChoiceSchema.parse(answer.json())).toEqual({ locale: 'bn', latinDigits: false });
    const lang = cookieOf(answer, 'lang');
    expect(lang).toMatchObject({ value: 'bn', path: '/', sameSite: 'Lax', maxAge: 365 * 24 * 60 * 60 });
    expect(lang?.httpOnly).toBeFalsy();
  });

  it('keeps the digits chosen before when a call names only the language', async () => {
    const latin = await choose({ locale: 'bn', latinDigits: true });
    expect(cookieOf(latin, 'digits')?.value).toBe('latn');
    const again = await choose({ locale: 'en' }, { cookie: 'digits=latn' });
    expect(again.json()).toEqual({ locale: 'en', latinDigits: true });
    const back = await choose({ locale: 'bn', latinDigits: false }, { cookie: 'digits=latn' });
    expect(back.json()).toEqual({ locale: 'bn', latinDigits: false });
    expect(cookieOf(back, 'digits')?.value).toBe('');
  });

  it('keeps a signed-in account’s choice, which /auth/me then answers', async () => {
    const before = await callApi(buyer, { method: 'GET', url: '/api/auth/me' }, currentUserSchema);
    expect(before).toMatchObject({ locale: 'en', latinDigits: false });
    await callApi(
      buyer,
      { method: 'PUT', url: '/api/language', payload: { locale: 'bn', latinDigits: true } },
      languageChoiceSchema,
    );
    const after = await callApi(buyer, { method: 'GET', url: '/api/auth/me' }, currentUserSchema);
    expect(after).toMatchObject({ locale: 'bn', latinDigits: true });
    await callApi(buyer, { method: 'PUT', url: '/api/language', payload: { locale: 'en' } }, languageChoiceSchema);
    expect(await callApi(buyer, { method: 'GET', url: '/api/auth/me' }, currentUserSchema)).toMatchObject({
      locale: 'en',
      latinDigits: true,
    });
  });

  it('refuses a language it does not speak, with a message', async () => {
    for (const payload of [{ locale: 'fr' }, {}, { locale: 'bn', latinDigits: 'yes' }]) {
      const answer = await choose(payload);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ message: expect.any(String) });
    }
  });
});
