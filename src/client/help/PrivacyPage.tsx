import { HelpArticle, type HelpSection } from './HelpArticle';

const SECTIONS: readonly HelpSection[] = [
  {
    title: 'help.privacy.collect.title',
    body: [
      [
        'help.privacy.collect.1.1',
        'help.privacy.collect.1.2',
        'help.privacy.collect.1.3',
        'help.privacy.collect.1.4',
        'help.privacy.collect.1.5',
        'help.privacy.collect.1.6',
        'help.privacy.collect.1.7',
        'help.privacy.collect.1.8',
      ],
    ],
  },
  {
    title: 'help.privacy.whoSees.title',
    body: [
      [
        'help.privacy.whoSees.1.1',
        'help.privacy.whoSees.1.2',
        'help.privacy.whoSees.1.3',
        'help.privacy.whoSees.1.4',
        'help.privacy.whoSees.1.5',
      ],
      'help.privacy.whoSees.2',
    ],
  },
  { title: 'help.privacy.cookies.title', body: ['help.privacy.cookies.1'] },
  { title: 'help.privacy.emails.title', body: ['help.privacy.emails.1'] },
  {
    title: 'help.privacy.keeping.title',
    body: [
      ['help.privacy.keeping.1.1', 'help.privacy.keeping.1.2', 'help.privacy.keeping.1.3', 'help.privacy.keeping.1.4'],
    ],
  },
  { title: 'help.privacy.choices.title', body: ['help.privacy.choices.1'] },
];

export function PrivacyPage() {
  return <HelpArticle page="privacy" sections={SECTIONS} />;
}
