import { describe, expect, it } from 'vitest';
import { middleHalf, quantile } from './compute';
import { ratePrice } from '#shared/fair-price';

describe('fair price figures', () => {
  it('reads the median and the middle half between neighbours', () => {
    expect(middleHalf([50_000, 52_000, 55_000, 58_000, 60_000])).toEqual({ median: 55_000, low: 52_000, high: 58_000 });
    expect(quantile([10, 20], 0.5)).toBe(15);
    expect(middleHalf([40_000, 10_000, 30_000, 20_000])).toEqual({ median: 25_000, low: 17_500, high: 32_500 });
  });

  it('rates a price against the middle half', () => {
    const fair = { source: 'sales' as const, median: 55_000, low: 52_000, high: 58_500, count: 6 };
    expect(ratePrice(50_000, fair)).toBe('good');
    expect(ratePrice(55_000, fair)).toBe('fair');
    expect(ratePrice(65_000, fair)).toBe('above');
  });
});
