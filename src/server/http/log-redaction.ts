import type { FastifyRequest } from 'fastify';

/**
 * Query values that must not reach the logs: email addresses (the spec's lookups carry them in the
 * query string), and the OAuth code and state of the Google callback, which are credentials while
 * they last.
 */
const SECRET_QUERY_NAMES = new Set(['email', 'code', 'state', 'token']);

/** A path segment holding an address (the role checks' `/api/seller/{email}`), encoded or not. */
const EMAIL_SEGMENT = /\/[^/?]*(?:@|%40)[^/?]*/gi;

/** The URL as logged: an address in the path and the secret query values replaced. */
function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = (queryStart === -1 ? url : url.slice(0, queryStart)).replace(EMAIL_SEGMENT, '/[email]');
  if (queryStart === -1) return path;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      return SECRET_QUERY_NAMES.has(decodeSafely(name).toLowerCase()) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Fastify's request log line, with the URL redacted. */
export const serializeRequest = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
});

/** Anything shaped like an email address, in a line of text (an SMTP server's refusal names the recipient). */
const ADDRESS = /[^\s<>()[\]"',;:@]+@[^\s<>()[\]"',;:@]+\.[A-Za-z]{2,}/g;

export const withoutAddresses = (text: string) => text.replace(ADDRESS, '[email]');

/** A link with the values of its secret query parameters (a mailed token) replaced. */
export const withoutSecrets = (link: string) => redactUrl(link);

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** How deep an error's causes are followed in a log line. */
const CAUSE_DEPTH = 3;

/**
 * Fastify's error log field, with every address in its text replaced: a database error can quote
 * the row it refused (PostgreSQL's "Key (email)=(...) already exists"), a mail server the recipient.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: withoutAddresses(String(error)), stack: '' };
  const { code, detail } = error as { code?: unknown; detail?: unknown };
  return {
    type: error.name,
    message: withoutAddresses(error.message),
    stack: withoutAddresses(error.stack ?? ''),
    ...(code === undefined ? {} : { code }),
    ...(typeof detail === 'string' ? { detail: withoutAddresses(detail) } : {}),
    ...(error.cause === undefined || depth >= CAUSE_DEPTH ? {} : { cause: serializeError(error.cause, depth + 1) }),
  };
}
