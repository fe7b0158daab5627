import { errorStatus, type ErrorCode } from '#shared/errors';
import { messageText, type SharedMessageId } from '#shared/i18n/translate';

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

/** What a 404 may be about, each with its own sentence ("Booking not found") in both languages. */
const NOT_FOUND = {
  Alert: 'shared.errors.notFound.alert',
  Appeal: 'shared.errors.notFound.appeal',
  'Blocked person': 'shared.errors.notFound.blockedPerson',
  Booking: 'shared.errors.notFound.booking',
  Buyer: 'shared.errors.notFound.buyer',
  Case: 'shared.errors.notFound.case',
  Category: 'shared.errors.notFound.category',
  Conversation: 'shared.errors.notFound.conversation',
  Decision: 'shared.errors.notFound.decision',
  Offer: 'shared.errors.notFound.offer',
  Picture: 'shared.errors.notFound.picture',
  Product: 'shared.errors.notFound.product',
  Report: 'shared.errors.notFound.report',
  Review: 'shared.errors.notFound.review',
  Seller: 'shared.errors.notFound.seller',
  'Signed-in device': 'shared.errors.notFound.signedInDevice',
  User: 'shared.errors.notFound.user',
} as const satisfies Record<string, SharedMessageId>;

export type NotFoundThing = keyof typeof NOT_FOUND;

export const notFound = (what: NotFoundThing) => new AppError('NOT_FOUND', messageText(NOT_FOUND[what]));
/** What a lookup found, or the 404 that names what was not there: `orNotFound(await findCase(db, id), 'Case')`. */
export function orNotFound<T>(value: T | null | undefined, what: NotFoundThing): T {
  if (value === null || value === undefined) throw notFound(what);
  return value;
}
export const forbidden = (message = messageText('shared.errors.forbidden')) => new AppError('FORBIDDEN', message);
export const unauthenticated = () => new AppError('UNAUTHENTICATED', messageText('shared.errors.logInFirst'));
