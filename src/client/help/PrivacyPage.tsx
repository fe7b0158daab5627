import { HelpArticle, type HelpSection } from './HelpArticle';

const SECTIONS: readonly HelpSection[] = [
  {
    title: 'What we collect, and why',
    body: [
      [
        'Your name, email address and password, to make your account and sign you in. The password is kept only as a one-way hash, so nobody at PhoneHaat can read it.',
        'A profile photo, if you give one. Photos you upload are re-encoded and stripped of their hidden details (the place a photo was taken included) before anyone sees them.',
        'When you sign in with Google: the name, email address and picture Google shares with us, and an identifier that links your Google account to this one.',
        'When you sell: the mobile number and location you give, and your listings with their photos.',
        'When you book: the phone number and meeting place you give for that booking.',
        'When you chat: the messages you write to a buyer or a seller about a phone, so that both of you can read the conversation again.',
        'For each device you sign in on: the browser it reports, the network it connects from (only its range, never your full address) and when it was last used, so that Account settings can show you where you are signed in.',
        'The address your requests come from, to limit how fast anyone can sign up, log in or upload, so nobody can guess passwords or flood the site.',
      ],
    ],
  },
  {
    title: 'Who sees what',
    body: [
      [
        'Everyone: your listings, with the seller name, mobile number and location they show, and whether you are a verified seller.',
        'A seller you book: your name, email address, phone number and meeting place for that booking. Once they accept, you see their name and number.',
        'The other side of a conversation: your name and your messages. Once a booking of that phone is accepted, each of you also sees the other’s number there.',
        'Only you: the list of devices signed in to your account.',
        'The admin: the list of accounts, verification requests and reports, to keep the marketplace safe.',
      ],
      'We do not sell or rent your information, show advertising, or use tracking or analytics services. Photos may be stored with a storage provider that keeps them for us and does nothing else with them.',
    ],
  },
  {
    title: 'Cookies',
    body: [
      'Two cookies, both needed: one keeps you signed in (for 30 days, or until you log out; a device you do not use for 14 days is signed out by itself), and one remembers for a year that this browser has signed in to your account, so that you can still log in while someone else is guessing your password. The site also keeps your sign-in token in the browser’s local storage. Nothing else is stored in your browser.',
    ],
  },
  {
    title: 'Emails',
    body: [
      'We mail you a link to verify your address, a link when you ask to reset your password, and news of your bookings (a new request, accepted, declined, sold). Turn the booking emails off in Account settings, or with the link at the end of each one.',
    ],
  },
  {
    title: 'How long we keep it',
    body: [
      [
        'Your account, for as long as you keep it. Deleting it in Account settings removes your profile, listings, photos, signed-in devices and reports at once.',
        'Bookings are both sides’ history: after you delete your account, the sellers you booked keep the booking in their history as “Deleted account”, without your name, email address, phone number, meeting place or the reason you gave for cancelling.',
        'Conversations are both sides’ history too: after you delete your account, the people you wrote to can still read your messages, shown as from “Deleted account”, and nobody can write to you there.',
        'Photos uploaded for a listing that was never saved are deleted after a day; a record of each email sent is kept for 30 days.',
      ],
    ],
  },
  {
    title: 'Your choices',
    body: [
      'You can see and change your name, photo and password, turn emails off, see the devices you are signed in on and sign any of them out, and delete your account, all in Account settings. For anything else about your information, write to support@phonehaat.com.',
    ],
  },
];

export function PrivacyPage() {
  return (
    <HelpArticle
      title="Privacy Policy"
      description="What PhoneHaat collects, why it needs it, who can see it and how long it is kept."
      sections={SECTIONS}
    />
  );
}
