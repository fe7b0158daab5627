import type { Locale } from '#shared/i18n/locales';

/**
 * The BCP 47 tag `Intl` formats with: British English (day month year, as the client always
 * showed dates), and Bangladeshi Bangla, whose numbers group by lakh (১,২৫,০০০) in Bengali digits
 * unless the person asked for Latin ones.
 */
export const intlTag = (locale: Locale, latinDigits: boolean): string => {
  switch (locale) {
    case 'en':
      return 'en-GB';
    case 'bn':
      return latinDigits ? 'bn-BD-u-nu-latn' : 'bn-BD';
  }
};
