import { paths } from '#shared/paths';
import type { Roles } from '#client/accounts/api/roles';

export interface MenuEntry {
  to: string;
  label: string;
}

const home: MenuEntry = { to: paths.dashboard, label: 'Dashboard Home' };

const adminEntries: MenuEntry[] = [
  { to: paths.allSellers, label: 'All Seller' },
  { to: paths.allBuyers, label: 'All Buyer' },
  { to: paths.sellerVerification, label: 'Seller Verification Request' },
  { to: paths.reportedProducts, label: 'Reported product' },
  { to: paths.moderation, label: 'Moderation' },
  { to: paths.reportedReviews, label: 'Reported reviews' },
  { to: paths.listingReviews, label: 'Listing review' },
];

const sellerEntries: MenuEntry[] = [
  { to: paths.addProduct, label: 'Add Product' },
  { to: paths.myProducts, label: 'My Product' },
  { to: paths.bookingRequests, label: 'Booking requests' },
];

const buyerEntries: MenuEntry[] = [{ to: paths.myOrders, label: 'My orders' }];

/** A buyer who does not sell yet: the way to, with the same account. */
const startSelling: MenuEntry = { to: paths.startSelling, label: 'Start selling' };
/** Buyers' and sellers' conversations. */
const inbox: MenuEntry = { to: paths.inbox, label: 'Inbox' };
/** Saved searches that alert, for everyone who buys. */
const alerts: MenuEntry = { to: paths.myAlerts, label: 'My alerts' };

/** What moderators decided about the account, with its appeals (docs/moderation.md). */
const standing: MenuEntry = { to: paths.accountStanding, label: 'Account standing' };

/** Every role's, after the role screens. */
const account: MenuEntry = { to: paths.account, label: 'Account settings' };

/**
 * The side menu of a user with these roles: everyone has the home entry, then each role's screens.
 * A seller buys too, so has both; a buyer is offered to start selling.
 */
export function menuFor(roles: Roles): MenuEntry[] {
  return [
    home,
    ...(roles.isAdmin ? adminEntries : []),
    ...(roles.isSeller ? sellerEntries : []),
    ...(roles.isBuyer ? buyerEntries : []),
    ...(roles.isBuyer && !roles.isSeller ? [startSelling] : []),
    ...(roles.isBuyer || roles.isSeller ? [inbox] : []),
    ...(roles.isBuyer || roles.isSeller ? [standing] : []),
    ...(roles.isBuyer || roles.isSeller ? [alerts] : []),
    account,
  ];
}
