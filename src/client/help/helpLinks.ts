import type { MessageId } from '#client/i18n';
import { paths } from '#shared/paths';

/** The help pages, named by catalog ids (English: the spec's footer names); sign-up and Account settings link to them too. */
export const helpLinks = [
  {
    to: paths.faq,
    labelId: 'help.faq.heading',
    aboutId: 'help.faq.summary',
  },
  {
    to: paths.privacy,
    labelId: 'help.privacy.heading',
    aboutId: 'help.privacy.summary',
  },
  {
    to: paths.terms,
    labelId: 'help.terms.heading',
    aboutId: 'help.terms.summary',
  },
] as const satisfies ReadonlyArray<{
  to: string;
  labelId: MessageId;
  aboutId: MessageId;
}>;
