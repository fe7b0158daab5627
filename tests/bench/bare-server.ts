/*
 * The yardstick of `npm run bench`: a bare node:http server that answers each recorded path with the
 * very bytes and headers the app sent for it, and nothing else. It is what the app would cost if it
 * did no work at all per request. Reads the answers (JSON, see RecordedAnswer) from the file named
 * as its argument and prints the address it listens on as its first line.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

export interface RecordedAnswer {
  status: number;
  headers: Record<string, string>;
  /** base64, so compressed bodies travel as they are. */
  body: string;
}

const file = process.argv[2];
if (!file) throw new Error('usage: bare-server.ts <answers.json>');
const recorded = JSON.parse(readFileSync(file, 'utf8')) as Record<string, RecordedAnswer>;
const answers = new Map(
  Object.entries(recorded).map(([path, answer]) => [path, { ...answer, body: Buffer.from(answer.body, 'base64') }]),
);

const server = createServer((request, response) => {
  const answer = answers.get(request.url ?? '');
  if (!answer) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(answer.status, answer.headers).end(answer.body);
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') console.log(`http://127.0.0.1:${address.port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
