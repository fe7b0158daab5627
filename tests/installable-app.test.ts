import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appManifest } from '#client/app/manifest';
import { registerClient } from '#server/pages/client';

/* The installable app's manifest and how the server hands out its files (docs/app.md). */

describe('the web app manifest', () => {
  it('names the app, in Bangla on the home screen, with its colour', () => {
    expect(appManifest).toMatchObject({ short_name: 'ফোনহাট', display: 'standalone', theme_color: '#0d7f76' });
    expect(appManifest.name).toMatch(/^PhoneHaat/);
  });

  it('has icons of 192 and 512 pixels, a maskable one among them, drawn at those sizes', async () => {
    const icons = appManifest.icons ?? [];
    expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(icons.filter((icon) => icon.purpose === 'maskable')).toHaveLength(1);
    const shortcutIcons = (appManifest.shortcuts ?? []).flatMap((shortcut) => shortcut.icons ?? []);
    for (const icon of [...icons, ...shortcutIcons]) {
      const { width, height, format } = await sharp(resolve('public', `.${icon.src}`)).metadata();
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      expect(format).toBe('png');
    }
  });

  it('has shortcuts to sell, the Inbox and the alerts', () => {
    expect((appManifest.shortcuts ?? []).map(({ short_name, url }) => [short_name, url])).toEqual([
      ['Sell', '/dashboard/addproduct'],
      [undefined, '/dashboard/inbox'],
      ['Alerts', '/dashboard/alerts'],
    ]);
  });
});

describe('serving the service worker and the manifest', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'phonehaat-app-'));
    await mkdir(join(dir, 'icons'), { recursive: true });
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    await writeFile(join(dir, 'manifest.webmanifest'), JSON.stringify({ name: 'PhoneHaat' }));
    await writeFile(join(dir, 'offline.html'), '<!doctype html><title>You are offline</title>');
    await writeFile(join(dir, 'icons', 'icon-192.png'), 'png');
    app = Fastify();
    await registerClient(app, { clientDir: dir, publicUrl: 'http://127.0.0.1:3000' });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('asks the browser to check for a new worker, manifest and icons on every load', async () => {
    for (const [url, type] of [
      ['/sw.js', 'javascript'],
      ['/manifest.webmanifest', 'application/manifest+json'],
      ['/offline.html', 'text/html'],
      ['/icons/icon-192.png', 'image/png'],
    ]) {
      const answer = await app.inject({ url: url! });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['content-type'], url).toContain(type);
      expect(answer.headers['cache-control'], url).toBe('no-cache');
    }
  });
});
