import { HelpArticle, type HelpSection } from './HelpArticle';

const SECTIONS: readonly HelpSection[] = [
  { title: 'help.terms.about.title', body: ['help.terms.about.1'] },
  { title: 'help.terms.account.title', body: [['help.terms.account.1.1', 'help.terms.account.1.2']] },
  {
    title: 'help.terms.listings.title',
    body: [
      'help.terms.listings.1',
      [
        'help.terms.listings.2.1',
        'help.terms.listings.2.2',
        'help.terms.listings.2.3',
        'help.terms.listings.2.4',
        'help.terms.listings.2.5',
        'help.terms.listings.2.6',
      ],
    ],
  },
  {
    title: 'help.terms.bookings.title',
    body: [['help.terms.bookings.1.1', 'help.terms.bookings.1.2', 'help.terms.bookings.1.3']],
  },
  { title: 'help.terms.behaviour.title', body: ['help.terms.behaviour.1'] },
  { title: 'help.terms.moderation.title', body: ['help.terms.moderation.1'] },
  { title: 'help.terms.liability.title', body: ['help.terms.liability.1'] },
];

export function TermsPage() {
  return <HelpArticle page="terms" sections={SECTIONS} />;
}
