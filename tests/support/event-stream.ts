import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** An account's live stream (GET /api/notifications/stream) as a page holds it open. */
export interface EventStream {
  /** The data of every event named `name` heard so far, in order (unnamed events are `message`). */
  data(name: string): string[];
  close(): void;
}

/** Opens `cookie`'s stream on `app`, which must be listening on 127.0.0.1. */
export async function openEventStream(app: FastifyInstance, cookie: string): Promise<EventStream> {
  const { port } = app.server.address() as AddressInfo;
  const request = httpRequest({
    port,
    host: '127.0.0.1',
    path: '/api/notifications/stream',
    headers: { cookie, accept: 'text/event-stream' },
  });
  request.end();
  const response = await new Promise<IncomingMessage>((resolve) => request.on('response', resolve));
  const type = response.headers['content-type'] ?? '';
  if (response.statusCode !== 200 || !type.startsWith('text/event-stream')) {
    request.destroy();
    throw new Error(`the stream answered ${response.statusCode} ${type}`);
  }
  response.setEncoding('utf8');
  const events: Array<{ name: string; data: string }> = [];
  let pending = '';
  // An event may come split over chunks: only blocks ended by a blank line are whole.
  response.on('data', (chunk: string) => {
    const blocks = (pending + chunk).split('\n\n');
    pending = blocks.pop()!;
    for (const block of blocks) {
      const lines = block.split('\n');
      const data = lines.filter((line) => line.startsWith('data: ')).map((line) => line.slice(6));
      if (data.length === 0) continue;
      const name = lines.find((line) => line.startsWith('event: '))?.slice(7) ?? 'message';
      events.push({ name, data: data.join('\n') });
    }
  });
  return {
    data: (name) => events.filter((event) => event.name === name).map((event) => event.data),
    close: () => request.destroy(),
  };
}
