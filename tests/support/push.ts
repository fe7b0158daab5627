import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

/** A browser's push subscription, with the keys to read what is pushed to it. */
export interface FakeDevice {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The push's clear text, as the browser would read it. */
  read(body: Buffer): string;
}

/** A subscription as a browser makes it (a P-256 key pair and a 16-byte secret), for `endpoint`. */
export function fakeDevice(endpoint: string): FakeDevice {
  const ecdh: ECDH = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return {
    subscription: { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } },
    read: (body) => decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8'),
  };
}

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A push service on 127.0.0.1 as the browsers' services behave: it takes a push with 201, or answers
 * what `answerFor` says for a device (404 and 410 when the subscription is gone).
 */
export async function startFakePushService() {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(answers.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let devices = 0;
  return {
    received,
    /** A new device's endpoint on this service. */
    endpoint: () => `${base}/push/device-${++devices}`,
    answerFor: (endpoint: string, status: number) => answers.set(new URL(endpoint).pathname, status),
    pushesTo: (endpoint: string) => received.filter((push) => push.path === new URL(endpoint).pathname),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
