import { createHash } from 'node:crypto';
import { loadSharp } from '#server/uploads/sharp';

/** The file of an account's drawn avatar; one per account, replaced when it is drawn again. */
export const avatarFileName = (userId: string) => `avatar-${userId}.webp`;

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Up to two initials of the name ("Rahim Uddin" → "RU"), or a ? for a name of no letters. */
export function initialsOf(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .map((part) => Array.from(part)[0] ?? '')
    .filter((first) => /\p{L}|\p{N}/u.test(first));
  return (letters.length > 1 ? letters[0]! + letters.at(-1)! : (letters[0] ?? '?')).toUpperCase();
}

/** A colour of its own for each account, so two people with the same initials still look apart. */
export const hueOf = (seed: string) => createHash('sha256').update(seed).digest().readUInt16BE(0) % 360;

/**
 * A round portrait with the person's initials on a colour of their own, drawn on this machine (no
 * avatar service is asked, so no one learns who signs up).
 */
export async function drawAvatar(name: string, hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="150" height="150">
  <rect width="150" height="150" fill="hsl(${hue} 55% 40%)"/>
  <text x="75" y="96" font-family="DejaVu Sans, Arial, sans-serif" font-size="60" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(initialsOf(name))}</text>
</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).webp({ quality: 85 }).toBuffer();
}
