import type { MessageId } from '#client/i18n';
import { paths } from '#shared/paths';

/** The help pages, with the footer's (the spec's) names; sign-up and Account settings link to them too. */
export const helpLinks = [
  {
    to: paths.faq,
    label: 'F.A.Q',
    about: 'how a deal works, from booking to paying in person',
    labelId: 'help.faq.heading',
    aboutId: 'help.faq.summary',
  },
  {
    to: paths.privacy,
    label: 'Privacy Policy',
    about: 'what we collect, why, and who sees it',
    labelId: 'help.privacy.heading',
    aboutId: 'help.privacy.summary',
  },
  {
    to: paths.terms,
    label: 'Terms & Conditions',
    about: 'the rules every listing and account keeps',
    labelId: 'help.terms.heading',
    aboutId: 'help.terms.summary',
  },
] as const satisfies ReadonlyArray<{
  to: string;
  label: string;
  about: string;
  labelId: MessageId;
  aboutId: MessageId;
}>;
