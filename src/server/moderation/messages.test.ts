import { describe, expect, it } from 'vitest';
import { write } from '#server/i18n/texts';
import { deliverySentence } from '#server/alerts/channels';
import type { PendingAlert } from '#server/alerts/repository';
import { toAffected, toAppellant, toReporter } from './messages';

const en = { locale: 'en', latinDigits: false } as const;
const bn = { locale: 'bn', latinDigits: false } as const;

describe('moderation notifications', () => {
  const restricted = toAffected('u1', 'restrict', {
    title: 'Rahim',
    reason: 'scam',
    note: 'Two deposits',
    until: '2026-12-01T06:00:00.000Z',
  });

  it('read in English exactly as before', () => {
    expect(write(en, restricted.message)).toBe(
      'A moderator restricted your account: you cannot list, book, message or review. Reason: Scam or fraud (Two deposits). Until 1 December 2026 at 12:00. You can appeal within 6 months from Account standing in your dashboard.',
    );
    expect(write(en, toReporter('u2', 'Pixel 7', 'hide_listing').message)).toBe(
      'Your report of "Pixel 7" was reviewed: hide the listing. Thank you.',
    );
    expect(write(en, toAppellant('u1', 'reversed', 'warn', 'Sorry.').message)).toBe(
      'Your appeal was accepted: "Warn the user" is undone. Sorry.',
    );
  });

  it("are written in the reader's language, the moderator's and seller's words as they are", () => {
    const text = write(bn, restricted.message);
    expect(text).toContain('একজন মডারেটর আপনার অ্যাকাউন্ট সীমিত করেছেন');
    expect(text).toContain('কারণ: প্রতারণা বা জালিয়াতি (Two deposits)।');
    expect(text).toContain('১ ডিসেম্বর, ২০২৬');
    expect(text).toContain('৬ মাসের মধ্যে');
    expect(write(bn, toAppellant('u1', 'upheld', 'suspend', 'Rules are rules.').message)).toBe(
      'আপনার আপিলের সিদ্ধান্ত হয়েছে: "অ্যাকাউন্ট স্থগিত" বহাল থাকছে। Rules are rules.',
    );
  });
});

describe('alert notifications', () => {
  const phone = (name: string, price: number, dropped = false) => ({ productId: name, name, price, dropped });
  // A saved search of one category: each reader sees the category's name in their language.
  const alert = {
    search: `category=${'a'.repeat(24)}`,
    sentence: 'iPhone',
    category_name: 'iPhone',
    category_name_bn: 'আইফোন',
  } as PendingAlert;

  it('read in English as before and in Bangla with lakh grouping', () => {
    const phones = [phone('A', 55000, true), phone('B', 125000), phone('C', 1), phone('D', 2), phone('E', 3)];
    expect(write(en, deliverySentence({ alert, phones }))).toBe(
      '5 phones match your alert "iPhone": A for 55000Tk (price dropped), B for 125000Tk, C for 1Tk and 2 more.',
    );
    expect(write(en, deliverySentence({ alert, phones: [phone('A', 500)] }))).toBe(
      'A phone matches your alert "iPhone": A for 500Tk.',
    );
    expect(write(bn, deliverySentence({ alert, phones }))).toBe(
      'আপনার "আইফোন" অ্যালার্টের সাথে ৫টি ফোন মিলেছে: A, দাম ৫৫,০০০ টাকা (দাম কমেছে), B, দাম ১,২৫,০০০ টাকা, C, দাম ১ টাকা এবং আরও ২টি।',
    );
  });
});
