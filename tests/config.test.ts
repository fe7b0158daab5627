import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server/config';

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

  it('makes session cookies Secure when the public address is https', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://phonehaat.com.bd/' })).toMatchObject({
      PUBLIC_URL: 'https://phonehaat.com.bd',
      secureCookies: true,
    });
  });

  it('lists every bad value at once', () => {
    expect(() => loadConfig({ PORT: 'eighty', AUTH_SECRET: 'short', SEED_DEMO: 'maybe' })).toThrow(
      /PORT[\s\S]*AUTH_SECRET[\s\S]*SEED_DEMO/,
    );
  });
});
