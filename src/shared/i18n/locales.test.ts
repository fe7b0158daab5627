import { describe, expect, it } from 'vitest';
import { toBengaliDigits, toLatinDigits } from './digits';
import { negotiateLocale } from './locales';

describe('negotiateLocale', () => {
  it('picks the supported language the header prefers most', () => {
    expect(negotiateLocale('bn-BD,bn;q=0.9,en-US;q=0.8')).toBe('bn');
    expect(negotiateLocale('en-US,en;q=0.9,bn;q=0.8')).toBe('en');
    expect(negotiateLocale('fr;q=1,bn;q=0.5,en;q=0.7')).toBe('en');
  });

  it('names none when the header asks for no language of ours', () => {
    expect(negotiateLocale(undefined)).toBeUndefined();
    expect(negotiateLocale('fr-FR,de;q=0.5')).toBeUndefined();
    expect(negotiateLocale('bn;q=0')).toBeUndefined();
  });
});

describe('digits', () => {
  it('reads Bengali digits as Latin ones and back', () => {
    expect(toLatinDigits('৫২০০০')).toBe('52000');
    expect(toLatinDigits('০১৭১১-২৩৪৫৬৭')).toBe('01711-234567');
    expect(toBengaliDigits('1,25,000')).toBe('১,২৫,০০০');
  });
});
