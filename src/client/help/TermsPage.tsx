import { HelpArticle, type HelpSection } from './HelpArticle';

const SECTIONS: readonly HelpSection[] = [
  {
    title: 'What PhoneHaat is',
    body: [
      'PhoneHaat brings together people who sell used phones and people who buy them. The sale itself is between the buyer and the seller: PhoneHaat does not own the phones, does not take payment and does not guarantee a deal. Using the site means you accept these rules.',
    ],
  },
  {
    title: 'Your account',
    body: [
      [
        'One person, one account, under your real name. Keep your password to yourself; you answer for what is done with your account.',
        'Every account can buy. To sell you verify your email address and give a mobile number where buyers can reach you.',
      ],
    ],
  },
  {
    title: 'Listings',
    body: [
      'The admin removes listings that break these rules, and may delete the account behind them:',
      [
        'Only phones you own and may sell. No stolen, blacklisted, counterfeit or replica phones, and no phone still locked to someone’s Apple ID or Google account.',
        'Real photos of the very phone on sale, not pictures from the internet.',
        'An honest description: the true condition, faults and repairs, the purchase year, and what comes with it.',
        'A real price in whole Tk that you are willing to accept.',
        'One listing per phone. Mark it sold, or hide it, as soon as it is no longer for sale.',
        'No links, advertising or other products in a listing.',
      ],
    ],
  },
  {
    title: 'Bookings and meetings',
    body: [
      [
        'Book a phone only when you mean to buy it, and cancel if you change your mind.',
        'Sellers answer requests within 48 hours; unanswered requests expire.',
        'Meet where you agreed, at the time you agreed. Pay in person, only after checking the phone. Never ask for or send money in advance.',
      ],
    ],
  },
  {
    title: 'Behaviour',
    body: [
      'No fraud, threats, harassment or abuse of other people, no fake reports, and no attempt to break or overload the site. Accounts that do this are deleted.',
    ],
  },
  {
    title: 'Reports and moderation',
    body: [
      'Anyone signed in can report a listing to the admin. The admin reviews each report and deletes listings that break these rules; the seller is told when one of their listings is removed. The admin verifies sellers who apply, and may delete any account that breaks these rules.',
    ],
  },
  {
    title: 'Liability and changes',
    body: [
      'We work to keep PhoneHaat safe and available, but we cannot check every phone or every person, and we are not responsible for a deal between a buyer and a seller. We may change these rules; the new version applies from the day it appears on this page. Questions: support@phonehaat.com.',
    ],
  },
];

export function TermsPage() {
  return (
    <HelpArticle
      title="Terms & Conditions"
      description="The rules every account and listing keeps, and what the admin does when one is broken."
      sections={SECTIONS}
    />
  );
}
