import { availableParallelism } from 'node:os';
import { z } from 'zod';

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /**
   * Each server process's pooled PostgreSQL connections: two fifths for the reads outside a
   * transaction, the rest for the writes and transactions (db/connection.ts). Its NOTIFY channels
   * hold four more (one sender, three listeners).
   */
  DATABASE_CONNECTIONS: z.coerce.number().int().min(2).max(100).optional(),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  /** The key IMEIs are hashed with (trust/imei.ts); generated and kept in DATA_DIR when unset. */
  IMEI_SECRET: z.string().min(32, 'IMEI_SECRET must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
  /** Unset: on when PUBLIC_URL is on this machine and no TRUST_PROXY says a proxy forwards to it (see loadConfig). */
  SEED_DEMO: flag.optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  PUBLIC_URL: z.string().url().optional(),
  /** Addresses of the reverse proxies in front of the server (comma-separated IPs or CIDRs), whose X-Forwarded-For is believed. */
  TRUST_PROXY: z.string().min(1).optional(),
  /**
   * Browser origins (comma-separated, e.g. `https://m.example.com`) allowed to call the API with a
   * bearer token from pages served elsewhere; none by default. Cookies never count for them.
   */
  CORS_ORIGINS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ error: 'CORS_ORIGINS holds web origins such as https://app.example.com' })))
    .transform((origins) => origins.map((origin) => new URL(origin).origin))
    .default([]),
  /** Sign-up and login requests per minute from one address (failed logins are throttled separately). */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  /** Server processes on the one port (Node's cluster); unset: one per core. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(availableParallelism()),
  /** Where mail goes out (smtp://user:pass@host:587, smtps://...); unset: each mail is a file under DATA_DIR/mail. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  /** The sender of every mail. */
  MAIL_FROM: z.string().min(3).default('PhoneHaat <no-reply@phonehaat.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * For the benchmarks (tests/bench/mixed.ts): with 1, each server process measures how long its
   * event loop kept timers waiting, and on SIGUSR2 prints the figures since the last signal
   * (start/loop-delay.ts).
   */
  BENCH_LOOP_DELAY: flag.default(false),
  /**
   * Seconds from start to the first housekeeping round (then hourly, housekeeping.ts): late enough
   * that a start's own reads come first. The benchmarks set 0 and wait for the round to end, so that
   * the first round's fair prices never fall inside a measurement.
   */
  HOUSEKEEPING_DELAY_S: z.coerce.number().int().min(0).max(3600).default(60),
  /**
   * The cost of new password hashes (auth/passwords.ts): `owasp` everywhere people sign in; `test`,
   * argon2's least, only for the test runs, whose thousands of sign-ups spent two fifths of their
   * CPU on it. A hash keeps its own cost, so a password checks whatever the setting was when set.
   */
  PASSWORD_HASH_COST: z.enum(['owasp', 'test']).default('owasp'),
  /**
   * Where the processes of several machines keep what they must agree on (rate limits, upload slots,
   * the cache and notification messages); unset: each process counts alone (docs/scaling.md).
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/./, 'REDIS_URL must start with redis:// or rediss://')
    .optional(),
  /** Put before every Redis key and channel name, so several sites (or test runs) can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'REDIS_PREFIX holds up to 64 letters, digits and : _ . -')
    .default('phonehaat:'),
  /** The bucket photos are kept in; unset: under DATA_DIR/uploads. */
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'S3_BUCKET must be a bucket name (3 to 63 lowercase letters, digits, . and -)',
    )
    .optional(),
  /** An S3-compatible service (MinIO, R2, ...); unset: Amazon S3 itself. */
  S3_ENDPOINT: z.url({ error: 'S3_ENDPOINT must be a URL such as https://s3.example.com' }).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Buckets addressed as ENDPOINT/BUCKET rather than BUCKET.ENDPOINT (MinIO and most self-hosted stores). */
  S3_FORCE_PATH_STYLE: flag.default(false),
  /** Where browsers fetch the photos straight from the bucket (a CDN or the bucket's public address); unset: through the app. */
  S3_PUBLIC_URL: z
    .url()
    .regex(/^https:\/\//, 'S3_PUBLIC_URL must start with https:// (pages load pictures over https only)')
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'PUBLIC_URL' | 'SEED_DEMO'> {
  PUBLIC_URL: string;
  SEED_DEMO: boolean;
  /** The session cookie gets `Secure` only when the public address is https. */
  secureCookies: boolean;
}

/** Parses the environment once, at start; a bad value stops the server with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.superRefine(requireTogether).safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const publicUrl = publicUrlOf(parsed.data);
  return {
    ...parsed.data,
    PUBLIC_URL: publicUrl,
    // The demo accounts share a published password: by default they only go where nobody else can reach them.
    SEED_DEMO: parsed.data.SEED_DEMO ?? !reachedFromElsewhere(parsed.data),
    secureCookies: publicUrl.startsWith('https://'),
  };
}

const publicUrlOf = (env: Env) => (env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`).replace(/\/$/, '');

/** Behind a proxy the server is reached from elsewhere, whatever PUBLIC_URL says. */
const reachedFromElsewhere = (env: Env) => Boolean(env.TRUST_PROXY) || !isThisMachine(publicUrlOf(env));

const S3_DETAILS = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_PUBLIC_URL',
] as const satisfies Array<keyof Env>;

/** Settings that only make sense with others, each problem named by the setting to add or remove. */
function requireTogether(env: Env, context: z.RefinementCtx): void {
  const problem = (path: keyof Env, message: string) => context.addIssue({ code: 'custom', path: [path], message });
  // Each machine would otherwise sign sessions with a secret of its own, valid on that machine only.
  if (env.REDIS_URL && !env.AUTH_SECRET) {
    problem('AUTH_SECRET', 'REDIS_URL is for several machines: give them all the same AUTH_SECRET');
  }
  // The test runs' cheap hashes would let a stolen database give up its passwords at once.
  if (env.PASSWORD_HASH_COST === 'test' && reachedFromElsewhere(env)) {
    problem(
      'PASSWORD_HASH_COST',
      'PASSWORD_HASH_COST=test is for test runs on this machine: a public server keeps owasp',
    );
  }
  if (!env.S3_BUCKET) {
    for (const name of S3_DETAILS) if (env[name]) problem(name, `${name} needs S3_BUCKET`);
    return;
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    problem('S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  if (env.S3_ENDPOINT && !env.S3_ACCESS_KEY_ID) {
    problem('S3_ACCESS_KEY_ID', 'S3_ENDPOINT needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  if (!env.S3_ENDPOINT && !env.S3_REGION) {
    problem('S3_REGION', 'S3_BUCKET on Amazon S3 needs S3_REGION (or S3_ENDPOINT for another service)');
  }
}

/**
 * PASSWORD_HASH_COST alone, for the hashing that runs wherever the process needs it (start-up, the
 * seed, the requests) rather than where a config is at hand; loadConfig checks it at start too.
 */
export const passwordHashCost = (env: NodeJS.ProcessEnv = process.env) =>
  envSchema.shape.PASSWORD_HASH_COST.parse(env.PASSWORD_HASH_COST || undefined);

/** Whether a URL names this machine (localhost, 127.x, [::1]): only whoever runs the server reaches it. */
export function isThisMachine(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
