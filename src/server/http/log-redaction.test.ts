import { expect, it } from 'vitest';
import { serializeError, withoutAddresses, withoutSecrets } from './log-redaction';

it('takes addresses out of a line of text', () => {
  expect(withoutAddresses('550 5.1.1 <rahim.uddin+shop@mail.example.com.bd>: no such user')).toBe(
    '550 5.1.1 <[email]>: no such user',
  );
  expect(withoutAddresses('nothing to hide @ all')).toBe('nothing to hide @ all');
});

it("takes a link's token out", () => {
  expect(withoutSecrets('https://phonehaat.example/reset-password?token=abc123&x=1')).toBe(
    'https://phonehaat.example/reset-password?token=[redacted]&x=1',
  );
});

it('logs an error without the addresses in its message, detail, stack or causes', () => {
  const database = Object.assign(new Error('duplicate key value violates unique constraint "users_email"'), {
    code: '23505',
    detail: 'Key (email)=(someone@example.test) already exists.',
  });
  const wrapped = new Error('sign-up of someone@example.test failed', { cause: database });
  const logged = JSON.stringify(serializeError(wrapped));
  expect(logged).not.toContain('someone@example.test');
  expect(serializeError(wrapped)).toMatchObject({
    message: 'sign-up of [email] failed',
    cause: { code: '23505', detail: 'Key (email)=([email]) already exists.' },
  });
  expect(serializeError('mail to a@b.example refused')).toMatchObject({ message: 'mail to [email] refused' });
});
