import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoListing } from '#server/start/seed/factories';
import { phonePicture } from '#server/start/seed/pictures';
import { verifyThroughMailFolder } from './support/mail';
import { multipartBody } from './support/products';
import { serverData, type ServerData } from './support/server-database';
import { startServerProcess, type ServerProcess } from './support/server-process';

/*
 * npm run backup while the real server runs and takes sign-ups, then npm run restore into a fresh
 * folder (and on PostgreSQL a fresh database): a server started there has the account, the listing
 * and its picture.
 */

const password = 'correct horse battery';
let data: ServerData;
let scratch: string;
const servers: ServerProcess[] = [];
let restoredDatabase: string | undefined;

beforeAll(async () => {
  data = await serverData();
  scratch = await mkdtemp(join(tmpdir(), 'phonehaat-backup-'));
});
afterAll(async () => {
  for (const server of servers) await server.stop();
  await data.dispose();
  await rm(scratch, { recursive: true, force: true });
  if (restoredDatabase) await admin((client) => client.query(`drop database if exists ${restoredDatabase}`));
});

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function npmRun(script: string, args: string[], env: Record<string, string>): Promise<string> {
  const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`npm run ${script} failed (${code}):\n${output}`);
  return output;
}

async function post(origin: string, path: string, body: object, headers: Record<string, string> = {}) {
  return fetch(origin + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

describe('npm run backup and npm run restore', () => {
  it('copy the data of a running server, and bring it back into a fresh folder', async () => {
    const server = await startServerProcess({ ...data.env, AUTH_RATE_LIMIT: '100000' });
    servers.push(server);
    const email = `backup.${Date.now()}@example.test`;
    const signup = await post(server.origin, '/api/auth/signup', { email, password });
    const cookie = signup.headers.getSetCookie()[0]!.split(';')[0]!;
    await verifyThroughMailFolder(server.origin, data.dataDir, email);
    const profile = { name: 'Backup Seller', email, role: 'seller', photoURL: 'https://example.test/p.png' };
    await post(server.origin, '/api/addUser', profile, { cookie, origin: server.origin });
    const token = (await (await fetch(`${server.origin}/api/jwt?email=${email}`, { headers: { cookie } })).json())
      .accessToken as string;
    const picture = await phonePicture({ caption: 'backup', hue: 90, width: 320, height: 240 });
    const { payload, headers } = multipartBody({ bytes: picture, contentType: 'image/png', filename: 'p.png' });
    const upload = await fetch(`${server.origin}/api/uploads`, {
      method: 'POST',
      headers: { ...headers, authorization: `bearer ${token}` },
      body: new Uint8Array(payload),
    });
    const photo = ((await upload.json()) as { data: { url: string } }).data.url;
    const { caption: _c, hue: _h, ...fields } = demoListing(1);
    const listed = await post(
      server.origin,
      '/api/store_products',
      { ...fields, productImg: photo },
      {
        authorization: `bearer ${token}`,
      },
    );
    const productId = ((await listed.json()) as { insertedId: string }).insertedId;

    // The server keeps taking sign-ups while the backup runs.
    let writing = true;
    const writes = (async () => {
      for (let i = 0; writing; i++)
        await post(server.origin, '/api/auth/signup', { email: `during${i}.${email}`, password });
    })();
    const backupDir = join(scratch, 'backup');
    const output = await npmRun('backup', [backupDir], data.env);
    writing = false;
    await writes;
    expect(output).toContain(`Backup written to ${backupDir}`);

    const restoredDir = join(scratch, 'restored');
    const restoredEnv: Record<string, string> = { DATA_DIR: restoredDir };
    if (data.engine === 'postgres') {
      restoredDatabase = `restored_${process.pid}_${Date.now()}`;
      await admin((client) => client.query(`create database ${restoredDatabase}`));
      const url = new URL(data.env.DATABASE_URL!);
      url.pathname = `/${restoredDatabase}`;
      restoredEnv.DATABASE_URL = url.toString();
    }
    await npmRun('restore', [backupDir], restoredEnv);
    // Restoring again over the restored data is refused rather than mixing two copies.
    await expect(npmRun('restore', [backupDir], restoredEnv)).rejects.toThrow();

    const restored = await startServerProcess({ ...restoredEnv, AUTH_RATE_LIMIT: '100000' });
    servers.push(restored);
    const product = await fetch(`${restored.origin}/api/addvertise/product/${productId}`);
    expect(product.status).toBe(200);
    expect(((await product.json()) as { productImg: string }).productImg).toBe(photo);
    expect((await fetch(restored.origin + new URL(photo, restored.origin).pathname)).status).toBe(200);
    expect((await post(restored.origin, '/api/auth/login', { email, password })).status).toBe(200);
    // The session made before the backup still works: the signing secret came along.
    expect((await fetch(`${restored.origin}/api/auth/me`, { headers: { cookie } })).status).toBe(200);
  }, 300_000);
});
