import { describe, expect, it } from 'vitest';
import { formatters } from './format';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const HOUR = 3_600_000;

describe('formatters', () => {
  it('keeps English prices as the spec prints them, and counts by thousands', () => {
    const en = formatters('en', false, false, () => NOW);
    expect(en.price(52000)).toBe('52000Tk');
    expect(en.number(125000)).toBe('125,000');
    expect(en.relative(ago(3 * HOUR))).toBe('3 h ago');
    expect(en.relative(ago(30_000))).toBe('just now');
    expect(en.date('2026-11-27T12:00:00Z')).toBe('27 Nov 2026');
  });

  it('writes Bangla prices in taka, grouped by lakh, in Bengali digits unless asked for Latin ones', () => {
    const bn = formatters('bn', false, false, () => NOW);
    expect(bn.price(52000)).toBe('৫২,০০০ টাকা');
    expect(bn.price(125000)).toBe('১,২৫,০০০ টাকা');
    expect(bn.relative(ago(3 * HOUR))).toBe('৩ ঘণ্টা আগে');
    expect(formatters('bn', true, false, () => NOW).price(52000)).toBe('52,000 টাকা');
  });

  it('marks every formatted value in the pseudo-locale', () => {
    expect(formatters('en', false, true, () => NOW).price(52000)).toBe('⟦52000Tk⟧');
  });
});
