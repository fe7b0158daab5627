import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';

describe('configuration', () => {
  it('starts with no settings at all: embedded database, demo data, port 3000 on this machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      SEED_DEMO: true,
      secureCookies: false,
    });
    expect(config.PUBLIC_URL).toBe('http://127.0.0.1:3000');
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('adds the demo accounts, whose password is published, to a public server only when told to', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://phonehaat.com.bd' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://phonehaat.com.bd', SEED_DEMO: '1' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:8080' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).SEED_DEMO).toBe(false);
  });

  it('adds no demo data behind a proxy that left PUBLIC_URL unset: the proxy makes the server public', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2', PUBLIC_URL: 'http://localhost:8080' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2', SEED_DEMO: '1' }).SEED_DEMO).toBe(true);
  });

  it('makes session cookies Secure when the public address is https', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://phonehaat.com.bd/' })).toMatchObject({
      PUBLIC_URL: 'https://phonehaat.com.bd',
      secureCookies: true,
    });
  });

  it('hashes passwords at OWASP’s cost unless a test run on this machine asks for less', () => {
    expect(loadConfig({}).PASSWORD_HASH_COST).toBe('owasp');
    expect(loadConfig({ PASSWORD_HASH_COST: 'test' }).PASSWORD_HASH_COST).toBe('test');
    expect(loadConfig({ PASSWORD_HASH_COST: 'test', PUBLIC_URL: 'http://localhost:4000' }).PASSWORD_HASH_COST).toBe(
      'test',
    );
    const publicServers = [
      { PUBLIC_URL: 'https://phonehaat.com.bd' },
      { TRUST_PROXY: '10.0.0.2' },
      { HOST: '0.0.0.0' },
    ];
    for (const publicServer of publicServers) {
      expect(() => loadConfig({ ...publicServer, PASSWORD_HASH_COST: 'test' })).toThrow(
        /PASSWORD_HASH_COST: PASSWORD_HASH_COST=test is for test runs on this machine/,
      );
    }
    expect(() => loadConfig({ PASSWORD_HASH_COST: 'cheap' })).toThrow(/PASSWORD_HASH_COST/);
  });

  it('lists every bad value at once', () => {
    expect(() => loadConfig({ PORT: 'eighty', AUTH_SECRET: 'short', SEED_DEMO: 'maybe' })).toThrow(
      /PORT[\s\S]*AUTH_SECRET[\s\S]*SEED_DEMO/,
    );
  });

  it('takes Redis only with a shared AUTH_SECRET, and a redis:// address', () => {
    const secret = { AUTH_SECRET: 'a'.repeat(32) };
    expect(loadConfig({ REDIS_URL: 'redis://10.0.0.5:6379', ...secret })).toMatchObject({
      REDIS_URL: 'redis://10.0.0.5:6379',
      REDIS_PREFIX: 'phonehaat:',
    });
    expect(() => loadConfig({ REDIS_URL: 'redis://10.0.0.5:6379' })).toThrow(/AUTH_SECRET: .*same AUTH_SECRET/);
    expect(() => loadConfig({ REDIS_URL: 'http://10.0.0.5', ...secret })).toThrow(
      /REDIS_URL must start with redis:\/\//,
    );
    expect(() => loadConfig({ REDIS_PREFIX: 'has space' })).toThrow(/REDIS_PREFIX/);
  });

  it('keeps pictures in S3 only with what the service needs, and says what is missing', () => {
    const minio = {
      S3_BUCKET: 'photos',
      S3_ENDPOINT: 'http://minio.internal:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: '1',
    };
    expect(loadConfig(minio)).toMatchObject({ S3_BUCKET: 'photos', S3_FORCE_PATH_STYLE: true });
    expect(loadConfig({ S3_BUCKET: 'photos', S3_REGION: 'ap-south-1' }).S3_FORCE_PATH_STYLE).toBe(false);
    expect(() => loadConfig({ S3_BUCKET: 'photos' })).toThrow(/S3_REGION: S3_BUCKET on Amazon S3 needs S3_REGION/);
    expect(() => loadConfig({ ...minio, S3_SECRET_ACCESS_KEY: '' })).toThrow(
      /S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'photos', S3_ENDPOINT: 'http://minio.internal:9000' })).toThrow(
      /S3_ACCESS_KEY_ID: S3_ENDPOINT needs/,
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio.internal:9000' })).toThrow(/S3_ENDPOINT needs S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'Not A Bucket', S3_REGION: 'x' })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(() => loadConfig({ ...minio, S3_PUBLIC_URL: 'http://cdn.example.com' })).toThrow(
      /S3_PUBLIC_URL must start with https/,
    );
    expect(loadConfig({ ...minio, S3_PUBLIC_URL: 'https://cdn.example.com/photos/' }).S3_PUBLIC_URL).toBe(
      'https://cdn.example.com/photos',
    );
  });
});
