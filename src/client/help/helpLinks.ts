import { paths } from '#shared/paths';

/** The help pages, with the footer's (the spec's) names; sign-up and Account settings link to them too. */
export const helpLinks = [
  { to: paths.faq, label: 'F.A.Q', about: 'how a deal works, from booking to paying in person' },
  { to: paths.privacy, label: 'Privacy Policy', about: 'what we collect, why, and who sees it' },
  { to: paths.terms, label: 'Terms & Conditions', about: 'the rules every listing and account keeps' },
] as const;
