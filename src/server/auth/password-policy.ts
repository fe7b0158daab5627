import { createRequire } from 'node:module';
import { PASSWORD_MIN } from '#shared/auth';
import { messageText } from '#shared/i18n/translate';
import { AppError } from '#server/errors';
import { serverMessage } from '#server/i18n/texts';

/*
 * Passwords of at least PASSWORD_MIN characters that are not among the most common ones. The list
 * is Mozilla's (fxa-common-password-list): the 50,000 most common passwords of 8 characters or more
 * from a list of the million most used, so it covers the long-enough ones of the top 10,000 and
 * more. It is read on the server only: the web client would otherwise download it.
 */
const commonList = createRequire(import.meta.url)('fxa-common-password-list') as { test(password: string): boolean };

/** Whether `password` is on the list of common passwords (compared as typed and in lower case). */
const isCommonPassword = (password: string) => commonList.test(password) || commonList.test(password.toLowerCase());

/** Refuses a new password that is too short or too common, naming the form field it came from. */
export function assertAcceptablePassword(password: string, field = 'password'): void {
  if (password.length < PASSWORD_MIN) {
    const tooShort = messageText('shared.auth.passwordMin', { min: PASSWORD_MIN });
    throw new AppError('VALIDATION_FAILED', tooShort, { [field]: tooShort });
  }
  if (isCommonPassword(password)) {
    const common = serverMessage('server.auth.error.commonPassword');
    throw new AppError('VALIDATION_FAILED', common, { [field]: common });
  }
}
