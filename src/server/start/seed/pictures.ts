import { loadSharp } from '#server/uploads/sharp';

/**
 * Draws a phone picture without any network: a gradient backdrop, a handset with a screen and camera
 * bump, and a caption. Base categories and demo listings get theirs from here.
 */
export interface PhonePicture {
  caption: string;
  hue: number;
  width?: number;
  height?: number;
  /** The screen side (the default) or the back with its cameras, for listings with several photos. */
  view?: 'front' | 'back';
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

const frontOf = (x: number, y: number, phoneW: number, phoneH: number) =>
  `<rect x="${x + phoneW * 0.05}" y="${y + phoneW * 0.05}" width="${phoneW * 0.9}" height="${phoneH - phoneW * 0.1}" rx="${phoneW * 0.1}" fill="url(#screen)"/>
  <rect x="${x + phoneW * 0.38}" y="${y + phoneW * 0.09}" width="${phoneW * 0.24}" height="${phoneW * 0.06}" rx="${phoneW * 0.03}" fill="#111827"/>`;

const backOf = (x: number, y: number, phoneW: number, hue: number) => {
  const lens = (cx: number, cy: number) =>
    `<circle cx="${cx}" cy="${cy}" r="${phoneW * 0.09}" fill="#111827" stroke="hsl(${hue} 30% 70%)" stroke-width="${phoneW * 0.02}"/>`;
  const left = x + phoneW * 0.22;
  const top = y + phoneW * 0.22;
  return `<rect x="${x + phoneW * 0.06}" y="${y + phoneW * 0.06}" width="${phoneW * 0.5}" height="${phoneW * 0.5}" rx="${phoneW * 0.1}" fill="#374151"/>
  ${lens(left, top)}${lens(left + phoneW * 0.18, top)}${lens(left, top + phoneW * 0.18)}`;
};

function phoneSvg({ caption, hue, width = 800, height = 600, view = 'front' }: PhonePicture): string {
  const phoneW = height * 0.42;
  const phoneH = height * 0.78;
  const x = (width - phoneW) / 2;
  const y = height * 0.08;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue} 70% 92%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 65% 80%)"/>
    </linearGradient>
    <linearGradient id="screen" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue} 80% 55%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360} 75% 35%)"/>
    </linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  <circle cx="${width * 0.15}" cy="${height * 0.2}" r="${height * 0.16}" fill="hsl(${hue} 70% 85%)"/>
  <circle cx="${width * 0.88}" cy="${height * 0.82}" r="${height * 0.22}" fill="hsl(${(hue + 30) % 360} 60% 75%)"/>
  <rect x="${x + 10}" y="${y + 14}" width="${phoneW}" height="${phoneH}" rx="${phoneW * 0.14}" fill="rgba(0,0,0,0.18)"/>
  <rect x="${x}" y="${y}" width="${phoneW}" height="${phoneH}" rx="${phoneW * 0.14}" fill="#1f2937"/>
${view === 'front' ? frontOf(x, y, phoneW, phoneH) : backOf(x, y, phoneW, hue)}
  <text x="${width / 2}" y="${y + phoneH * 0.5}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${height * 0.06}" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(caption)}</text>
</svg>`;
}

export const phonePicture = async (picture: PhonePicture) =>
  (await loadSharp())(Buffer.from(phoneSvg(picture)))
    .webp({ quality: 82 })
    .toBuffer();
