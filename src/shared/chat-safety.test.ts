import { describe, expect, it } from 'vitest';
import { checkContacts } from './chat-safety';

const own = ['phonehaat.com', '127.0.0.1'];
const check = (text: string) => checkContacts(text, own);

/** What `checkContacts` says of each kind of text: the answer's field, and its value for every one. */
const kinds: Array<{ kind: string; field: 'refused' | 'hasNumber'; is: boolean; texts: string[] }> = [
  {
    kind: 'refuses an address or a link',
    field: 'refused',
    is: true,
    texts: [
      'mail me at rahim.uddin@gmail.com',
      'rahim [at] gmail.com',
      'pay here https://bkash-payment.example/pay',
      'see www.fakeshop.net',
      'go to bit.ly/abc123',
      'nagad-pay.xyz/secure',
    ],
  },
  {
    kind: 'lets this through',
    field: 'refused',
    is: false,
    texts: [
      'Is the price negotiable?',
      'Can you do 48,000? I am in Dhaka.',
      'ok.thanks see you at 5.30',
      'look at https://phonehaat.com/productId/abc',
      'the listing http://127.0.0.1:4326/productId/abc',
      'Battery health is 91.5%',
    ],
  },
  {
    kind: 'finds a Bangladeshi mobile number',
    field: 'hasNumber',
    is: true,
    texts: [
      'call 01712345678',
      'call 017 1234 5678',
      'call 017.1234.5678',
      'call +8801712345678',
      'call +880 1712-345678',
      'call ০১৭১২৩৪৫৬৭৮',
      'call +৮৮০ ১৭১২ ৩৪৫৬৭৮',
    ],
  },
  {
    kind: 'finds no number in',
    field: 'hasNumber',
    is: false,
    texts: ['price 52000', 'my IMEI 356938035643809 and 12345678901', '0123456789', 'Can you do 48,000?'],
  },
];

describe('checkContacts', () => {
  it.each(kinds.flatMap(({ kind, field, is, texts }) => texts.map((text) => ({ kind, field, is, text }))))(
    '$kind: $text',
    ({ field, is, text }) => {
      expect(check(text)[field]).toBe(is);
    },
  );
});
