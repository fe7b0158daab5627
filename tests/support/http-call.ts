import { request } from 'node:http';

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One request on a connection of its own: the cluster hands each new connection to the next server
 * process in turn, so consecutive calls reach different processes.
 */
export function httpCall(
  origin: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<HttpAnswer & { bytes: Buffer }> {
  // A Buffer goes as it is (a multipart upload, its content type in the headers); anything else as JSON.
  const raw = Buffer.isBuffer(options.body);
  const body =
    options.body === undefined
      ? undefined
      : Buffer.isBuffer(options.body)
        ? options.body
        : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${origin}${path}`,
      {
        method,
        agent: false,
        headers: { ...(body && !raw ? { 'content-type': 'application/json' } : {}), ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString(), bytes });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The `name=value` of a Set-Cookie header, to send back as Cookie. */
export function cookieFrom(answer: HttpAnswer, name: string): string {
  const cookies = ([] as string[]).concat(answer.headers['set-cookie'] ?? []);
  const found = cookies.find((c) => c.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie in ${answer.status} ${answer.body}`);
  return found.split(';')[0]!;
}
