/*
 * The yardstick of `npm run bench`: a bare node:http server that answers each recorded path with the
 * very bytes and headers the app sent for it, and nothing else. It is what the app would cost if it
 * did no work at all per request. Reads the answers (JSON, see RecordedAnswer) from the file named
 * as its first argument and prints the address it listens on as its first line. Runs in as many
 * processes as its second argument says (Node's cluster on one port, default 1), as the app does.
 */
import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

export interface RecordedAnswer {
  status: number;
  headers: Record<string, string>;
  /** base64, so compressed bodies travel as they are. */
  body: string;
}

const [file, processesArgument = '1'] = process.argv.slice(2);
if (!file) throw new Error('usage: bare-server.ts <answers.json> [processes]');
const processes = Number(processesArgument);

if (cluster.isPrimary && processes > 1) {
  for (let i = 0; i < processes; i += 1) cluster.fork();
  let listening = 0;
  cluster.on('listening', (_worker, address) => {
    listening += 1;
    if (listening === processes) console.log(`http://127.0.0.1:${address.port}`);
  });
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
    process.exit(0);
  });
} else {
  serve(file);
}

function serve(answersFile: string) {
  const recorded = JSON.parse(readFileSync(answersFile, 'utf8')) as Record<string, RecordedAnswer>;
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
  // In a cluster's worker port 0 is the port the primary chose for all of them.
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    if (cluster.isPrimary && address && typeof address === 'object') console.log(`http://127.0.0.1:${address.port}`);
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}
