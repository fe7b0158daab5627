import { describe, expect, it } from 'vitest';
import { AccessTokens } from '#server/auth/tokens';
import { appealSchema } from '#shared/moderation';
import { paths } from '#shared/paths';
import { registerActor, type Actor } from './support/actors';
import { useTestApp } from './support/harness';
import { mailTo, tokenOfLink } from './support/mail';
import { listProduct } from './support/products';

/*
 * A suspended account cannot sign in, so it appeals through the signed link of its suspension mail
 * (docs/moderation.md, "Appealing a suspension").
 */

const { t, admin, reporter } = useTestApp({ admin: 'admin', reporter: 'buyer' });

/** A new seller, reported and then acted on (`suspend` unless told); the decision's log id. */
async function sanctioned(action: 'suspend' | 'warn' = 'suspend') {
  const seller = await registerActor(t.app, 'seller');
  const productId = await listProduct(seller);
  const reported = await reporter.request({
    method: 'POST',
    url: '/api/report/product',
    payload: { product_id: productId, reason: 'advance_payment' },
  });
  expect(reported.statusCode, reported.body).toBe(201);
  const caseId = (await admin.request({ method: 'GET', url: '/api/moderation/cases?limit=100' }))
    .json<Array<{ _id: string; subjectId: string }>>()
    .find((c) => c.subjectId === productId)!._id;
  const acted = await admin.request({
    method: 'POST',
    url: `/api/moderation/cases/${caseId}/actions`,
    payload: { action, reason: 'scam' },
  });
  expect(acted.statusCode, acted.body).toBe(201);
  return { seller, logId: acted.json<{ logId: string }>().logId };
}

const appealByLink = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/moderation/appeals/by-link', payload });

const login = (actor: Actor) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: actor.email, password: actor.password } });

describe('appealing a suspension without signing in', () => {
  it('the refusal says how; the mail link files one appeal; reversing it lets the account in', async () => {
    const { seller, logId } = await sanctioned();
    const refused = await login(seller);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    expect(refused.json().message).toContain('Appeal this decision');

    const mail = await mailTo(t.app, seller.email, /a moderator acted on your account/);
    expect(mail.text).toContain('Appeal this decision');
    const token = tokenOfLink(mail, paths.appeal);

    const filed = await appealByLink({ token, text: 'I never asked anyone for bKash' });
    expect(filed.statusCode, filed.body).toBe(201);
    const again = await appealByLink({ token, text: 'Once more' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have appealed this decision already');

    const appeals = appealSchema
      .array()
      .parse((await admin.request({ method: 'GET', url: '/api/moderation/appeals?limit=100' })).json());
    const appeal = appeals.find((a) => a._id === filed.json().insertedId);
    expect(appeal).toMatchObject({ logId, text: 'I never asked anyone for bKash', status: 'pending' });
    const decided = await admin.request({
      method: 'PUT',
      url: `/api/moderation/appeals/${appeal!._id}`,
      payload: { decision: 'reversed', reason: 'The buyer confused two sellers' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await login(seller)).statusCode).toBe(200);
  });

  it('refuses a link that is not a suspension link of that account, and an empty text', async () => {
    const { seller, logId } = await sanctioned();
    const tokens = t.app.deps.tokens;
    const { seller: warned, logId: warning } = await sanctioned('warn');
    const otherSecret = new AccessTokens('another-secret-that-is-long-enough-for-hs256-signing');
    for (const token of [
      'not-a-token',
      await tokens.signUnsubscribe(seller.user.uid, 'booking_requested'),
      await tokens.signAppeal(warned.user.uid, warning),
      await tokens.signAppeal(reporter.user.uid, logId),
      await otherSecret.signAppeal(seller.user.uid, logId),
    ]) {
      const refused = await appealByLink({ token, text: 'Please look again' });
      expect(refused.statusCode, token).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'INVALID_LINK', message: 'This appeal link is not valid' });
    }
    const inBangla = await t.app.inject({
      method: 'POST',
      url: '/api/moderation/appeals/by-link',
      headers: { 'accept-language': 'bn' },
      payload: { token: 'not-a-token', text: 'Please look again' },
    });
    expect(inBangla.json()).toMatchObject({ code: 'INVALID_LINK', message: 'আপিলের এই লিংকটি সঠিক নয়' });
    const empty = await appealByLink({ token: await tokens.signAppeal(seller.user.uid, logId), text: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields?.text).toBe('Tell us why the decision is wrong');
  });
});
