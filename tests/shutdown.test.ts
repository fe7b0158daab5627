import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverData, type ServerData } from './support/server-database';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { timeLimit } from './support/time-limits';

/*
 * SIGTERM to the real server (src/server/main.ts) while sign-ups are in flight: it stops taking new
 * connections, finishes those requests, closes the database and exits 0; started again on the same
 * data, every acknowledged account is there.
 */

const SIGNUPS = 8;
const password = 'correct horse battery';

let data: ServerData;
let server: ServerProcess | undefined;

beforeAll(async () => {
  data = await serverData();
});
afterAll(async () => {
  await server?.stop();
  await data.dispose();
});

const post = (origin: string, path: string, body: object) =>
  fetch(origin + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });

describe('SIGTERM', () => {
  it('finishes the requests in flight, closes the database, exits 0, and loses nothing acknowledged', async () => {
    // At info its log says when it has taken the signal: the late request is sent only after that.
    server = await startServerProcess({ ...data.env, AUTH_RATE_LIMIT: '100000', LOG_LEVEL: 'info' });
    const { origin, stdout } = server;
    const emails = Array.from({ length: SIGNUPS }, (_, i) => `shutdown${i}.${Date.now()}@example.test`);

    // Each sign-up hashes a password, so several at once are still running when the signal comes.
    let firstAnswer: () => void;
    const answered = new Promise<void>((resolve) => (firstAnswer = resolve));
    const signups = emails.map((email) =>
      post(origin, '/api/auth/signup', { email, password })
        .then((response) => ({ email, status: response.status }))
        .catch((error: unknown) => ({ email, status: String(error) }))
        .finally(() => firstAnswer()),
    );
    await answered;
    server.child.kill('SIGTERM');
    const exit = server.exited;
    await expect
      .poll(() => stdout().some((line) => line.includes('SIGTERM received, closing')), { timeout: timeLimit(10_000) })
      .toBe(true);
    const late = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(10_000) })
      .then((response) => response.status)
      .catch(() => 'refused');
    const outcomes = await Promise.all(signups);

    expect(await exit, server.stderr()).toBe(0);
    expect(late === 'refused' || late === 503, `a request after SIGTERM got ${late}`).toBe(true);
    const acknowledged = outcomes.filter((o) => o.status === 201).map((o) => o.email);
    // The sign-ups already running when the signal came were finished, not cut off.
    expect(acknowledged.length).toBeGreaterThan(1);
    // One that reached the server only after the signal is refused as cleanly as a new request.
    expect(outcomes.filter((o) => typeof o.status === 'number' && ![201, 503].includes(o.status))).toEqual([]);
    // SQLite removes its write-ahead log when the last connection closes cleanly.
    if (data.engine === 'sqlite') expect(existsSync(join(data.dataDir, 'phonehaat.sqlite-wal'))).toBe(false);

    server = await startServerProcess({ ...data.env, AUTH_RATE_LIMIT: '100000' });
    for (const email of acknowledged) {
      const login = await post(server.origin, '/api/auth/login', { email, password });
      expect(login.status, email).toBe(200);
    }
  }, 240_000);
});
