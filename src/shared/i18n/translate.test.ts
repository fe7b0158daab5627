import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import {
  formatPrice,
  messageText,
  readMessageText,
  sharedCatalogs,
  translate,
  translateText,
  withPrices,
} from './translate';

describe('translate', () => {
  it('writes a shared message in either language, with its values', () => {
    expect(translate('en', 'shared.products.priceMin', { minPrice: 100 })).toBe('Enter a price of at least 100Tk');
    expect(translate('bn', 'shared.products.priceMin', { minPrice: 100 })).toBe('দাম কমপক্ষে ১০০ টাকা দিন');
    expect(translate('bn', 'shared.products.priceMin', { minPrice: 125000 }, true)).toBe(
      'দাম কমপক্ষে 1,25,000 টাকা দিন',
    );
    expect(translate('en', 'shared.products.yearRange', { first: 2000 })).toBe(
      'Enter a year between 2000 and this year',
    );
  });

  it('answers an unknown id as it is', () => {
    expect(translate('bn', 'shared.no.such.message')).toBe('shared.no.such.message');
  });

  it("keeps the spec's texts byte for byte in English", () => {
    const english: Record<string, string> = sharedCatalogs.en;
    for (const [key, text] of Object.entries(messages)) expect(english[`shared.messages.${key}`]).toBe(text);
  });

  it('has every message in both languages, each a valid ICU message', () => {
    expect(Object.keys(sharedCatalogs.bn).sort()).toEqual(Object.keys(sharedCatalogs.en).sort());
    for (const [locale, catalog] of Object.entries(sharedCatalogs)) {
      for (const [id, message] of Object.entries(catalog)) {
        expect(() => new IntlMessageFormat(message, locale).format({}), id).not.toThrow(SyntaxError);
      }
    }
  });
});

describe('message texts', () => {
  it('carry an id and its values through a plain string', () => {
    const text = messageText('shared.offers.atLeast', { minPrice: 20000 });
    expect(readMessageText(text)).toEqual({ id: 'shared.offers.atLeast', values: { minPrice: 20000 } });
    expect(translateText('en', text)).toBe('Offer at least half the asking price, 20000Tk');
    expect(translateText('bn', text)).toBe('চাওয়া দামের অন্তত অর্ধেক অফার করুন, কমপক্ষে ২০,০০০ টাকা');
  });

  it('leave any other text as it is', () => {
    expect(translateText('bn', 'Product not found')).toBe('Product not found');
    expect(translateText('bn', 'shared.offers.atLeast {not json')).toBe('shared.offers.atLeast {not json');
    expect(readMessageText('Keep the deal on PhoneHaat')).toBeUndefined();
  });
});

describe('formatPrice', () => {
  it("keeps the spec's English form and writes Bangla with lakh grouping", () => {
    expect(formatPrice('en', 52000)).toBe('52000Tk');
    expect(formatPrice('bn', 52000)).toBe('৫২,০০০ টাকা');
    expect(formatPrice('bn', 125000)).toBe('১,২৫,০০০ টাকা');
    expect(formatPrice('bn', 52000, true)).toBe('52,000 টাকা');
  });
});

describe('withPrices', () => {
  const tk = (amount: number) => `${amount}Tk`;

  it('writes the numbers named price or …Price, and only those', () => {
    expect(withPrices({ price: 45000, minPrice: 100, count: 3, min: 7, name: 'Nokia' }, tk)).toEqual({
      price: '45000Tk',
      minPrice: '100Tk',
      count: 3,
      min: 7,
      name: 'Nokia',
    });
    expect(withPrices({ price: 'already written' }, tk)).toEqual({ price: 'already written' });
    expect(withPrices(undefined, tk)).toBeUndefined();
  });

  it("is how the translator writes a price in the reader's language", () => {
    expect(translate('en', 'shared.chatLine.offerMade', { name: 'Bithi', price: 125000 })).toBe(
      'Bithi offered 125000Tk.',
    );
    expect(translate('bn', 'shared.chatLine.offerMade', { name: 'Bithi', price: 125000 })).toBe(
      'Bithi ১,২৫,০০০ টাকা অফার করেছেন।',
    );
    expect(translate('bn', 'shared.chatLine.offerAccept', { name: 'Bithi', price: 52000, buyer: 'Rafi' }, true)).toBe(
      'Bithi 52,000 টাকায় রাজি হয়েছেন: ফোনটি Rafi-এর জন্য রাখা হলো।',
    );
  });
});
