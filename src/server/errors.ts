import { errorStatus, type ErrorCode } from '#shared/errors';
import { messageText } from '#shared/i18n/translate';

export { errorStatus, type ErrorCode } from '#shared/errors';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = messageText('shared.errors.forbidden')) => new AppError('FORBIDDEN', message);
export const unauthenticated = () => new AppError('UNAUTHENTICATED', messageText('shared.errors.logInFirst'));
