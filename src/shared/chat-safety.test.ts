import { describe, expect, it } from 'vitest';
import { checkContacts } from './chat-safety';

const own = ['phonehaat.com', '127.0.0.1'];
const check = (text: string) => checkContacts(text, own);

describe('checkContacts', () => {
  it.each([
    'mail me at rahim.uddin@gmail.com',
    'rahim [at] gmail.com',
    'pay here https://bkash-payment.example/pay',
    'see www.fakeshop.net',
    'go to bit.ly/abc123',
    'nagad-pay.xyz/secure',
  ])('refuses an address or a link: %s', (text) => {
    expect(check(text).refused).toBe(true);
  });

  it.each([
    'Is the price negotiable?',
    'Can you do 48,000? I am in Dhaka.',
    'ok.thanks see you at 5.30',
    'look at https://phonehaat.com/productId/abc',
    'the listing http://127.0.0.1:4326/productId/abc',
    'Battery health is 91.5%',
  ])('lets this through: %s', (text) => {
    expect(check(text).refused).toBe(false);
  });

  it.each([
    'call 01712345678',
    'call 017 1234 5678',
    'call 017.1234.5678',
    'call +8801712345678',
    'call +880 1712-345678',
    'call ০১৭১২৩৪৫৬৭৮',
    'call +৮৮০ ১৭১২ ৩৪৫৬৭৮',
  ])('finds a Bangladeshi mobile number: %s', (text) => {
    expect(check(text).hasNumber).toBe(true);
  });

  it.each(['price 52000', 'my IMEI 356938035643809 and 12345678901', '0123456789', 'Can you do 48,000?'])(
    'finds no number in: %s',
    (text) => {
      expect(check(text).hasNumber).toBe(false);
    },
  );
});
