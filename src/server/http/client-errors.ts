import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Unread bytes of a refused request could turn our close into a reset that eats the answer: this long to read it. */
const LINGER_MS = 2_000;

function refusal(code: string | undefined): { status: number; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: 'The request headers are too large' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: 'The request took too long to arrive' };
  return { status: 400, message: 'This request is not valid HTTP' };
}

/**
 * Requests Node's parser refuses before Fastify sees them (headers too large, broken syntax, too
 * slow). Fastify's own handler answers without `Connection: close` and then drops the connection,
 * so a keep-alive client sends its next request into a closed socket. This one says the connection
 * ends, in the API's error shape, and closes gracefully.
 */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = refusal(error.code);
  this.log.debug({ err: error }, 'request refused by the HTTP parser');
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ message, code: 'BAD_REQUEST' });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}
