import { REQUEST_EXPIRY_HOURS } from '#shared/bookings';
import { HelpArticle, type HelpSection } from './HelpArticle';

const SECTIONS: readonly HelpSection[] = [
  {
    title: 'How does buying a phone work?',
    body: [
      [
        'Find a phone. To ask the seller something first (the price, the battery, where to meet), press Message the seller on its page; the conversation stays in Inbox, in your dashboard.',
        'Press Book Now. Give a phone number the seller can call and a place where you would like to meet.',
        'The seller accepts or declines your request. Once they accept, the phone is reserved for you, and My orders shows the seller’s name and number.',
        'Meet, check the phone, and pay the seller in person. The seller then marks it sold to you.',
      ],
      `A seller who does not answer within ${REQUEST_EXPIRY_HOURS} hours lets the request expire, and you may book the phone again later.`,
    ],
  },
  {
    title: 'How do I pay?',
    body: [
      'In person, at the meeting, after you have checked the phone: in cash or by mobile money straight to the seller. PhoneHaat never takes payment, never holds money for anyone, and never asks you to pay in advance. If someone asks you to send money before you have seen the phone, do not pay, and report the listing.',
    ],
  },
  {
    title: 'What should I check before I pay?',
    body: [
      [
        'Dial *#06#: the IMEI on the screen must match the one on the box and the receipt.',
        'The phone must be signed out of the seller’s Apple ID or Google account, or it stays locked to them after a reset.',
        'Try the screen, touch, cameras, speakers, microphone, charging, Wi-Fi and a SIM card with a call.',
        'Ask for the original receipt, the box and the charger if the listing mentions them.',
      ],
    ],
  },
  {
    title: 'How do we meet safely?',
    body: [
      'Meet in a busy public place in daylight, such as a shopping centre or a well-known shop, and bring a friend if you can. Never share a code that arrives on your phone by SMS: no buyer or seller needs it.',
    ],
  },
  {
    title: 'Can one account buy and sell?',
    body: [
      'Yes. Every account can book phones. To sell, press “Sell your phone” or “Start selling” in your dashboard: verify your email address, give the name buyers will see and a mobile number, and add your first phone. Your orders stay where they were.',
    ],
  },
  {
    title: 'How do I sell my phone?',
    body: [
      'Add Product asks for the phone’s details, its condition, the price in whole Tk and up to six photos. Buyers find it on its category page and in search, and may ask you about it first: their messages arrive in Inbox, in your dashboard. When someone books it, you see their number and meeting place in Booking requests: accept one request to reserve the phone for that buyer, meet, then mark it sold. You can edit, hide or delete a listing at any time in My Product.',
    ],
  },
  {
    title: 'What does the verified badge mean?',
    body: [
      'A seller can apply for verification from Add Product. An admin checks the seller and then verifies them; their phones then carry the badge. An unverified seller may list phones too, without the badge.',
    ],
  },
  {
    title: 'How do I cancel a booking?',
    body: [
      'Open My orders and press Cancel. A request the seller has not answered is called off at once; an accepted booking asks you for a reason, which the seller reads. Sellers answer and cancel bookings in Booking requests.',
    ],
  },
  {
    title: 'Something looks wrong with a listing. What can I do?',
    body: [
      'Press “Report to admin” on the phone’s page. The admin checks every report and removes listings that break the Terms & Conditions.',
    ],
  },
  {
    title: 'How do I change my details or leave?',
    body: [
      'Account settings changes your name, photo, password and which emails you get, signs out other devices, and deletes your account with its listings and photos.',
    ],
  },
];

export function FaqPage() {
  return (
    <HelpArticle
      title="F.A.Q"
      description="How a deal works on PhoneHaat, from finding a phone to paying for it in person."
      sections={SECTIONS}
    />
  );
}
