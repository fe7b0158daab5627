import { describe, expect, it } from 'vitest';
import { translateText } from './i18n/translate';
import { makeOfferSchema, offerLimits, offerPriceProblem } from './offers';

const english = (text: string | undefined) => translateText('en', text ?? '');
const bangla = (text: string | undefined) => translateText('bn', text ?? '');

describe('offer limits', () => {
  it('run from half the asking price, rounded up, to the asking price', () => {
    expect(offerLimits(40000)).toEqual({ min: 20000, max: 40000 });
    expect(offerLimits(40001)).toEqual({ min: 20001, max: 40001 });
    expect(offerPriceProblem(20000, 40000)).toBeUndefined();
    expect(offerPriceProblem(40000, 40000)).toBeUndefined();
    expect(english(offerPriceProblem(19999, 40000))).toBe('Offer at least half the asking price, 20000Tk');
    expect(bangla(offerPriceProblem(19999, 40000))).toBe('চাওয়া দামের অন্তত অর্ধেক অফার করুন, কমপক্ষে ২০,০০০ টাকা');
    expect(english(offerPriceProblem(40001, 40000))).toBe('Offer at most the asking price, 40000Tk');
  });
});

describe('an offer price', () => {
  const price = (value: unknown) => makeOfferSchema.safeParse({ price: value });

  it('is read in Latin or Bengali digits, with or without thousands commas', () => {
    expect(price('45,000').data?.price).toBe(45000);
    expect(price('৪৫,০০০').data?.price).toBe(45000);
    expect(price(' ৪৫০০০ ').data?.price).toBe(45000);
    expect(price(45000).data?.price).toBe(45000);
  });

  it('is refused with a sentence when it is not whole Tk', () => {
    expect(english(price('').error?.issues[0]?.message)).toBe('Enter your price in Tk');
    expect(english(price('45.5').error?.issues[0]?.message)).toBe('Enter the price in whole Tk, digits only');
    expect(english(price('-1').error?.issues[0]?.message)).toBe('Enter the price in whole Tk, digits only');
    expect(english(price('0').error?.issues[0]?.message)).toBe('Enter your price in Tk');
  });

  it('takes an optional note of up to 300 characters', () => {
    expect(makeOfferSchema.safeParse({ price: 1, note: 'x'.repeat(301) }).success).toBe(false);
    expect(makeOfferSchema.safeParse({ price: 1, note: ' cash ' }).data?.note).toBe('cash');
  });
});
