/*
 * Draws the installed app's icons (docs/app.md) from the site's mark, into public/icons/. Run it
 * again after changing the mark: `node --import tsx scripts/app-icons.ts`. The PNGs are committed.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';

const out = resolve(import.meta.dirname, '../public/icons');
const TEAL = '#0d7f76';

/** The phone and its dot, in a 32-unit box; `inset` leaves that many units of the box around it. */
const mark = (rounded: boolean, inset = 0) => {
  const scale = (32 - 2 * inset) / 32;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
<rect width="32" height="32" rx="${rounded ? 7 : 0}" fill="${TEAL}"/>
<g transform="translate(${inset} ${inset}) scale(${scale})">
<rect x="10" y="6" width="12" height="20" rx="2.5" fill="none" stroke="#fff" stroke-width="2"/>
<path d="M14.5 22.5h3" stroke="#fff" stroke-width="2" stroke-linecap="round"/>
<circle cx="24.5" cy="8" r="3.5" fill="#fbbf24"/>
</g></svg>`;
};

const icons: Array<[file: string, size: number, svg: string]> = [
  ['icon-192.png', 192, mark(true)],
  ['icon-512.png', 512, mark(true)],
  // Launchers cut a maskable icon to their own shape, keeping the middle 80%: the mark stays inside it.
  ['maskable-512.png', 512, mark(false, 5)],
  ['apple-touch-icon.png', 180, mark(false, 2)],
  // The shortcuts' small icons.
  ['shortcut-sell.png', 96, shortcut('M16 9v14M9 16h14')],
  ['shortcut-inbox.png', 96, shortcut('M8 10h16v10H13l-5 4z')],
  ['shortcut-alerts.png', 96, shortcut('M11 20v-5a5 5 0 0 1 10 0v5l2 2H9zM14.5 24h3')],
];

function shortcut(path: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${TEAL}"/>
<path d="${path}" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
}

mkdirSync(out, { recursive: true });
for (const [file, size, svg] of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(join(out, file));
  console.log(`public/icons/${file} (${size}x${size})`);
}
