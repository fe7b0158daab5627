import { errorStatus, type ErrorCode } from '#shared/errors';

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
export const forbidden = (message = 'You are not allowed to do that') => new AppError('FORBIDDEN', message);
export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Please log in first');
