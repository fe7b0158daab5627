/**
 * Every refusal the API makes, and the one place that maps it to an HTTP status. The server
 * answers `{ message, code, fields? }`; the client branches on `code`, never on the status number.
 */
export const errorStatus = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  /** A mailed link (verify an address, reset a password, unsubscribe) that is wrong, used or expired. */
  INVALID_LINK: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  /** Listing a phone and applying for seller verification wait for a verified email address. */
  EMAIL_NOT_VERIFIED: 403,
  /** A moderator restricted the account for some days: it may not list, book, message or review until then. */
  ACCOUNT_RESTRICTED: 403,
  /** A moderator suspended the account: it cannot sign in. */
  ACCOUNT_SUSPENDED: 403,
  NOT_FOUND: 404,
  /** A method the path does not take. */
  METHOD_NOT_ALLOWED: 405,
  /** A request body arriving slower than the server waits for (a photo upload). */
  TOO_SLOW: 408,
  CONFLICT: 409,
  ALREADY_SOLD: 409,
  ALREADY_EXISTS: 409,
  /** A chat message that is sent only once its sender confirms it (a phone number before a deal). */
  CONFIRM_NEEDED: 409,
  PAYLOAD_TOO_LARGE: 413,
  /** An address with a part longer than the server reads (an id of hundreds of characters). */
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  /** A feature this server has not been set up for (e.g. Google sign-in): not there, as far as callers can tell. */
  NOT_CONFIGURED: 404,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export const ERROR_CODES = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];

/** The code for a status the framework chose (the first code in the table with that status). */
export function codeOfStatus(status: number): ErrorCode {
  const entry = Object.entries(errorStatus).find(([, value]) => value === status);
  return entry ? (entry[0] as ErrorCode) : status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
}

/** A refusal that is the caller's to fix (4xx): trying the same again will not help. */
export const isCallerError = (code: ErrorCode) => errorStatus[code] >= 400 && errorStatus[code] < 500;
