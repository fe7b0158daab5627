import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { readAlertSearch } from '#shared/alerts';
import { localText, SERVER_CATALOGS, write, writeSearch } from './texts';

describe("the server's catalogs", () => {
  it('have every message in both languages, each a valid ICU message under its area', () => {
    for (const [area, [en, bn]] of Object.entries(SERVER_CATALOGS)) {
      expect(Object.keys(bn).sort()).toEqual(Object.keys(en).sort());
      for (const [id, message] of [...Object.entries(en), ...Object.entries(bn)]) {
        expect(id.startsWith(`server.${area}.`), id).toBe(true);
        expect(() => new IntlMessageFormat(message, 'bn-BD').format({}), id).not.toThrow(SyntaxError);
      }
    }
  });
});

describe('write', () => {
  const sold = localText('server.bookings.sold', { product: 'Galaxy S21' });

  it("writes a text in its reader's language, seller-written values as they are", () => {
    expect(write({ locale: 'en', latinDigits: false }, sold)).toBe(
      'Galaxy S21 is sold to you. Enjoy your phone! You can review the seller in My orders for 14 days.',
    );
    expect(write({ locale: 'bn', latinDigits: false }, sold)).toMatch(/^Galaxy S21 এখন আপনার।/);
  });

  it('writes numbers in the digits the reader chose', () => {
    const count = localText('server.mail.alert.matches', { count: 3, sentence: 'iPhone under 52000Tk' });
    expect(write({ locale: 'en', latinDigits: false }, count)).toBe(
      '3 phones match your alert "iPhone under 52000Tk":',
    );
    expect(write({ locale: 'bn', latinDigits: false }, count)).toMatch(/^৩টি ফোন/);
    expect(write({ locale: 'bn', latinDigits: true }, count)).toMatch(/^3টি ফোন/);
  });

  it('writes prices with the one price formatter, in the digits the reader chose', () => {
    const phone = localText('server.alerts.phone', { name: 'iPhone 13', price: 125000 });
    expect(write({ locale: 'en', latinDigits: false }, phone)).toBe('iPhone 13 for 125000Tk');
    expect(write({ locale: 'bn', latinDigits: false }, phone)).toBe('iPhone 13, দাম ১,২৫,০০০ টাকা');
    expect(write({ locale: 'bn', latinDigits: true }, phone)).toBe('iPhone 13, দাম 1,25,000 টাকা');
  });

  it("names a saved search's district and condition in the reader's language, English as before", () => {
    const search = readAlertSearch('condition=Good&district=Dhaka')!;
    expect(writeSearch({ locale: 'en', latinDigits: false }, { search })).toBe('Dhaka · Good condition');
    expect(writeSearch({ locale: 'bn', latinDigits: false }, { search })).toBe('ঢাকা · ভালো কন্ডিশন');
  });

  it('keeps a plain sentence written before the catalogs', () => {
    expect(write({ locale: 'bn', latinDigits: false }, 'Your listing was removed.')).toBe('Your listing was removed.');
  });
});
