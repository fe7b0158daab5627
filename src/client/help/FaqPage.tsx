import { REQUEST_EXPIRY_HOURS } from '#shared/bookings';
import { HelpArticle, type HelpSection } from './HelpArticle';

const SECTIONS: readonly HelpSection[] = [
  {
    title: 'help.faq.buying.title',
    body: [
      ['help.faq.buying.1.1', 'help.faq.buying.1.2', 'help.faq.buying.1.3', 'help.faq.buying.1.4'],
      'help.faq.buying.2',
    ],
  },
  { title: 'help.faq.paying.title', body: ['help.faq.paying.1'] },
  {
    title: 'help.faq.checking.title',
    body: [['help.faq.checking.1.1', 'help.faq.checking.1.2', 'help.faq.checking.1.3', 'help.faq.checking.1.4']],
  },
  { title: 'help.faq.meeting.title', body: ['help.faq.meeting.1'] },
  { title: 'help.faq.buyAndSell.title', body: ['help.faq.buyAndSell.1'] },
  { title: 'help.faq.selling.title', body: ['help.faq.selling.1'] },
  { title: 'help.faq.verified.title', body: ['help.faq.verified.1'] },
  { title: 'help.faq.cancelling.title', body: ['help.faq.cancelling.1'] },
  { title: 'help.faq.wrongListing.title', body: ['help.faq.wrongListing.1'] },
  { title: 'help.faq.leaving.title', body: ['help.faq.leaving.1'] },
];

export function FaqPage() {
  return <HelpArticle page="faq" sections={SECTIONS} values={{ hours: REQUEST_EXPIRY_HOURS }} />;
}
