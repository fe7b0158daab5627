import { describe, expect, it } from 'vitest';
import { reviewFormSchema, reviewRequestSchema } from './reviews';
import { translateText } from './i18n/translate';

describe('the review form', () => {
  it('takes 1 to 5 stars as numbers or as Latin or Bengali digits', () => {
    const parsed = reviewRequestSchema.parse({ asDescribed: '৫', communication: ' 4 ', punctuality: 1 });
    expect(parsed).toMatchObject({ asDescribed: 5, communication: 4, punctuality: 1 });
    for (const wrong of [0, 6, 2.5, '', 'five', '৬']) {
      const result = reviewRequestSchema.safeParse({ communication: wrong, punctuality: 3 });
      expect(translateText('en', result.error?.issues[0]?.message ?? ''), String(wrong)).toBe('Choose 1 to 5 stars');
    }
  });

  it('asks each side for its own three stars', () => {
    const stars = { communication: 4, punctuality: 4 };
    expect(reviewFormSchema('buyer').safeParse(stars).error?.issues[0]?.path).toEqual(['asDescribed']);
    expect(reviewFormSchema('seller').safeParse(stars).error?.issues[0]?.path).toEqual(['paidAsAgreed']);
    expect(reviewFormSchema('seller').safeParse({ ...stars, paidAsAgreed: 5 }).success).toBe(true);
  });

  it('keeps the comment under 500 characters, trimmed', () => {
    expect(reviewRequestSchema.parse({ communication: 1, punctuality: 1, comment: '  ok  ' }).comment).toBe('ok');
    const long = reviewRequestSchema.safeParse({ communication: 1, punctuality: 1, comment: 'x'.repeat(501) });
    expect(translateText('en', long.error?.issues[0]?.message ?? '')).toBe('Keep the comment under 500 characters');
    expect(translateText('bn', long.error?.issues[0]?.message ?? '')).toBe('মন্তব্য ৫০০ অক্ষরের মধ্যে লিখুন');
  });
});
