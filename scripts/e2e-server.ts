/*
 * The server the browser tests run against (Playwright's webServer starts this script).
 * Each start gets a brand-new database: a fresh folder under .test-data/ for SQLite, plus a fresh
 * schema when TEST_DATABASE_URL points at PostgreSQL. Both are removed when the server stops, and
 * the server stops when Playwright does, even if Playwright dies without saying so.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { e2eGoogleEnv } from '../tests/e2e/support/google';
import { E2E_ADMIN, E2E_DATA_DIR_POINTER, E2E_PORT } from '../tests/e2e/support/settings';
import { ensureClientBuilt } from './client-build';

const root = resolve(import.meta.dirname, '..');

async function onPostgres<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A URL whose connections all work in `schema` (pg passes `options` on to the server). */
function urlWithSchema(url: string, schema: string): string {
  const separator = url.includes('?') ? '&' : '?';
  return `${url}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

ensureClientBuilt('e2e server');

const runId = `${Date.now().toString(36)}_${process.pid}`;
const dataDir = join(root, '.test-data', `e2e-${runId}`);
mkdirSync(dataDir, { recursive: true });
// The fixtures find the mail this server writes (verification and reset links) through this file.
writeFileSync(E2E_DATA_DIR_POINTER, dataDir);

const postgresUrl = process.env.TEST_DATABASE_URL || undefined;
const schema = postgresUrl ? `e2e_${runId}` : undefined;
if (postgresUrl && schema) await onPostgres(postgresUrl, (client) => client.query(`create schema ${schema}`));

const { DATABASE_URL: _outerDatabase, ...inherited } = process.env;
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...inherited,
    PORT: String(E2E_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    // Every test signs up and logs in from 127.0.0.1; the per-address limit is tested in the API tests.
    AUTH_RATE_LIMIT: '10000',
    LOG_LEVEL: 'warn',
    // argon2's least cost for the accounts the tests sign up: at OWASP's it took a core from the browsers.
    PASSWORD_HASH_COST: 'test',
    // No SMTP_URL: mail is written to DATA_DIR/mail by the server's own worker, where the fixtures read it.
    SMTP_URL: '',
    // One process: the tests read what they just wrote, and the API tests cover several processes.
    WEB_CONCURRENCY: '1',
    // Google sign-in against the provider tests/e2e/google.spec.ts starts.
    ...e2eGoogleEnv(),
    ...(postgresUrl && schema ? { DATABASE_URL: urlWithSchema(postgresUrl, schema) } : {}),
  },
});

let cleaning: Promise<void> | undefined;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(E2E_DATA_DIR_POINTER, { force: true });
    if (postgresUrl && schema)
      await onPostgres(postgresUrl, (client) => client.query(`drop schema if exists ${schema} cascade`));
  })();
  return cleaning;
}

function stop(reason: string): void {
  console.log(`e2e server: stopping (${reason})`);
  if (server.exitCode === null) server.kill('SIGTERM');
}

server.on('exit', (code, signal) => {
  void cleanUp().finally(() => process.exit(code ?? (signal ? 1 : 0)));
});
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

// When Playwright goes away without a signal, this process is handed to another parent: stop then.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop('the test runner is gone');
}, 1000).unref();
